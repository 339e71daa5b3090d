import {
  affectedBy,
  blockedPage,
  crawlOf,
  htmlPage,
  redirectPage,
  url,
  valuesOf,
} from '../../../test/support/site-crawl-fixture.js';
import {
  comparableText,
  duplicateContent,
  duplicateDescription,
  duplicateTitle,
} from './duplicates.js';
import { crawlFacts } from './site-facts.js';

describe('comparableText', () => {
  it.each([
    ['  Pricing\n\tPlans  ', 'pricing plans'],
    ['PRICING plans', 'pricing plans'],
    ['Prix\u00a0et\u2003offres', 'prix et offres'],
    ['   ', null],
    ['', null],
    [null, null],
  ])('%j → %j', (text, comparable) => {
    expect(comparableText(text)).toBe(comparable);
  });
});

describe('duplicate_title', () => {
  const crawl = crawlOf([
    htmlPage(1, '/', { title: 'Home' }),
    htmlPage(2, '/pricing', { title: 'Pricing plans' }),
    htmlPage(3, '/plans', { title: '  PRICING\n plans ' }),
    htmlPage(4, '/a', { title: 'Shared' }),
    htmlPage(5, '/b', { title: 'shared' }),
    htmlPage(6, '/c', { title: 'SHARED' }),
    // Controls: a title alike but with other words, an empty title shared by two pages,
    // and copies that are not indexable.
    htmlPage(7, '/pricing-old', { title: 'Pricing plan' }),
    htmlPage(8, '/empty-1', { title: ' ' }),
    htmlPage(9, '/empty-2', { title: '' }),
    htmlPage(10, '/no-title-1', { title: null }),
    htmlPage(11, '/no-title-2', { title: null }),
    htmlPage(12, '/pricing?sort=asc', {
      title: 'Pricing plans',
      canonical: url('/pricing'),
    }),
    htmlPage(13, '/pricing-draft', { title: 'Pricing plans', noindex: true }),
    htmlPage(14, '/home-copy', {
      title: 'Home',
      canonical: url('/elsewhere'),
    }),
    redirectPage(15, '/old-pricing', '/pricing', 301, {
      title: 'Pricing plans',
    }),
    blockedPage(16, '/private', { title: 'Pricing plans' }),
  ]);

  it('affects every indexable page of each group, and no other', () => {
    expect(affectedBy(duplicateTitle, crawl)).toEqual([2, 3, 4, 5, 6]);
  });

  it("gives the page's own title, the group's size and the other URLs", () => {
    const values = valuesOf(duplicateTitle, crawl);
    expect(values[3]).toEqual({
      title: '  PRICING\n plans ',
      pages: 2,
      others: [url('/pricing')],
    });
    expect(values[5]).toEqual({
      title: 'shared',
      pages: 3,
      others: [url('/a'), url('/c')],
    });
  });

  it('names at most 10 other URLs, in page id order, whatever the size of the group', () => {
    const pages = Array.from({ length: 15 }, (_, i) =>
      htmlPage(i + 1, `/p${i + 1}`, { title: 'Same' }),
    );
    const findings = duplicateTitle.run(crawlFacts(crawlOf(pages)));
    expect(findings.map((finding) => finding.pageId)).toEqual(
      pages.map((page) => page.id),
    );
    const first = findings[0].value as { pages: number; others: string[] };
    expect(first.pages).toBe(15);
    expect(first.others).toEqual(pages.slice(1, 11).map((page) => page.url));
    const sixth = findings[5].value as { others: string[] };
    expect(sixth.others).toEqual(
      [1, 2, 3, 4, 5, 7, 8, 9, 10, 11].map((id) => url(`/p${id}`)),
    );
  });

  it('cuts a long title in the evidence', () => {
    const title = 'x'.repeat(500);
    const values = valuesOf(
      duplicateTitle,
      crawlOf([htmlPage(1, '/a', { title }), htmlPage(2, '/b', { title })]),
    );
    expect((values[1] as { title: string }).title).toHaveLength(200);
  });
});

describe('duplicate_description', () => {
  const crawl = crawlOf([
    htmlPage(1, '/', { metaDescription: 'Audit your site.' }),
    htmlPage(2, '/a', { metaDescription: 'Audit   your SITE. ' }),
    htmlPage(3, '/b', { metaDescription: 'Audit your site!' }),
    htmlPage(4, '/c', { metaDescription: null }),
    htmlPage(5, '/d', { metaDescription: null }),
    htmlPage(6, '/e', { metaDescription: '\n' }),
    htmlPage(7, '/f', { metaDescription: '\n' }),
    htmlPage(8, '/g', { metaDescription: 'Audit your site.', noindex: true }),
  ]);

  it('affects every indexable page of each group, and no other', () => {
    expect(affectedBy(duplicateDescription, crawl)).toEqual([1, 2]);
  });

  it("gives the page's own description, the group's size and the other URLs", () => {
    expect(valuesOf(duplicateDescription, crawl)[2]).toEqual({
      description: 'Audit   your SITE. ',
      pages: 2,
      others: [url('/')],
    });
  });

  it('is not fooled by the titles', () => {
    const sameTitles = crawlOf([
      htmlPage(1, '/a', { title: 'Same' }),
      htmlPage(2, '/b', { title: 'Same' }),
    ]);
    expect(affectedBy(duplicateDescription, sameTitles)).toEqual([]);
  });
});

describe('duplicate_content', () => {
  const crawl = crawlOf([
    htmlPage(1, '/', { words: 400, textDigest: 'home' }),
    htmlPage(2, '/index.html', { words: 400, textDigest: 'home' }),
    htmlPage(3, '/?utm_source=mail', { words: 400, textDigest: 'home' }),
    htmlPage(4, '/short-a', { words: 50, textDigest: 'short' }),
    htmlPage(5, '/short-b', { words: 50, textDigest: 'short' }),
    // Controls: thin pages alike, copies that are not indexable, other texts.
    htmlPage(6, '/thin-a', { words: 49, textDigest: 'thin' }),
    htmlPage(7, '/thin-b', { words: 49, textDigest: 'thin' }),
    htmlPage(8, '/print', {
      words: 400,
      textDigest: 'home',
      canonical: url('/'),
    }),
    htmlPage(9, '/draft', { words: 400, textDigest: 'home', noindex: true }),
    htmlPage(10, '/other', { words: 400, textDigest: 'other' }),
    htmlPage(11, '/no-digest-a', { words: 400, textDigest: null }),
    htmlPage(12, '/no-digest-b', { words: 400, textDigest: null }),
  ]);

  it('affects every indexable page of at least 50 words of each group, and no other', () => {
    expect(affectedBy(duplicateContent, crawl)).toEqual([1, 2, 3, 4, 5]);
  });

  it("gives the page's word count, the group's size and the other URLs", () => {
    expect(valuesOf(duplicateContent, crawl)[2]).toEqual({
      words: 400,
      pages: 3,
      others: [url('/'), url('/?utm_source=mail')],
    });
  });

  it('leaves a thin copy out of a group of long pages', () => {
    const mixed = crawlOf([
      htmlPage(1, '/a', { words: 120, textDigest: 'same' }),
      htmlPage(2, '/b', { words: 10, textDigest: 'same' }),
    ]);
    expect(affectedBy(duplicateContent, mixed)).toEqual([]);
  });
});
