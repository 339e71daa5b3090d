import { parsePage } from '../parse.js';
import {
  JUDGED_FACT_NAMES,
  PAGE_FACT_NAMES,
  judgedValue,
  pageFact,
  readPageFacts,
  unreadPageFacts,
} from './page-facts.js';

const URL_ = 'https://example.com/a';

function factsOf(
  head: string,
  body = '',
  headers: Record<string, string> = {},
) {
  return readPageFacts(
    parsePage(
      `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
      URL_,
    ),
    URL_,
    headers,
  );
}

describe('the page-fact table', () => {
  it('gives each fact a column of its own', () => {
    const columns = PAGE_FACT_NAMES.map((name) => pageFact(name).column);
    expect(new Set(columns).size).toBe(columns.length);
    for (const column of columns) expect(column).toMatch(/^[a-z][a-z_]*$/);
  });

  it('bounds only texts and lists', () => {
    for (const name of PAGE_FACT_NAMES) {
      const { bound, sql } = pageFact(name);
      if (bound !== undefined)
        expect(['text', 'jsonb', 'text[]']).toContain(sql);
    }
  });

  it('reads every fact of a page once', () => {
    const facts = factsOf(
      `<title> A  title </title><meta name="Description" content=" Its  text ">
       <link rel="canonical" href="/b"><meta name="robots" content="noindex">
       <link rel="alternate" hreflang="de" href="https://example.com/de/a">
       <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article", "headline": "A"}</script>`,
      '<main><p>Three words here</p></main>',
      { 'x-robots-tag': 'nofollow' },
    );
    expect(facts).toEqual({
      title: 'A title',
      metaDescription: 'Its text',
      canonical: 'https://example.com/b',
      noindex: true,
      indexable: false,
      hreflang: [{ lang: 'de', url: 'https://example.com/de/a' }],
      words: 3,
      textDigest: expect.stringMatching(/^[\w-]{43}$/),
      minhash: null,
      skeleton: expect.any(String),
      structuredDataTypes: ['Article'],
      accessibilityRules: null,
      robots: ['nofollow', 'noindex'],
    });
  });

  it('calls a page indexable when nothing says noindex and its canonical is absent or itself', () => {
    expect(factsOf('<title>t</title>').indexable).toBe(true);
    expect(factsOf(`<link rel="canonical" href="${URL_}">`).indexable).toBe(
      true,
    );
    expect(factsOf('<link rel="canonical" href="/b">').indexable).toBe(false);
    expect(factsOf('', '', { 'x-robots-tag': 'noindex' }).indexable).toBe(
      false,
    );
  });

  it('gives equal texts equal digests, whatever their spacing and case', () => {
    expect(factsOf('', '<p>Hello   World</p>').textDigest).toBe(
      factsOf('', '<p>hello world</p>').textDigest,
    );
    expect(factsOf('', '<p>Hello World</p>').textDigest).not.toBe(
      factsOf('', '<p>Hello Earth</p>').textDigest,
    );
  });

  it("keeps each fact's none for a page it could not read", () => {
    expect(unreadPageFacts()).toEqual(
      Object.fromEntries(
        PAGE_FACT_NAMES.map((name) => [name, pageFact(name).none]),
      ),
    );
  });

  it("gives the site checks a stored value, or the fact's orElse where a page has none", () => {
    expect(JUDGED_FACT_NAMES).toEqual([
      'title',
      'metaDescription',
      'canonical',
      'noindex',
      'hreflang',
      'words',
      'textDigest',
      'minhash',
    ]);
    expect(judgedValue('words', null)).toBe(0);
    expect(judgedValue('words', 12)).toBe(12);
    expect(judgedValue('hreflang', null)).toEqual([]);
    expect(judgedValue('title', null)).toBeNull();
  });
});
