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
import type { SitePage } from './site-crawl.js';
import { redirectChain, redirectLoop } from './redirects.js';

/** The home page (1, the start URL) links to every path given. */
const linksFromHome = (...paths: string[]) =>
  paths.map((path) => ({ from: 1, to: path }));

const home = htmlPage(1, '/', { depth: 0 });

describe('redirect_chain', () => {
  it('affects the linked URL of a chain of 2 hops, not its middle hop, and not a single redirect', () => {
    const crawl = crawlOf(
      [
        home,
        redirectPage(2, '/old', '/mid'),
        redirectPage(3, '/mid', '/new'),
        htmlPage(4, '/new'),
        redirectPage(5, '/moved', '/new'),
      ],
      linksFromHome('/old', '/moved'),
    );
    expect(affectedBy(redirectChain, crawl)).toEqual([2]);
    expect(valuesOf(redirectChain, crawl)[2]).toEqual([
      { url: url('/old'), status_code: 301 },
      { url: url('/mid'), status_code: 301 },
      { url: url('/new'), status_code: 200 },
    ]);
  });

  it('affects a middle hop that is itself linked, followed or not, but not one only redirected to', () => {
    const crawl = crawlOf(
      [
        home,
        redirectPage(2, '/a', '/b'),
        redirectPage(3, '/b', '/c', 302),
        redirectPage(4, '/c', '/d', 307),
        htmlPage(5, '/d'),
        redirectPage(6, '/x', '/y'),
        redirectPage(7, '/y', '/z'),
        redirectPage(8, '/z', '/d'),
      ],
      [
        ...linksFromHome('/a', '/b', '/x'),
        { from: 5, to: '/c', followed: false },
      ],
    );
    // 2 (3 hops) and 3 (2 hops) are linked; 4 is linked but 1 hop away from the end;
    // 6 is linked (3 hops); 7 is 2 hops away but only 6 redirects to it.
    expect(affectedBy(redirectChain, crawl)).toEqual([2, 3, 6]);
  });

  it('affects a sitemap URL, the start URL, and a URL no redirect leads to (reached by a canonical)', () => {
    const crawl = crawlOf([
      redirectPage(1, '/start', '/s2', 301, { depth: 0 }),
      redirectPage(2, '/s2', '/s3', 301, { depth: 0 }),
      redirectPage(3, '/s3', '/home', 301, { depth: 0 }),
      htmlPage(4, '/home', { depth: 0 }),
      // Something redirects to the start URL; it is still asked for.
      redirectPage(5, '/legacy-start', '/start', 301, { inSitemap: true }),
      redirectPage(6, '/listed', '/l2', 301, { inSitemap: true, depth: null }),
      redirectPage(7, '/l2', '/home', 301, { depth: null }),
      htmlPage(8, '/print', { canonical: url('/canonical') }),
      redirectPage(9, '/canonical', '/c2', 301, { depth: null }),
      redirectPage(10, '/c2', '/home', 301, { depth: null }),
    ]);
    // 2 is at depth 0 too, 2 hops from the end, but only the start URL redirects to it.
    expect(affectedBy(redirectChain, crawl)).toEqual([1, 5, 6, 9]);
  });

  it('counts a last hop out of scope as a hop', () => {
    const crawl = crawlOf(
      [
        home,
        redirectPage(2, '/out', '/out-2'),
        redirectPage(3, '/out-2', 'https://other.example/'),
        redirectPage(4, '/out-single', 'https://other.example/'),
      ],
      linksFromHome('/out', '/out-single'),
    );
    expect(affectedBy(redirectChain, crawl)).toEqual([2]);
    expect(valuesOf(redirectChain, crawl)[2]).toEqual([
      { url: url('/out'), status_code: 301 },
      { url: url('/out-2'), status_code: 301 },
      { url: 'https://other.example/', status_code: null },
    ]);
  });

  it('ends a chain at an error, a failed fetch or a 3xx without a target', () => {
    const crawl = crawlOf(
      [
        home,
        redirectPage(2, '/to-404', '/m1'),
        redirectPage(3, '/m1', '/gone'),
        answeredPage(4, '/gone', 404),
        redirectPage(5, '/to-timeout', '/m2'),
        redirectPage(6, '/m2', '/slow'),
        failedPage(7, '/slow', 'timeout'),
        redirectPage(8, '/to-nowhere', '/m3'),
        redirectPage(9, '/m3', '/nowhere'),
        answeredPage(10, '/nowhere', 302),
      ],
      linksFromHome('/to-404', '/to-timeout', '/to-nowhere'),
    );
    expect(affectedBy(redirectChain, crawl)).toEqual([2, 5, 8]);
  });

  it('does not judge a chain that reaches a URL the crawl did not fetch', () => {
    const crawl = crawlOf(
      [
        home,
        // Past max_pages: /not-requested is in scope but no page.
        redirectPage(2, '/u1', '/u2'),
        redirectPage(3, '/u2', '/not-requested'),
        // Disallowed by robots.txt.
        redirectPage(4, '/r1', '/r2'),
        redirectPage(5, '/r2', '/private'),
        blockedPage(6, '/private'),
        // Requested, but no answer recorded.
        redirectPage(7, '/p1', '/p2'),
        redirectPage(8, '/p2', '/pending'),
        failedPage(9, '/pending', 'timeout', { error: null }),
      ],
      linksFromHome('/u1', '/r1', '/p1'),
    );
    expect(affectedBy(redirectChain, crawl)).toEqual([]);
  });

  it('does not report the URLs of a loop, nor those that redirect into one', () => {
    const crawl = crawlOf(
      [
        home,
        redirectPage(2, '/loop-a', '/loop-b'),
        redirectPage(3, '/loop-b', '/loop-c'),
        redirectPage(4, '/loop-c', '/loop-a'),
        redirectPage(5, '/into-loop', '/loop-a'),
      ],
      linksFromHome('/loop-a', '/loop-b', '/into-loop'),
    );
    expect(affectedBy(redirectChain, crawl)).toEqual([]);
  });

  it('walks a chain of thousands of pages once, and lists at most 20 of its URLs', () => {
    const length = 5000;
    const pages: SitePage[] = [home];
    for (let i = 0; i < length; i++) {
      pages.push(redirectPage(i + 2, `/hop-${i}`, `/hop-${i + 1}`));
    }
    pages.push(htmlPage(length + 2, `/hop-${length}`));
    const crawl = crawlOf(
      pages,
      pages.map((page) => ({ from: 1, to: page.url })),
    );
    const values = valuesOf(redirectChain, crawl);
    // Every linked redirect but the last (1 hop) heads a chain.
    expect(Object.keys(values)).toHaveLength(length - 1);
    const first = values[2] as Array<{ url: string }>;
    expect(first).toHaveLength(20);
    expect(first[19].url).toBe(url('/hop-19'));
    expect(values[length]).toEqual([
      { url: url(`/hop-${length - 2}`), status_code: 301 },
      { url: url(`/hop-${length - 1}`), status_code: 301 },
      { url: url(`/hop-${length}`), status_code: 200 },
    ]);
  });
});

