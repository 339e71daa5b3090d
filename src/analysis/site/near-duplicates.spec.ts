import {
  paragraph,
  paragraphs,
  seededRandom,
} from '../../../test/support/prose.js';
import {
  affectedBy,
  crawlOf,
  htmlPage,
  redirectPage,
  url,
  valuesOf,
} from '../../../test/support/site-crawl-fixture.js';
import type { SitePage } from './site-crawl.js';
import { crawlFacts } from './site-facts.js';
import {
  bandLayoutFor,
  candidateProbability,
  nearDuplicate,
  nearDuplicateClusters,
} from './near-duplicates.js';
import { textMinhash } from './text-minhash.js';

const random = seededRandom(4646);
/** Texts of 30 paragraphs (some 1,500 words): one paragraph rewritten keeps them 0.9 alike or more. */
const article = () => paragraphs(random, 30);
const base = article();
const other = article();
const third = article();

function withParagraph(text: string[], index: number): string[] {
  const changed = [...text];
  changed[index] = paragraph(random, 2);
  return changed;
}

/** An HTML page of this text, its digest naming the text as the crawl's would. */
function textPage(
  id: number,
  path: string,
  text: string[],
  fields: Partial<SitePage> = {},
): SitePage {
  const joined = text.join('\n');
  return htmlPage(id, path, {
    words: joined.split(/\s+/).length,
    textDigest: joined,
    minhash: textMinhash(joined),
    ...fields,
  });
}

describe('bandLayoutFor', () => {
  it('cuts the 128 minima into 16 bands of 8 at 0.9: a pair at 0.9 is nearly always a candidate, one at 0.5 seldom', () => {
    const layout = bandLayoutFor(0.9);
    expect(layout).toEqual({ bands: 16, rows: 8 });
    expect(candidateProbability(0.9, layout)).toBeGreaterThan(0.9998);
    expect(candidateProbability(0.8, layout)).toBeGreaterThan(0.94);
    expect(candidateProbability(0.5, layout)).toBeLessThan(0.07);
    expect(candidateProbability(0.3, layout)).toBeLessThan(0.002);
  });

  it('takes more, shorter bands for a lower threshold', () => {
    expect(bandLayoutFor(0.8)).toEqual({ bands: 32, rows: 4 });
    expect(bandLayoutFor(0.3)).toEqual({ bands: 128, rows: 1 });
  });
});

describe('near_duplicate', () => {
  const dated = [`Updated on 28 November 2026.`, ...other];
  const redated = [`Updated on 3 December 2026.`, ...other];
  const crawl = crawlOf([
    textPage(1, '/guide', base),
    textPage(2, '/guide-copy', withParagraph(base, 12)),
    textPage(3, '/news', dated),
    textPage(4, '/unrelated', third),
    textPage(5, '/guide-print', base),
    textPage(6, '/news-again', redated),
    // Its main text is the guide's: only its sidebar (left out of the signature) differs.
    textPage(7, '/guide-sidebar', base, {
      textDigest: 'guide with another sidebar',
    }),
    // Controls: copies that are not indexable, or are not pages, or are too short.
    textPage(8, '/guide?sort=asc', base, { canonical: url('/guide') }),
    textPage(9, '/guide-draft', withParagraph(base, 3), { noindex: true }),
    redirectPage(10, '/old-guide', '/guide'),
    textPage(11, '/short', base, { words: 49 }),
  ]);

  it('affects every page of each cluster, exact copies of a member included, and no other', () => {
    expect(affectedBy(nearDuplicate, crawl)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it("gives each page's similarity to the cluster's first page, its size and the other URLs", () => {
    const values = valuesOf(nearDuplicate, crawl) as Record<
      number,
      { similarity: number; pages: number; others: string[] }
    >;
    expect(values[2].pages).toBe(4);
    expect(values[2].others).toEqual([
      url('/guide'),
      url('/guide-print'),
      url('/guide-sidebar'),
    ]);
    expect(values[2].similarity).toBeGreaterThanOrEqual(0.9);
    expect(values[2].similarity).toBeLessThan(1);
    expect(values[5].similarity).toBe(1);
    expect(values[7].similarity).toBe(1);
    expect(values[1].similarity).toBe(values[2].similarity);
    expect(values[3]).toEqual({
      similarity: values[6].similarity,
      pages: 2,
      others: [url('/news-again')],
    });
    expect(values[3].similarity).toBeGreaterThanOrEqual(0.95);
  });

  it('leaves exact copies alone to duplicate_content', () => {
    const copies = crawlOf([
      textPage(1, '/a', base),
      textPage(2, '/b', base),
      textPage(3, '/c', other),
    ]);
    expect(affectedBy(nearDuplicate, copies)).toEqual([]);
  });

  it('affects no page below the threshold, which an option moves', () => {
    const facts = crawlFacts(
      crawlOf([
        textPage(1, '/a', base),
        // A third of the paragraphs rewritten: alike, but far from 0.9.
        textPage(
          2,
          '/b',
          base.map((p, i) => (i % 3 === 0 ? paragraph(random) : p)),
        ),
      ]),
    );
    expect(nearDuplicate.run(facts)).toEqual([]);
    const clusters = nearDuplicateClusters(facts, { similarity: 0.3 });
    expect(clusters.map((c) => c.pages.map((p) => p.id))).toEqual([[1, 2]]);
    expect(clusters[0].similarities[1]).toBeLessThan(0.9);
  });

  it('joins pages through a chain of pairs into one cluster, in page id order', () => {
    // Each one paragraph away from the one before: 1 and 3 may be further apart.
    const second = withParagraph(base, 5);
    const clusters = nearDuplicateClusters(
      crawlFacts(
        crawlOf([
          textPage(1, '/x', other),
          textPage(2, '/a', base),
          textPage(3, '/b', second),
          textPage(4, '/c', withParagraph(second, 20)),
          textPage(5, '/y', third),
        ]),
      ),
    );
    expect(clusters.map((c) => c.pages.map((p) => p.id))).toEqual([[2, 3, 4]]);
  });

  it('judges no page without a signature, or with one of another version', () => {
    expect(
      affectedBy(
        nearDuplicate,
        crawlOf([
          textPage(1, '/a', base, { minhash: null }),
          textPage(2, '/b', withParagraph(base, 1), { minhash: null }),
          textPage(3, '/c', base, { minhash: 'm0.AAAA' }),
        ]),
      ),
    ).toEqual([]);
  });
});
