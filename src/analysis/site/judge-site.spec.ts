import {
  answeredPage,
  crawlOf,
  htmlPage,
  redirectPage,
  url,
} from '../../../test/support/site-crawl-fixture.js';
import type { LinkSpec } from '../../../test/support/site-crawl-fixture.js';
import { paragraphs, seededRandom } from '../../../test/support/prose.js';
import { judgeSite } from './judge-site.js';
import { JUDGED_FACT_NAMES, PAGE_FACT_NAMES } from './page-facts.js';
import type { PageFactName } from './page-facts.js';
import { SITE_CHECKS } from './registry.js';
import type { SiteCheck, SiteCrawl, SiteLink, SitePage } from './site-crawl.js';
import { textMinhash } from './text-minhash.js';

/** Each check's affected pages, by check id. */
const affected = (crawl: SiteCrawl) =>
  Object.fromEntries(
    judgeSite(crawl).map(({ check, findings }) => [
      check.id,
      findings.map((finding) => finding.pageId),
    ]),
  );

describe('judgeSite', () => {
  const article = paragraphs(seededRandom(46), 20).join('\n');
  /** One defect of each site check, on a site whose other pages are healthy. */
  const pages: SitePage[] = [
    htmlPage(1, '/', { depth: 0, inSitemap: true }),
    htmlPage(2, '/pricing', { title: 'Pricing' }),
    htmlPage(3, '/plans', { title: ' pricing ' }),
    htmlPage(4, '/about', { metaDescription: 'Who we are.' }),
    htmlPage(5, '/team', { metaDescription: 'Who we are.' }),
    htmlPage(6, '/print-a', { words: 200, textDigest: 'same' }),
    htmlPage(7, '/print-b', { words: 200, textDigest: 'same' }),
    htmlPage(8, '/blog'),
    answeredPage(9, '/gone', 404),
    htmlPage(10, '/news'),
    redirectPage(11, '/moved', '/'),
    redirectPage(12, '/chain-start', '/chain-mid'),
    redirectPage(13, '/chain-mid', '/'),
    redirectPage(14, '/loop-a', '/loop-b'),
    redirectPage(15, '/loop-b', '/loop-a'),
    htmlPage(16, '/canon-broken', { canonical: url('/gone') }),
    htmlPage(17, '/canon-redirect', { canonical: url('/moved') }),
    htmlPage(18, '/canon-chain', { canonical: url('/canon-mid') }),
    htmlPage(19, '/canon-mid', { canonical: url('/') }),
    htmlPage(20, '/orphan', { depth: null, inSitemap: true }),
    answeredPage(21, '/sitemap-404', 404, { depth: null, inSitemap: true }),
    htmlPage(22, '/en/', {
      hreflang: [
        { lang: 'en', url: url('/en/') },
        { lang: 'fr', url: url('/fr/') },
      ],
    }),
    htmlPage(23, '/fr/'),
    htmlPage(24, '/deep', { depth: 6 }),
    htmlPage(25, '/de/', { hreflang: [{ lang: 'de-XX', url: url('/de/') }] }),
    htmlPage(26, '/es/', {
      hreflang: [
        { lang: 'es', url: url('/es/') },
        { lang: 'en', url: url('/moved') },
      ],
    }),
    htmlPage(27, '/it/', {
      hreflang: [{ lang: 'en', url: 'https://example.org/' }],
    }),
    htmlPage(28, '/pt/', {
      hreflang: [
        { lang: 'pt', url: url('/pt/') },
        { lang: 'es', url: url('/pt/') },
      ],
    }),
    htmlPage(29, '/release', {
      words: 1000,
      minhash: textMinhash(`Released on 28 November 2026. ${article}`),
    }),
    htmlPage(30, '/release-again', {
      words: 1000,
      minhash: textMinhash(`Released on 3 December 2026. ${article}`),
    }),
  ];
  const links: LinkSpec[] = [
    ...[2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 17, 18, 19, 22, 23, 24].map(
      (id) => ({ from: 1, to: pages[id - 1].url }),
    ),
    { from: 2, to: '/' },
    { from: 8, to: '/gone', anchor: 'An old post' },
    { from: 10, to: '/moved' },
  ];

  it('runs every check once, in the registry order, and finds each defect exactly', () => {
    const results = judgeSite(crawlOf(pages, links));
    expect(results.map(({ check }) => check)).toEqual(SITE_CHECKS);
    expect(affected(crawlOf(pages, links))).toEqual({
      duplicate_title: [2, 3],
      duplicate_description: [4, 5],
      duplicate_content: [6, 7],
      near_duplicate: [29, 30],
      broken_link: [8],
      redirected_link: [1, 10],
      redirect_chain: [12],
      redirect_loop: [14, 15],
      canonical_broken: [16],
      canonical_redirect: [17],
      canonical_chain: [18],
      orphan_page: [20],
      sitemap_not_indexable: [21],
      hreflang_no_return: [22],
      hreflang_invalid_code: [25],
      hreflang_bad_target: [26],
      hreflang_no_self: [27],
      hreflang_conflict: [28],
      deep_page: [24],
    });
  });

  it('reports pages in id order whatever the order of the crawl', () => {
    const shuffled = crawlOf([...pages].reverse(), [...links].reverse());
    expect(affected(shuffled)).toEqual(affected(crawlOf(pages, links)));
  });

  it('lists a check that affects no page, with no findings', () => {
    const healthy = crawlOf(
      [htmlPage(1, '/', { depth: 0 }), htmlPage(2, '/a')],
      [
        { from: 1, to: '/a' },
        { from: 2, to: '/' },
      ],
    );
    const results = judgeSite(healthy);
    expect(results).toHaveLength(SITE_CHECKS.length);
    expect(results.every(({ findings }) => findings.length === 0)).toBe(true);
  });

  it('holds each check to the page facts it declares, and loads no fact no check reads', () => {
    const read = new Map<string, Set<string>>();
    for (const check of SITE_CHECKS) {
      const seen = new Set<string>();
      const crawl = crawlOf(pages, links);
      const watched = crawl.pages.map(
        (page) =>
          new Proxy(page, {
            get(target, key, receiver) {
              if (
                typeof key === 'string' &&
                PAGE_FACT_NAMES.includes(key as PageFactName)
              ) {
                seen.add(key);
              }
              return Reflect.get(target, key, receiver) as unknown;
            },
          }),
      );
      judgeSite({ ...crawl, pages: watched }, [check]);
      read.set(check.id, seen);
    }
    const declared = Object.fromEntries(
      SITE_CHECKS.map((check) => [check.id, [...check.facts].sort()]),
    );
    const used = Object.fromEntries(
      [...read].map(([id, facts]) => [id, [...facts].sort()]),
    );
    expect(used).toEqual(declared);
    expect(new Set(SITE_CHECKS.flatMap((check) => check.facts))).toEqual(
      new Set(JUDGED_FACT_NAMES),
    );
  });

  it('runs the checks it is given, over facts worked out once', () => {
    const seen: unknown[] = [];
    const spy = (id: string): SiteCheck => ({
      ...SITE_CHECKS[0],
      id,
      run: (facts) => {
        seen.push(facts);
        return [];
      },
    });
    const results = judgeSite(crawlOf(pages, links), [spy('a'), spy('b')]);
    expect(results.map(({ check }) => check.id)).toEqual(['a', 'b']);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});

describe('judgeSite at the scale of the largest audit', () => {
  const PAGES = 10_000;
  const LINKS_PER_PAGE = 50;

  /**
   * 10,000 pages and 500,000 links with defects of every kind in fixed proportions:
   * every 100th page a 404, every 50th (but those) a redirect to an HTML page, every
   * 200th a redirect into one of those (a chain of 2 hops), titles shared by groups,
   * texts by pairs, hreflang pairs, half of the pages deep.
   */
  function largeSite(): SiteCrawl {
    const pages: SitePage[] = [];
    for (let id = 1; id <= PAGES; id++) {
      const path = `/p${id}`;
      if (id % 100 === 0) {
        pages.push(answeredPage(id, path, 404, { inSitemap: true }));
      } else if (id % 200 === 51) {
        // Into the redirect of the next id % 50 === 1, past the last page for the last one.
        pages.push(redirectPage(id, path, `/p${id + 50}`));
      } else if (id % 50 === 1 && id > 1) {
        pages.push(redirectPage(id, path, `/p${id + 2}`));
      } else {
        pages.push(
          htmlPage(id, path, {
            depth: id === 1 ? 0 : id % 10,
            inSitemap: id % 3 === 0,
            title: id % 7 === 0 ? `Shared ${id % 1000}` : `Page ${id}`,
            textDigest: `text-${id % 5000}`,
            // Pairs name each other, but every 11th names nobody.
            hreflang:
              id % 11 === 0 ? [] : [{ lang: 'fr', url: url(`/p${id ^ 1}`) }],
          }),
        );
      }
    }
    const byUrl = new Map(pages.map((page) => [page.url, page.id]));
    const links: SiteLink[] = [];
    for (let from = 1; from <= PAGES; from++) {
      if (!pages[from - 1].html) continue;
      for (let k = 0; k < LINKS_PER_PAGE; k++) {
        const target = ((from * 7919 + k * 104_729) % (PAGES + 500)) + 1;
        const toUrl = url(`/p${target}`);
        links.push({
          from,
          toUrl,
          to: byUrl.get(toUrl) ?? null,
          followed: k % 10 !== 0,
          anchor: `Link ${k}`,
        });
      }
    }
    // Fill up to exactly 500,000 with links from the home page to every page, twice over.
    for (let i = 0; links.length < PAGES * LINKS_PER_PAGE; i++) {
      const id = (i % PAGES) + 1;
      links.push({
        from: 1,
        toUrl: url(`/p${id}`),
        to: id,
        followed: true,
        anchor: '',
      });
    }
    return {
      pages,
      links,
      inScope: (target) => target.startsWith('https://example.com/'),
    };
  }

  it('judges 10,000 pages and 500,000 links in well under 5 s', () => {
    const crawl = largeSite();
    expect(crawl.pages).toHaveLength(PAGES);
    expect(crawl.links).toHaveLength(PAGES * LINKS_PER_PAGE);

    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const results = judgeSite(crawl);
    const elapsed = performance.now() - started;
    const heapAfter = process.memoryUsage().heapUsed;
    console.log(
      `judgeSite: ${PAGES} pages, ${crawl.links.length} links in ${elapsed.toFixed(0)} ms (heap ${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB more)`,
    );
    expect(elapsed).toBeLessThan(5000);
    // Evidence stays small however many pages share a defect: the home page links to all.
    const largestValue = Math.max(
      ...results.flatMap(({ findings }) =>
        findings.map((finding) => JSON.stringify(finding.value).length),
      ),
    );
    expect(largestValue).toBeLessThan(4000);

    // What the site seeds, counted here without the checks' help.
    const counts = Object.fromEntries(
      results.map(({ check, findings }) => [check.id, findings.length]),
    );
    const broken = new Set(
      crawl.links
        .filter((link) => link.to !== null && link.to % 100 === 0)
        .map((link) => link.from),
    );
    expect(counts.broken_link).toBe(broken.size);
    const chains = crawl.pages.filter(
      (page) => page.id % 200 === 51 && page.id + 50 <= PAGES,
    );
    expect(counts.redirect_chain).toBe(chains.length);
    const deep = crawl.pages.filter(
      (page) => page.html && page.depth !== null && page.depth > 4,
    );
    expect(counts.deep_page).toBe(deep.length);
    expect(counts.sitemap_not_indexable).toBe(PAGES / 100);
    const unanswered = crawl.pages.filter((page) => {
      const partner = crawl.pages[(page.id ^ 1) - 1];
      return page.hreflang.length > 0 && partner?.html && partner.id % 11 === 0;
    });
    expect(counts.hreflang_no_return).toBe(unanswered.length);
    for (const id of [
      'duplicate_title',
      'duplicate_content',
      'redirected_link',
    ]) {
      expect({ id, some: counts[id] > 0 }).toEqual({ id, some: true });
    }
  });
});