describe('redirect_loop', () => {
  const crawl = crawlOf(
    [
      home,
      redirectPage(2, '/loop-a', '/loop-b'),
      redirectPage(3, '/loop-b', '/loop-c', 302),
      redirectPage(4, '/loop-c', '/loop-a'),
      redirectPage(5, '/into-loop', '/loop-b'),
      redirectPage(6, '/self', '/self'),
      // Controls: a chain, a single redirect, a redirect to what was not fetched.
      redirectPage(7, '/old', '/mid'),
      redirectPage(8, '/mid', '/'),
      redirectPage(9, '/once', '/'),
      redirectPage(10, '/to-private', '/private'),
      blockedPage(11, '/private'),
      // A loop through a URL out of scope is no loop the crawl can see.
      redirectPage(12, '/leave', 'https://other.example/back'),
      // A loop through the http twin of the site is one.
      redirectPage(13, '/twin', 'http://example.com/twin'),
      redirectPage(14, 'http://example.com/twin', url('/twin')),
    ],
    linksFromHome('/loop-a', '/into-loop', '/old', '/once', '/to-private'),
  );

  it('affects every URL of a loop and every URL that redirects into one, and no other', () => {
    expect(affectedBy(redirectLoop, crawl)).toEqual([2, 3, 4, 5, 6, 13, 14]);
  });

  it('lists the URLs from the page until one comes back', () => {
    const values = valuesOf(redirectLoop, crawl);
    expect(values[3]).toEqual([
      { url: url('/loop-b'), status_code: 302 },
      { url: url('/loop-c'), status_code: 301 },
      { url: url('/loop-a'), status_code: 301 },
      { url: url('/loop-b'), status_code: 302 },
    ]);
    expect(values[5]).toEqual([
      { url: url('/into-loop'), status_code: 301 },
      { url: url('/loop-b'), status_code: 302 },
      { url: url('/loop-c'), status_code: 301 },
      { url: url('/loop-a'), status_code: 301 },
      { url: url('/loop-b'), status_code: 302 },
    ]);
    expect(values[6]).toEqual([
      { url: url('/self'), status_code: 301 },
      { url: url('/self'), status_code: 301 },
    ]);
  });

  it('lists at most 20 URLs of a long loop', () => {
    const pages = Array.from({ length: 50 }, (_, i) =>
      redirectPage(i + 1, `/l${i}`, `/l${(i + 1) % 50}`),
    );
    const values = valuesOf(redirectLoop, crawlOf(pages));
    expect(Object.keys(values)).toHaveLength(50);
    expect(values[1]).toHaveLength(20);
  });
});
