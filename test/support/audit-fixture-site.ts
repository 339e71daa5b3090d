import { html, startFixtureSite } from './fixture-server.js';
import type {
  FixtureHandler,
  FixtureSite,
  SiteRequest,
} from './fixture-server.js';

/**
 * A site that seeds every site check of SITE-AUDIT.md beside controls that must not be
 * flagged, with what a crawl of it must find written out by hand: each page's row and
 * each site check's affected pages. Paths only; `url(path)` makes them absolute.
 */

interface PageSpec {
  title?: string;
  description?: string;
  /** Visible text of the body, besides the links. */
  text?: string;
  /** Followed links, in order. */
  links?: string[];
  nofollow?: string[];
  canonical?: string;
  noindex?: boolean;
  hreflang?: Array<[lang: string, path: string]>;
}

/** 60 words, the body of two pages that must be found as duplicate content. */
const LONG_TEXT = Array.from(
  { length: 60 },
  (_, i) => `word${i % 7}${'abcdefghij'[i % 10]}`,
).join(' ');
/** 10 words on two pages: the same text, too short to be duplicate content. */
const SHORT_TEXT = 'a short note shared by two pages of this fixture site';

/** 200 distinct words: with a date a day apart, two pages' texts are near duplicates (some 0.97 alike). */
const NEAR_TEXT = Array.from({ length: 200 }, (_, i) => `near${i}`).join(' ');

const SHARED_TITLE = 'Shared title';
const SHARED_DESCRIPTION = 'Shared description of two pages';

function pages(out: string): Record<string, PageSpec> {
  return {
    '/': {
      links: [
        '/a',
        '/b',
        '/c',
        '/d',
        '/dup1',
        '/dup2',
        '/desc1',
        '/desc2',
        '/content1',
        '/content2',
        '/short1',
        '/short2',
        '/level1',
        '/en',
        '/de',
        '/es',
        `${out}/elsewhere`,
      ],
      nofollow: ['/nofollow-only'],
    },
    '/a': { links: ['/', '/broken', '/doc.pdf'] },
    '/b': { links: ['/', '/error', '/reset'] },
    // An out-of-scope target answered 404 is no broken_link (a control).
    '/c': { links: ['/old', `${out}/missing`] },
    '/d': {
      links: [
        '/chain1',
        '/loop1',
        '/private/page',
        '/canon-broken',
        '/canon-redirect',
        '/canon-chain-a',
        '/canonicalised',
        '/noindex-dup',
      ],
    },
    '/dup1': { title: SHARED_TITLE },
    '/dup2': { title: `  shared   TITLE ` },
    '/desc1': { description: SHARED_DESCRIPTION },
    '/desc2': { description: SHARED_DESCRIPTION },
    '/content1': { title: 'Content one', text: LONG_TEXT },
    '/content2': { title: 'Content two', text: LONG_TEXT },
    '/short1': { title: 'Short one', text: SHORT_TEXT },
    '/short2': { title: 'Short two', text: SHORT_TEXT },
    // Near duplicates: the same text but for a date.
    '/new': { text: `Published on 28 November 2026. ${NEAR_TEXT}` },
    '/chain3': { text: `Published on 29 November 2026. ${NEAR_TEXT}` },
    '/private/page': {},
    '/canon-broken': { canonical: '/gone-canon' },
    '/canon-redirect': { canonical: '/old' },
    '/canon-chain-a': { canonical: '/canon-chain-b' },
    '/canon-chain-b': { canonical: '/canon-chain-c' },
    '/canon-chain-c': {},
    // Not indexable, so sharing a title with /dup1 and /dup2 flags nothing here.
    '/canonicalised': { title: SHARED_TITLE, canonical: '/dup1' },
    '/noindex-dup': {
      title: SHARED_TITLE,
      description: SHARED_DESCRIPTION,
      noindex: true,
    },
    '/level1': { links: ['/level2'] },
    '/level2': { links: ['/level3'] },
    '/level3': { links: ['/level4'] },
    '/level4': { links: ['/level5'] },
    '/level5': {},
    '/en': {
      hreflang: [
        ['en', '/en'],
        ['fr', '/fr'],
      ],
    },
    // An invalid code, for an alternate out of scope: not itself either.
    '/fr': { hreflang: [['en-UK', `${out}/en`]] },
    // An alternate that redirects.
    '/de': {
      hreflang: [
        ['de', '/de'],
        ['es', '/es'],
        ['it', '/old'],
      ],
    },
    // Itself for two languages.
    '/es': {
      hreflang: [
        ['es', '/es'],
        ['pt', '/es'],
        ['de', '/de'],
      ],
    },
    '/orphan': {},
    '/orphan-noindex': { noindex: true },
  };
}

