import {
  affectedBy,
  answeredPage,
  crawlOf,
  htmlPage,
  redirectPage,
  url,
  valuesOf,
} from '../../../test/support/site-crawl-fixture.js';
import { deepPage } from './depth.js';

describe('deep_page', () => {
  const crawl = crawlOf([
    htmlPage(1, '/', { depth: 0 }),
    htmlPage(2, '/four', { depth: 4 }),
    htmlPage(3, '/five', { depth: 5 }),
    htmlPage(4, '/twelve', { depth: 12 }),
    // Controls: no depth, and deep pages that are not indexable.
    htmlPage(5, '/sitemap-only', { depth: null, inSitemap: true }),
    htmlPage(6, '/deep-noindex', { depth: 7, noindex: true }),
    htmlPage(7, '/deep-canonicalised', { depth: 7, canonical: url('/') }),
    answeredPage(8, '/deep-404', 404, { depth: 7 }),
    redirectPage(9, '/deep-redirect', '/', 301, { depth: 7 }),
  ]);

  it('affects each indexable page more than 4 links deep, and no other', () => {
    expect(affectedBy(deepPage, crawl)).toEqual([3, 4]);
  });

  it('gives the depth', () => {
    expect(valuesOf(deepPage, crawl)).toEqual({ 3: 5, 4: 12 });
  });
});
