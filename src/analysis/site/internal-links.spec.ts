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
import {
  brokenLink,
  judgedByBrokenLink,
  redirectedLink,
} from './internal-links.js';

/**
 * One site for both checks: pages 1-9 link; 20-29 are the targets.
 */
const crawl = crawlOf(
  [
    htmlPage(1, '/', { depth: 0 }),
    htmlPage(2, '/nofollow-to-404'),
    htmlPage(3, '/links-to-failures'),
    htmlPage(4, '/links-to-redirects'),
    htmlPage(5, '/links-to-what-was-not-fetched'),
    htmlPage(6, '/links-to-healthy-pages'),
    htmlPage(7, '/links-on-a-nofollow-page'),
    answeredPage(20, '/gone', 404),
    answeredPage(21, '/removed', 410),
    answeredPage(22, '/crashes', 500),
    failedPage(23, '/slow', 'timeout'),
    failedPage(24, '/refused', 'connection'),
    redirectPage(25, '/moved', '/', 301),
    redirectPage(26, '/elsewhere', 'https://other.example/', 302),
    blockedPage(27, '/private'),
    answeredPage(28, '/report.pdf', 200),
    answeredPage(29, '/not-modified', 304),
  ],
  [
    { from: 1, to: '/gone', anchor: 'Old pricing' },
    { from: 1, to: '/crashes', anchor: 'Status' },
    { from: 1, to: '/moved', anchor: 'Home' },
    { from: 2, to: '/gone', followed: false, anchor: 'Archive' },
    { from: 3, to: '/slow' },
    { from: 3, to: '/refused', anchor: 'Partner' },
    { from: 3, to: '/removed', anchor: 'Old' },
    { from: 4, to: '/moved', anchor: 'Start' },
    { from: 4, to: '/elsewhere' },
    { from: 4, to: '/not-modified' },
    // Not requested: out of scope, past max_pages, disallowed by robots.txt.
    { from: 5, to: 'https://other.example/gone' },
    { from: 5, to: '/never-requested' },
    { from: 5, to: '/private' },
    { from: 6, to: '/' },
    { from: 6, to: '/report.pdf' },
    { from: 6, to: '/links-to-failures' },
    // Every link of a page with a nofollow robots directive is nofollow.
    { from: 7, to: '/removed', followed: false },
    { from: 7, to: '/moved', followed: false },
  ],
);

describe('broken_link', () => {
  it('affects each page linking to a page answered 4xx, 5xx or failed, followed or not, and no other', () => {
    expect(affectedBy(brokenLink, crawl)).toEqual([1, 2, 3, 7]);
  });

  it('lists each target with its status or error and its anchor text', () => {
    const values = valuesOf(brokenLink, crawl);
    expect(values[1]).toEqual([
      {
        url: url('/gone'),
        status_code: 404,
        error: null,
        anchor: 'Old pricing',
      },
      {
        url: url('/crashes'),
        status_code: 500,
        error: null,
        anchor: 'Status',
      },
    ]);
    expect(values[3]).toEqual([
      { url: url('/slow'), status_code: null, error: 'timeout', anchor: '' },
      {
        url: url('/refused'),
        status_code: null,
        error: 'connection',
        anchor: 'Partner',
      },
      { url: url('/removed'), status_code: 410, error: null, anchor: 'Old' },
    ]);
  });

  it('lists a target once, with the first anchor text that says something', () => {
    const repeated = crawlOf(
      [htmlPage(1, '/'), answeredPage(2, '/gone', 404)],
      [
        { from: 1, to: '/gone', anchor: '' },
        { from: 1, to: '/gone', anchor: 'Pricing' },
        { from: 1, to: '/gone', anchor: 'Plans' },
      ],
    );
    expect(valuesOf(brokenLink, repeated)[1]).toEqual([
      { url: url('/gone'), status_code: 404, error: null, anchor: 'Pricing' },
    ]);
  });

  it('lists at most 20 targets, the first the page links to', () => {
    const targets = Array.from({ length: 30 }, (_, i) =>
      answeredPage(100 + i, `/gone-${i}`, 404),
    );
    const many = crawlOf(
      [htmlPage(1, '/'), ...targets],
      targets
        .map((_, i) => ({ from: 1, to: `/gone-${29 - i}` }))
        .concat([{ from: 1, to: '/gone-0' }]),
    );
    const listed = valuesOf(brokenLink, many)[1] as Array<{ url: string }>;
    expect(listed.map((target) => target.url)).toEqual(
      Array.from({ length: 20 }, (_, i) => url(`/gone-${29 - i}`)),
    );
  });

  it('reports the linking pages in page id order, whatever the order of the links', () => {
    const shuffled = crawlOf(
      [
        htmlPage(3, '/c'),
        htmlPage(1, '/'),
        answeredPage(9, '/gone', 404),
        htmlPage(2, '/b'),
      ],
      [
        { from: 3, to: '/gone' },
        { from: 2, to: '/gone' },
        { from: 1, to: '/gone' },
      ],
    );
    expect(affectedBy(brokenLink, shuffled)).toEqual([1, 2, 3]);
  });
});

describe('redirected_link', () => {
  it('affects each page linking to a page answered 3xx, followed or not, and no other', () => {
    expect(affectedBy(redirectedLink, crawl)).toEqual([1, 4, 7]);
  });

  it('lists each target with its status and redirect_to, out of scope or absent included', () => {
    expect(valuesOf(redirectedLink, crawl)[4]).toEqual([
      { url: url('/moved'), status_code: 301, redirect_to: url('/') },
      {
        url: url('/elsewhere'),
        status_code: 302,
        redirect_to: 'https://other.example/',
      },
      { url: url('/not-modified'), status_code: 304, redirect_to: null },
    ]);
  });
});

describe('judgedByBrokenLink', () => {
  const judged = judgedByBrokenLink(crawl.pages, crawl.links);
  const link = (path: string) => ({ url: url(path), kind: 'link' });

  it('names the links of a page to pages of the crawl that broken_link judges: answered 2xx, or 4xx, 5xx or failed and linked', () => {
    expect(judged(1, link('/gone'))).toBe(true);
    expect(judged(1, link('/crashes'))).toBe(true);
    expect(judged(3, link('/slow'))).toBe(true);
    expect(judged(3, link('/refused'))).toBe(true);
    expect(judged(6, link('/report.pdf'))).toBe(true);
  });

  it('leaves to broken_links what broken_link does not judge', () => {
    // A redirect: broken_link does not follow it, broken_links does.
    expect(judged(1, link('/moved'))).toBe(false);
    // Not requested: out of scope, past max_pages, disallowed by robots.txt.
    expect(judged(5, link('/never-requested'))).toBe(false);
    expect(judged(5, { url: 'https://other.example/gone', kind: 'link' })).toBe(
      false,
    );
    expect(judged(5, link('/private'))).toBe(false);
    // A subresource: broken_link judges only links.
    expect(judged(1, { url: url('/gone'), kind: 'image' })).toBe(false);
    // A broken page this page's stored links do not reach (cut past their bound).
    expect(judged(6, link('/gone'))).toBe(false);
  });

  it('leaves to broken_links a link to a page the service failed on, which no site check judges', () => {
    const unprocessed = crawlOf(
      [htmlPage(1, '/'), failedPage(2, '/unprocessed', 'service_error')],
      [{ from: 1, to: '/unprocessed' }],
    );
    expect(
      judgedByBrokenLink(unprocessed.pages, unprocessed.links)(
        1,
        link('/unprocessed'),
      ),
    ).toBe(false);
  });
});
