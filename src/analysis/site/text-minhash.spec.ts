import {
  paragraph,
  paragraphs,
  seededRandom,
} from '../../../test/support/prose.js';
import { parsePage } from '../parse.js';
import {
  estimatedSimilarity,
  mainTextOf,
  MINHASH_PERMUTATIONS,
  minhashMinima,
  textMinhash,
} from './text-minhash.js';

const page = (body: string) =>
  parsePage(
    `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`,
    'https://example.com/',
  );

/** The estimated similarity of two texts' signatures. */
function similarity(a: string, b: string): number {
  return estimatedSimilarity(
    minhashMinima(textMinhash(a)!)!,
    minhashMinima(textMinhash(b)!)!,
  );
}

describe('mainTextOf', () => {
  it('leaves out the nav, the banner and footer, the sidebar and landmark roles of boilerplate', () => {
    expect(
      mainTextOf(
        page(
          '<header>Site name</header><nav>Home Blog</nav><div role="navigation">Tags</div>' +
            '<h1>Title</h1><p>First <b>para</b>graph.</p><aside>Related</aside>' +
            '<div role="complementary">Ads</div><form role="search">Find</form>' +
            '<script>x()</script><p hidden>gone</p><p>Second.</p><footer>© Site</footer>',
        ),
      ),
    ).toBe('Title First paragraph. Second.');
  });

  it("keeps an article's own header and footer", () => {
    expect(
      mainTextOf(
        page(
          '<header>Site</header><article><header>By Ann, 28 November 2026</header><p>Text.</p><footer>Tags: a</footer></article>',
        ),
      ),
    ).toBe('By Ann, 28 November 2026 Text. Tags: a');
  });

  it('reads only <main> (or role=main) when the page marks one with text', () => {
    expect(
      mainTextOf(
        page(
          '<div>Sidebar links</div><main><p>Only this.</p></main><div>More</div>',
        ),
      ),
    ).toBe('Only this.');
    expect(
      mainTextOf(page('<div>Around</div><div role="main">This one.</div>')),
    ).toBe('This one.');
    expect(mainTextOf(page('<div>All of it.</div><main> </main>'))).toBe(
      'All of it.',
    );
  });
});

describe('textMinhash', () => {
  const random = seededRandom(46);
  const article = paragraphs(random, 20);
  const text = article.join('\n');

  it('has no signature for a text of fewer than 50 words', () => {
    expect(textMinhash('word '.repeat(49))).toBeNull();
    expect(textMinhash('word '.repeat(50))).not.toBeNull();
  });

  it('is 128 minima, stored in 687 characters, the same for the same words however cased and spaced', () => {
    const signature = textMinhash(text)!;
    expect(signature).toMatch(/^m1\.[A-Za-z0-9+/]+=*$/);
    expect(signature.length).toBe(687);
    expect(minhashMinima(signature)!.length).toBe(MINHASH_PERMUTATIONS);
    expect(textMinhash(text.toUpperCase().replace(/ /g, '  \n'))).toBe(
      signature,
    );
    expect(similarity(text, text)).toBe(1);
  });

  it('reads no signature of another version', () => {
    expect(minhashMinima('m0.AAAA')).toBeNull();
    expect(minhashMinima('m1.AAAA')).toBeNull();
  });

  it('keeps a copy with a date changed at 0.95 or more', () => {
    const dated = `Published on 28 November 2026. ${text}`;
    const redated = `Published on 3 December 2026. ${text}`;
    expect(similarity(dated, redated)).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps a copy with one paragraph of twenty rewritten at 0.85 or more', () => {
    const changed = [...article];
    changed[7] = paragraph(random);
    expect(similarity(text, changed.join('\n'))).toBeGreaterThanOrEqual(0.85);
  });

  it('keeps the main text of a page whose sidebar changed identical', () => {
    const html = (sidebar: string) =>
      page(
        `<nav>Home</nav><aside>${sidebar}</aside><article>${article.map((p) => `<p>${p}</p>`).join('')}</article>`,
      );
    const a = mainTextOf(html(paragraphs(random, 3).join(' ')));
    const b = mainTextOf(html(paragraphs(random, 3).join(' ')));
    expect(similarity(a, b)).toBe(1);
  });

  it('keeps unrelated texts at 0.1 or less', () => {
    for (let i = 0; i < 20; i++) {
      const other = paragraphs(random, 20).join('\n');
      expect(similarity(text, other)).toBeLessThanOrEqual(0.1);
    }
  });
});