const REDIRECTS: Record<string, [status: number, to: string]> = {
  '/old': [301, '/new'],
  '/chain1': [301, '/chain2'],
  '/chain2': [302, '/chain3'],
  '/loop1': [301, '/loop2'],
  '/loop2': [301, '/loop1'],
};

export const SITEMAP_PATHS = [
  '/',
  '/a',
  '/orphan',
  '/orphan-noindex',
  '/old',
  '/broken',
  '/error',
  '/reset',
  '/canonicalised',
  '/private/page',
];

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(path: string, spec: PageSpec, origin: string): string {
  const abs = (p: string) => (p.startsWith('http') ? p : `${origin}${p}`);
  const head = [
    `<meta charset="utf-8">`,
    `<title>${escape(spec.title ?? `Page ${path}`)}</title>`,
    spec.description
      ? `<meta name="description" content="${escape(spec.description)}">`
      : '',
    spec.canonical
      ? `<link rel="canonical" href="${abs(spec.canonical)}">`
      : '',
    spec.noindex ? `<meta name="robots" content="noindex">` : '',
    ...(spec.hreflang ?? []).map(
      ([lang, p]) =>
        `<link rel="alternate" hreflang="${lang}" href="${abs(p)}">`,
    ),
  ].join('');
  const links = [
    ...(spec.links ?? []).map(
      (p, i) => `<a href="${abs(p)}">link ${i} of ${escape(path)}</a>`,
    ),
    ...(spec.nofollow ?? []).map(
      (p) => `<a rel="nofollow" href="${abs(p)}">not followed</a>`,
    ),
  ].join(' ');
  return `<!doctype html><html lang="en"><head>${head}</head><body><main><p>${escape(spec.text ?? `The page at ${path}.`)}</p><nav>${links}</nav></main></body></html>`;
}

export interface AuditFixtureSite extends FixtureSite {
  requests: SiteRequest[];
}

/**
 * Starts the site, with `out` the origin of another site (out of scope: a different
 * port) whose links it carries.
 */
export async function startAuditFixtureSite(
  out: string,
): Promise<AuditFixtureSite> {
  const requests: SiteRequest[] = [];
  let origin = '';
  const routes: Record<string, FixtureHandler> = {};
  for (const [path, spec] of Object.entries(pages(out))) {
    routes[path] = (_req, res) => html(res, render(path, spec, origin));
  }
  for (const [path, [status, to]] of Object.entries(REDIRECTS)) {
    routes[path] = (_req, res) => {
      res.writeHead(status, { location: to });
      res.end();
    };
  }
  routes['/error'] = (_req, res) =>
    html(res, '<!doctype html><title>Oops</title><p>Server error</p>', {}, 500);
  routes['/reset'] = (req) => {
    req.socket.destroy();
  };
  routes['/doc.pdf'] = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end('%PDF-1.4 not really');
  };
  routes['/robots.txt'] = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(
      `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
  };
  routes['/sitemap.xml'] = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${SITEMAP_PATHS.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`,
    );
  };
  const site = await startFixtureSite(routes, { requests });
  origin = site.origin;
  return { ...site, requests };
}

/** A page of the crawl as the contract defines it: [path, status, depth, inlinks, in_sitemap, blocked, indexable]. */
export type ExpectedPage = [
  path: string,
  status: number | null,
  depth: number | null,
  inlinks: number,
  inSitemap: boolean,
  blocked: boolean,
  indexable: boolean,
];

