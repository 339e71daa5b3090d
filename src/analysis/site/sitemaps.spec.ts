import {
  affectedBy,
  answeredPage,
  blockedPage,
  crawlOf,
  failedPage,
  htmlPage,
  redirectPage,
  url,
  valuesOf,
} from '../../../test/support/site-crawl-fixture.js';
import { crawlFacts } from './site-facts.js';
import {
  nonIndexableReason,
  orphanPage,
  sitemapNotIndexable,
} from './sitemaps.js';

const listed = { inSitemap: true, depth: null };

describe('orphan_page', () => {
  const crawl = crawlOf(
    [
      htmlPage(1, '/', { depth: 0, inSitemap: true }),
      htmlPage(2, '/linked', { depth: 1, inSitemap: true }),
      htmlPage(3, '/orphan', listed),
      htmlPage(4, '/nofollow-only', listed),
      htmlPage(5, '/self-linked', listed),
      htmlPage(6, '/redirected-to', { inSitemap: true, depth: 1 }),
      redirectPage(7, '/old', '/redirected-to'),
      htmlPage(8, '/canonical-target', listed),
      htmlPage(9, '/alternate', listed),
      htmlPage(10, '/fr/', {
        depth: 1,
        canonical: url('/canonical-target'),
        hreflang: [{ lang: 'en', url: url('/alternate') }],
      }),
      // Controls: not listed, not indexable, linked from a page reached only by the sitemap.
      htmlPage(11, '/unlisted-orphan', { depth: null }),
      htmlPage(12, '/listed-noindex', { ...listed, noindex: true }),
      htmlPage(13, '/listed-canonicalised', {
        ...listed,
        canonical: url('/'),
      }),
      answeredPage(14, '/listed-404', 404, listed),
      htmlPage(15, '/linked-by-an-orphan', listed),
    ],
    [
      { from: 1, to: '/linked' },
      { from: 2, to: '/' },
      { from: 1, to: '/nofollow-only', followed: false },
      { from: 5, to: '/self-linked' },
      { from: 1, to: '/old' },
      { from: 1, to: '/fr/' },
      { from: 3, to: '/linked-by-an-orphan' },
    ],
  );

  it('affects each indexable sitemap URL without a followed link from another page, and no other', () => {
    expect(affectedBy(orphanPage, crawl)).toEqual([3, 4, 5, 6, 8, 9]);
  });

  it('gives no evidence but the page', () => {
    expect(valuesOf(orphanPage, crawl)[3]).toBeNull();
  });
});

describe('sitemap_not_indexable', () => {
  const crawl = crawlOf([
    htmlPage(1, '/', { inSitemap: true }),
    redirectPage(2, '/moved', '/', 301, listed),
    answeredPage(3, '/gone', 404, listed),
    answeredPage(4, '/crashes', 502, listed),
    failedPage(5, '/slow', 'timeout', listed),
    htmlPage(6, '/draft', { ...listed, noindex: true }),
    htmlPage(7, '/print', { ...listed, canonical: url('/') }),
    blockedPage(8, '/private', listed),
    // Controls: indexable, self-canonical, a PDF, no answer, and defects off the sitemap.
    htmlPage(9, '/self', { ...listed, canonical: url('/self') }),
    answeredPage(10, '/report.pdf', 200, listed),
    failedPage(11, '/pending', 'timeout', { ...listed, error: null }),
    answeredPage(12, '/unlisted-404', 404),
    htmlPage(13, '/unlisted-draft', { noindex: true }),
    blockedPage(14, '/unlisted-private'),
  ]);

  it('affects each sitemap URL that is not an indexable page, and no other', () => {
    expect(affectedBy(sitemapNotIndexable, crawl)).toEqual([
      2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('names the reason', () => {
    expect(valuesOf(sitemapNotIndexable, crawl)).toEqual({
      2: 'redirect',
      3: 'client_error',
      4: 'server_error',
      5: 'failed',
      6: 'noindex',
      7: 'canonicalised',
      8: 'robots',
    });
  });

  it('says noindex when a page is both noindex and canonicalised', () => {
    expect(
      nonIndexableReason(
        htmlPage(1, '/a', { noindex: true, canonical: url('/b') }),
      ),
    ).toBe('noindex');
  });

  it('finds a reason for every HTML page that is not indexable, and none for those that are', () => {
    const pages = [
      htmlPage(1, '/a'),
      htmlPage(2, '/b', { canonical: url('/b') }),
      htmlPage(3, '/c', { canonical: url('/a') }),
      htmlPage(4, '/d', { noindex: true }),
    ];
    const facts = crawlFacts(crawlOf(pages));
    for (const page of pages) {
      expect(nonIndexableReason(page) === null).toBe(facts.indexable(page));
    }
  });
});