/** Every page of the crawl, worked out by hand from the site above. */
export const EXPECTED_PAGES: ExpectedPage[] = [
  ['/', 200, 0, 2, true, false, true],
  ['/a', 200, 1, 1, true, false, true],
  ['/b', 200, 1, 1, false, false, true],
  ['/c', 200, 1, 1, false, false, true],
  ['/d', 200, 1, 1, false, false, true],
  ['/dup1', 200, 1, 1, false, false, true],
  ['/dup2', 200, 1, 1, false, false, true],
  ['/desc1', 200, 1, 1, false, false, true],
  ['/desc2', 200, 1, 1, false, false, true],
  ['/content1', 200, 1, 1, false, false, true],
  ['/content2', 200, 1, 1, false, false, true],
  ['/short1', 200, 1, 1, false, false, true],
  ['/short2', 200, 1, 1, false, false, true],
  ['/level1', 200, 1, 1, false, false, true],
  ['/en', 200, 1, 1, false, false, true],
  ['/de', 200, 1, 1, false, false, true],
  ['/es', 200, 1, 1, false, false, true],
  ['/broken', 404, 2, 1, true, false, false],
  ['/doc.pdf', 200, 2, 1, false, false, false],
  ['/error', 500, 2, 1, true, false, false],
  ['/reset', null, 2, 1, true, false, false],
  ['/old', 301, 2, 1, true, false, false],
  ['/chain1', 301, 2, 1, false, false, false],
  ['/loop1', 301, 2, 1, false, false, false],
  ['/private/page', null, 2, 1, true, true, false],
  ['/canon-broken', 200, 2, 1, false, false, false],
  ['/canon-redirect', 200, 2, 1, false, false, false],
  ['/canon-chain-a', 200, 2, 1, false, false, false],
  ['/canonicalised', 200, 2, 1, true, false, false],
  ['/noindex-dup', 200, 2, 1, false, false, false],
  ['/level2', 200, 2, 1, false, false, true],
  // Redirect targets: the depth of the URL that redirected to them, no inlinks.
  ['/new', 200, 2, 0, false, false, true],
  ['/chain2', 302, 2, 0, false, false, false],
  ['/chain3', 200, 2, 0, false, false, true],
  ['/loop2', 301, 2, 0, false, false, false],
  ['/level3', 200, 3, 1, false, false, true],
  ['/level4', 200, 4, 1, false, false, true],
  ['/level5', 200, 5, 1, false, false, true],
  // Reached only through the sitemap, a canonical or an hreflang: no depth.
  ['/orphan', 200, null, 0, true, false, true],
  ['/orphan-noindex', 200, null, 0, true, false, false],
  ['/gone-canon', 404, null, 0, false, false, false],
  ['/canon-chain-b', 200, null, 0, false, false, false],
  ['/canon-chain-c', 200, null, 0, false, false, true],
  ['/fr', 200, null, 0, false, false, true],
];

/** Each site check's affected pages, and the evidence named for some. */
export const EXPECTED_SITE_CHECKS: Record<string, string[]> = {
  duplicate_title: ['/dup1', '/dup2'],
  duplicate_description: ['/desc1', '/desc2'],
  duplicate_content: ['/content1', '/content2'],
  near_duplicate: ['/new', '/chain3'],
  broken_link: ['/a', '/b'],
  redirected_link: ['/c', '/d'],
  redirect_chain: ['/chain1'],
  redirect_loop: ['/loop1', '/loop2'],
  canonical_broken: ['/canon-broken'],
  canonical_redirect: ['/canon-redirect'],
  canonical_chain: ['/canon-chain-a'],
  orphan_page: ['/orphan'],
  sitemap_not_indexable: [
    '/broken',
    '/error',
    '/reset',
    '/old',
    '/private/page',
    '/canonicalised',
    '/orphan-noindex',
  ],
  hreflang_no_return: ['/en'],
  hreflang_invalid_code: ['/fr'],
  hreflang_bad_target: ['/de'],
  hreflang_no_self: ['/fr'],
  hreflang_conflict: ['/es'],
  deep_page: ['/level5'],
};

/** The reasons sitemap_not_indexable gives, by page. */
export const SITEMAP_REASONS: Record<string, string> = {
  '/broken': 'client_error',
  '/error': 'server_error',
  '/reset': 'failed',
  '/old': 'redirect',
  '/private/page': 'robots',
  '/canonicalised': 'canonicalised',
  '/orphan-noindex': 'noindex',
};

/** Paths the crawl must never request: nofollow only, robots-disallowed. */
export const NEVER_REQUESTED = ['/nofollow-only', '/private/page'];
