/**
 * A site of any size for the site-audit bench: a tree of ordinary pages (depths up to
 * about 6) with, every 400 pages, one group of seeded defects for each site check of
 * SITE-AUDIT.md beside controls that must not be flagged, as the hand-written
 * audit-fixture-site does for a few dozen pages. The same model is served
 * (generated-site-server.ts) and judged here by the contract's definitions
 * (expectedSiteChecks), so the bench measures the service against a ground truth it
 * did not compute. Paths only; a served page makes them absolute on its own origin.
 */

/** An HTML page answered 200. */
export interface HtmlResource {
  kind: 'html';
  title: string;
  description: string;
  /** The visible text besides the links' anchors. */
  text: string;
  /** Followed links, in order. */
  links: string[];
  nofollow: string[];
  canonical: string | null;
  noindex: boolean;
  hreflang: Array<[lang: string, path: string]>;
}

/** Anything else a URL of the site answers. */
export type Resource =
  | HtmlResource
  | { kind: 'redirect'; status: number; to: string }
  | { kind: 'status'; status: number }
  | { kind: 'reset' }
  | { kind: 'pdf' };

export interface GeneratedSite {
  /** Every path of the site, blocked ones included, in the order they were made. */
  resources: Map<string, Resource>;
  /** robots.txt disallows these prefixes. */
  disallowed: string[];
  sitemap: string[];
  /** Paths the crawl requests: every path but the disallowed ones. */
  requested: number;
}

/** Every this many pages, one group of each seeded defect. */
export const PAGES_PER_DEFECT_GROUP = 400;
/** The nav every page carries: home and the first hubs. */
const NAV_HUBS = 5;
/** A redirect's last hop leaves the site: another host of loopback, never requested. */
export const OUTSIDE = 'http://localhost:9/outside';

const WORDS = [
  'audit',
  'crawl',
  'page',
  'link',
  'title',
  'search',
  'index',
  'speed',
  'secure',
  'render',
  'sitemap',
  'robots',
  'header',
  'image',
  'script',
  'style',
];

/** Words no other page has: the page's number spelt in WORDS, repeated. */
function uniqueText(n: number, words: number): string {
  const digits: string[] = [];
  let rest = n;
  do {
    digits.push(WORDS[rest % WORDS.length]);
    rest = Math.floor(rest / WORDS.length);
  } while (rest > 0);
  const own = `${digits.join('-')}-${n}`;
  return Array.from({ length: words }, (_, i) =>
    i % 5 === 0 ? own : WORDS[(n + i) % WORDS.length],
  ).join(' ');
}

/** 60 words shared by the pages of a duplicate-content group. */
function sharedText(group: number): string {
  return Array.from(
    { length: 60 },
    (_, i) => `shared${group} ${WORDS[i % WORDS.length]}`,
  )
    .join(' ')
    .split(' ')
    .slice(0, 60)
    .join(' ');
}

/** 200 words no other group has: two pages of it a date apart are near duplicates. */
function nearText(group: number): string {
  return Array.from(
    { length: 200 },
    (_, i) => `near${group}${WORDS[i % WORDS.length]}${i}`,
  ).join(' ');
}

function htmlPage(n: number, spec: Partial<HtmlResource> = {}): HtmlResource {
  return {
    kind: 'html',
    title: `Page ${n}: ${WORDS[n % WORDS.length]} guide`,
    description: `What page ${n} of the generated site says about ${WORDS[n % WORDS.length]}.`,
    text: uniqueText(n, 60),
    links: [],
    nofollow: [],
    canonical: null,
    noindex: false,
    hreflang: [],
    ...spec,
  };
}

/** The smallest branching that fits `count` pages within 6 levels below the home page. */
function branchingFor(count: number): number {
  for (let b = 2; ; b++) {
    let total = 0;
    for (let level = 1, width = b; level <= 6; level++, width *= b) {
      total += width;
    }
    if (total >= count) return b;
  }
}

/**
 * The site of `pages` requested URLs (the home page, the tree, the seeded extras),
 * deterministic: the same number always gives the same site.
 */
export function generateSite(pages: number): GeneratedSite {
  const groups = Math.max(1, Math.floor(pages / PAGES_PER_DEFECT_GROUP));
  const resources = new Map<string, Resource>();
  const sitemap: string[] = ['/'];
  const extras: Array<[string, Resource]> = [];
  /** Changes to tree pages, applied once the tree is made: the seeded defects' hosts. */
  const hostEdits: Array<(tree: HtmlResource[]) => void> = [];
  const extra = (path: string, resource: Resource, listed = false) => {
    extras.push([path, resource]);
    if (listed) sitemap.push(path);
  };
  let extraNumber = 1_000_000;

  for (let g = 0; g < groups; g++) {
    const n = () => extraNumber++;
    // Broken links: 404 and 500 linked (one also nofollow from another page), listed.
    extra(`/gone/${g}`, { kind: 'status', status: 404 }, true);
    extra(`/fail/${g}`, { kind: 'status', status: 500 }, true);
    // Redirects: one hop (a redirected link), a chain, a chain leaving the site, a loop.
    extra(
      `/moved/${g}`,
      { kind: 'redirect', status: 301, to: `/t/${g}` },
      true,
    );
    extra(`/chain/${g}/1`, {
      kind: 'redirect',
      status: 301,
      to: `/chain/${g}/2`,
    });
    extra(`/chain/${g}/2`, { kind: 'redirect', status: 302, to: `/t/${g}` });
    extra(`/chain-out/${g}/1`, {
      kind: 'redirect',
      status: 301,
      to: `/chain-out/${g}/2`,
    });
    extra(`/chain-out/${g}/2`, { kind: 'redirect', status: 301, to: OUTSIDE });
    extra(`/loop/${g}/in`, {
      kind: 'redirect',
      status: 301,
      to: `/loop/${g}/a`,
    });
    extra(`/loop/${g}/a`, {
      kind: 'redirect',
      status: 301,
      to: `/loop/${g}/b`,
    });
    extra(`/loop/${g}/b`, {
      kind: 'redirect',
      status: 308,
      to: `/loop/${g}/a`,
    });
    // Canonicals: to a 404 and to a chain of two, reached only through them.
    extra(`/gone-canon/${g}`, { kind: 'status', status: 410 });
    extra(`/canon/${g}/b`, htmlPage(n(), { canonical: `/canon/${g}/c` }));
    extra(`/canon/${g}/c`, htmlPage(n()));
    // Sitemap only: an orphan, one noindex (a control), one linked only nofollow.
    extra(`/orphan/${g}`, htmlPage(n()), true);
    extra(`/orphan-noindex/${g}`, htmlPage(n(), { noindex: true }), true);
    extra(`/orphan-nofollow/${g}`, htmlPage(n()), true);
    // hreflang: one alternate that names nothing back, one that answers.
    extra(`/intl/${g}/fr`, htmlPage(n()));
    extra(
      `/intl/${g}/de`,
      htmlPage(n(), {
        hreflang: [
          ['de', `/intl/${g}/de`],
          ['en', `/h/${g}/hreflang-ok`],
        ],
      }),
    );
    // hreflang defects, each alone: an invalid code, an alternate that redirects, no self
    // reference, one URL for two languages (the alternates that are no HTML page need
    // no return).
    extra(
      `/intl/${g}/es`,
      htmlPage(n(), {
        hreflang: [
          ['es', `/intl/${g}/es`],
          ['en-UK', `/files/${g}.pdf`],
        ],
      }),
    );
    extra(
      `/intl/${g}/it`,
      htmlPage(n(), {
        hreflang: [
          ['it', `/intl/${g}/it`],
          ['en', `/moved/${g}`],
        ],
      }),
    );
    extra(
      `/intl/${g}/nl`,
      htmlPage(n(), { hreflang: [['de', `/files/${g}.pdf`]] }),
    );
    extra(
      `/intl/${g}/pt`,
      htmlPage(n(), {
        hreflang: [
          ['pt', `/intl/${g}/pt`],
          ['es', `/intl/${g}/pt`],
        ],
      }),
    );
    // Duplicate content: two copies of 60 words; two of 10 words (too short, a control).
    const copy = sharedText(g);
    extra(`/copy/${g}/a`, htmlPage(n(), { text: copy }));
    extra(`/copy/${g}/b`, htmlPage(n(), { text: copy }));
    // Near-duplicate content: 200 words of their own, a date one day apart.
    const near = nearText(g);
    extra(
      `/near/${g}/a`,
      htmlPage(n(), { text: `Published on 28 November 2026. ${near}` }),
    );
    extra(
      `/near/${g}/b`,
      htmlPage(n(), { text: `Published on 29 November 2026. ${near}` }),
    );
    const short = `a short note shared by two pages of group ${g}`;
    extra(`/short/${g}/a`, htmlPage(n(), { text: short }));
    extra(`/short/${g}/b`, htmlPage(n(), { text: short }));
    // Not judged for the sitemap: a 2xx that is no HTML page.
    extra(`/files/${g}.pdf`, { kind: 'pdf' }, true);
    // Disallowed by robots.txt: linked and listed, never requested.
    extra(`/private/${g}`, htmlPage(n()), true);
    if (g === 0) extra('/reset/0', { kind: 'reset' }, true);

    // Tree pages that host the defects, picked by group: edits below.
    hostEdits.push((tree) => {
      const host = (k: number) => tree[(g * 37 + k * 11) % tree.length];
      const linkFrom = (k: number, ...paths: string[]) =>
        host(k).links.push(...paths);
      linkFrom(0, `/gone/${g}`, `/fail/${g}`, `/files/${g}.pdf`);
      host(1).nofollow.push(`/gone/${g}`, `/orphan-nofollow/${g}`);
      linkFrom(2, `/moved/${g}`, `/chain/${g}/1`);
      linkFrom(3, `/chain-out/${g}/1`, `/loop/${g}/in`, `/private/${g}`);
      linkFrom(4, `/copy/${g}/a`, `/copy/${g}/b`);
      linkFrom(5, `/short/${g}/a`, `/short/${g}/b`);
      linkFrom(
        20,
        `/intl/${g}/es`,
        `/intl/${g}/it`,
        `/intl/${g}/nl`,
        `/intl/${g}/pt`,
      );
      if (g === 0) linkFrom(6, '/reset/0');
      const title = host(7).title;
      host(8).title = `  ${title.toUpperCase()}  `;
      host(9).title = title;
      host(10).noindex = true;
      host(10).title = title;
      host(11).description = host(12).description;
      host(13).canonical = `/gone-canon/${g}`;
      host(14).canonical = `/moved/${g}`;
      host(15).canonical = `/canon/${g}/b`;
      // Two pages naming each other as canonical: a chain both ways.
      host(16).canonical = `/h/${g}/mutual-b`;
      host(17).canonical = `/h/${g}/mutual-a`;
      host(18).hreflang = [
        ['en', `/h/${g}/hreflang-alone`],
        ['fr', `/intl/${g}/fr`],
      ];
      host(19).hreflang = [
        ['en', `/h/${g}/hreflang-ok`],
        ['de', `/intl/${g}/de`],
      ];
    });
  }

  const treeSize = pages - 1 - extras.filter(([p]) => !isPrivate(p)).length;
  if (treeSize < 40) throw new Error(`${pages} pages are too few for a site`);
  const branching = branchingFor(treeSize);
  const paths = Array.from({ length: treeSize }, (_, i) => `/t/${i}`);
  const tree = paths.map((_, i) => htmlPage(i));
  const nav = ['/', ...paths.slice(0, NAV_HUBS)];
  for (let i = 0; i < treeSize; i++) {
    const children = [];
    for (
      let c = i * branching + NAV_HUBS;
      c < (i + 1) * branching + NAV_HUBS;
      c++
    ) {
      if (c < treeSize) children.push(paths[c]);
    }
    tree[i].links = [...nav, ...children];
  }
  // Pages the defects name by role keep their tree path; their aliases are below.
  for (const edit of hostEdits) edit(tree);

  const home = htmlPage(pages * 10, {
    title: 'Generated site: home',
    links: paths.slice(0, NAV_HUBS),
  });
  resources.set('/', home);
  paths.forEach((path, i) => resources.set(path, tree[i]));
  for (const [path, resource] of extras) resources.set(path, resource);
  // The roles some hosts play, by name: the tree pages themselves answer at /t/<i>.
  const aliases = new Map<string, string>();
  for (let g = 0; g < groups; g++) {
    const host = (k: number) => paths[(g * 37 + k * 11) % treeSize];
    aliases.set(`/h/${g}/mutual-a`, host(16));
    aliases.set(`/h/${g}/mutual-b`, host(17));
    aliases.set(`/h/${g}/hreflang-alone`, host(18));
    aliases.set(`/h/${g}/hreflang-ok`, host(19));
  }
  for (const resource of resources.values()) {
    if (resource.kind !== 'html') continue;
    if (resource.canonical !== null) {
      resource.canonical =
        aliases.get(resource.canonical) ?? resource.canonical;
    }
    resource.hreflang = resource.hreflang.map(([lang, path]) => [
      lang,
      aliases.get(path) ?? path,
    ]);
  }
  sitemap.push(...paths);
  const requested = [...resources.keys()].filter((p) => !isPrivate(p)).length;
  return { resources, disallowed: ['/private/'], sitemap, requested };
}

function isPrivate(path: string): boolean {
  return path.startsWith('/private/');
}

/** A page of the model as the contract sees it once crawled. */
interface ModelPage {
  path: string;
  resource: Resource;
  blocked: boolean;
  depth: number | null;
  inSitemap: boolean;
}

function comparable(text: string | null): string | null {
  const folded = (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return folded === '' ? null : folded;
}

function isHtml(page: ModelPage | undefined): page is ModelPage & {
  resource: HtmlResource;
} {
  return page !== undefined && !page.blocked && page.resource.kind === 'html';
}

function answerOf(page: ModelPage): string | null {
  if (page.blocked) return null;
  switch (page.resource.kind) {
    case 'redirect':
      return 'redirect';
    case 'reset':
      return 'failed';
    case 'status':
      return page.resource.status >= 500 ? 'server_error' : 'client_error';
    default:
      return 'success';
  }
}

function isBroken(page: ModelPage): boolean {
  const answer = answerOf(page);
  return (
    answer === 'client_error' ||
    answer === 'server_error' ||
    answer === 'failed'
  );
}

/**
 * Each site check's affected paths, worked out from the model by the definitions of
 * SITE-AUDIT.md (every path of the model is a page of a whole crawl of it).
 */
export function expectedSiteChecks(
  site: GeneratedSite,
): Record<string, Set<string>> {
  const listed = new Set(site.sitemap);
  const pages = new Map<string, ModelPage>();
  for (const [path, resource] of site.resources) {
    pages.set(path, {
      path,
      resource,
      blocked: site.disallowed.some((prefix) => path.startsWith(prefix)),
      depth: null,
      inSitemap: listed.has(path),
    });
  }
  // Depth: breadth first over followed links; a redirect's target takes its depth.
  const queue = ['/'];
  pages.get('/')!.depth = 0;
  for (let i = 0; i < queue.length; i++) {
    const page = pages.get(queue[i])!;
    const reach = (path: string, depth: number) => {
      const target = pages.get(path);
      if (target === undefined || target.depth !== null) return;
      target.depth = depth;
      queue.push(path);
    };
    if (page.blocked) continue;
    if (page.resource.kind === 'redirect') reach(page.resource.to, page.depth!);
    if (page.resource.kind === 'html') {
      for (const link of page.resource.links) reach(link, page.depth! + 1);
    }
  }
  const inlinks = new Map<string, Set<string>>();
  for (const page of pages.values()) {
    if (!isHtml(page)) continue;
    for (const link of page.resource.links) {
      if (link === page.path) continue;
      if (!inlinks.has(link)) inlinks.set(link, new Set());
      inlinks.get(link)!.add(page.path);
    }
  }
  const indexable = (page: ModelPage) =>
    isHtml(page) &&
    !page.resource.noindex &&
    (page.resource.canonical === null || page.resource.canonical === page.path);

  const found: Record<string, Set<string>> = {};
  const flag = (check: string, path: string) =>
    (found[check] ??= new Set()).add(path);

  const duplicates = (
    check: string,
    key: (p: HtmlResource) => string | null,
  ) => {
    const groups = new Map<string, string[]>();
    for (const page of pages.values()) {
      if (!indexable(page)) continue;
      const k = key(page.resource as HtmlResource);
      if (k === null) continue;
      groups.set(k, [...(groups.get(k) ?? []), page.path]);
    }
    for (const group of groups.values()) {
      if (group.length > 1) group.forEach((path) => flag(check, path));
    }
  };
  duplicates('duplicate_title', (p) => comparable(p.title));
  duplicates('duplicate_description', (p) => comparable(p.description));
  // The visible text is the paragraph and the anchors (see renderPage).
  duplicates('duplicate_content', (p) => {
    const text = comparable(visibleText(p));
    return text !== null && text.split(' ').length >= 50 ? text : null;
  });
  // Near duplicates, as the generator makes them: paragraphs (the main text: the links
  // are in a nav) the same once numbers are left out, of pages whose visible texts
  // differ (exact copies are duplicate_content's). The model estimates no similarity.
  {
    const groups = new Map<string, ModelPage[]>();
    for (const page of pages.values()) {
      if (!indexable(page)) continue;
      const resource = page.resource as HtmlResource;
      const text = comparable(visibleText(resource));
      if (text === null || text.split(' ').length < 50) continue;
      const key = comparable(resource.text.replace(/\b\d+\b/g, ''));
      if (key === null) continue;
      groups.set(key, [...(groups.get(key) ?? []), page]);
    }
    for (const group of groups.values()) {
      const texts = new Set(
        group.map((page) => visibleText(page.resource as HtmlResource)),
      );
      if (texts.size > 1)
        group.forEach((page) => flag('near_duplicate', page.path));
    }
  }

  for (const page of pages.values()) {
    if (!isHtml(page)) continue;
    for (const link of [...page.resource.links, ...page.resource.nofollow]) {
      const target = pages.get(link);
      // A target reached only by nofollow links is never requested: no page.
      if (target === undefined || target.blocked) continue;
      if (!reachedOtherwise(target, pages, listed)) continue;
      if (isBroken(target)) flag('broken_link', page.path);
      if (answerOf(target) === 'redirect') flag('redirected_link', page.path);
    }
  }

  // Redirect walks: loops, and chains of 2 or more hops from an entrance.
  const linked = new Set<string>();
  for (const page of pages.values()) {
    if (isHtml(page)) {
      page.resource.links.forEach((l) => linked.add(l));
      page.resource.nofollow.forEach((l) => linked.add(l));
    }
  }
  const redirectedTo = new Set<string>();
  for (const page of pages.values()) {
    if (page.resource.kind === 'redirect') redirectedTo.add(page.resource.to);
  }
  for (const page of pages.values()) {
    if (page.resource.kind !== 'redirect' || page.blocked) continue;
    const seen = new Set<string>();
    let at: ModelPage | undefined = page;
    let hops = 0;
    let loops = false;
    while (at !== undefined && at.resource.kind === 'redirect') {
      if (seen.has(at.path)) {
        loops = true;
        break;
      }
      seen.add(at.path);
      hops++;
      at = pages.get(at.resource.to);
    }
    if (loops) flag('redirect_loop', page.path);
    else if (
      hops >= 2 &&
      (linked.has(page.path) || page.inSitemap || !redirectedTo.has(page.path))
    ) {
      flag('redirect_chain', page.path);
    }
  }

  for (const page of pages.values()) {
    if (!isHtml(page)) continue;
    const { canonical, hreflang } = page.resource;
    const target = canonical === null ? undefined : pages.get(canonical);
    if (target !== undefined && canonical !== page.path && !target.blocked) {
      if (isBroken(target)) flag('canonical_broken', page.path);
      if (answerOf(target) === 'redirect')
        flag('canonical_redirect', page.path);
      if (
        isHtml(target) &&
        target.resource.canonical !== null &&
        target.resource.canonical !== target.path
      ) {
        flag('canonical_chain', page.path);
      }
    }
    for (const [, path] of hreflang) {
      const alternate = pages.get(path);
      if (path === page.path || !isHtml(alternate)) continue;
      if (!alternate.resource.hreflang.some(([, back]) => back === page.path)) {
        flag('hreflang_no_return', page.path);
      }
    }
    if (hreflang.some(([lang]) => INVALID_HREFLANG.has(lang))) {
      flag('hreflang_invalid_code', page.path);
    }
    for (const [, path] of hreflang) {
      const alternate = pages.get(path);
      if (path === page.path || alternate === undefined || alternate.blocked)
        continue;
      if (
        answerOf(alternate) !== 'success' ||
        (isHtml(alternate) && !indexable(alternate))
      ) {
        flag('hreflang_bad_target', page.path);
      }
    }
    if (hreflang.length > 0 && !hreflang.some(([, p]) => p === page.path)) {
      flag('hreflang_no_self', page.path);
    }
    const languagesByUrl = new Map<string, Set<string>>();
    for (const [lang, path] of hreflang) {
      const languages = languagesByUrl.get(path) ?? new Set<string>();
      languages.add(lang.toLowerCase().split('-')[0]);
      languagesByUrl.set(path, languages);
    }
    if ([...languagesByUrl.values()].some((languages) => languages.size > 1)) {
      flag('hreflang_conflict', page.path);
    }
    if (indexable(page) && page.depth !== null && page.depth > 4) {
      flag('deep_page', page.path);
    }
  }

  for (const page of pages.values()) {
    if (!page.inSitemap) continue;
    if (indexable(page) && (inlinks.get(page.path)?.size ?? 0) === 0) {
      flag('orphan_page', page.path);
    }
    const answer = answerOf(page);
    const notIndexable =
      page.blocked ||
      (answer !== 'success' && answer !== null) ||
      (isHtml(page) && !indexable(page));
    if (notIndexable) flag('sitemap_not_indexable', page.path);
  }
  return found;
}

/** The hreflang codes the site seeds as invalid; every other code it writes is valid. */
const INVALID_HREFLANG = new Set(['en-UK']);

/** Reached by a followed link, a redirect, a canonical, an hreflang or the sitemap: requested. */
function reachedOtherwise(
  target: ModelPage,
  pages: Map<string, ModelPage>,
  listed: Set<string>,
): boolean {
  if (target.depth !== null || listed.has(target.path)) return true;
  for (const page of pages.values()) {
    if (!isHtml(page)) continue;
    const r = page.resource;
    if (r.canonical === target.path) return true;
    if (r.hreflang.some(([, path]) => path === target.path)) return true;
  }
  return false;
}

/** What a page shows: its paragraph, then its links' anchors (no heading: copies differ by title). */
export function visibleText(page: HtmlResource): string {
  return [
    page.text,
    ...page.links.map(anchorOf),
    ...page.nofollow.map(anchorOf),
  ].join(' ');
}

function anchorOf(path: string): string {
  return `go to ${path}`;
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML of a page of the model, on `origin`. */
export function renderPage(page: HtmlResource, origin: string): string {
  const abs = (p: string) => (p.startsWith('http') ? p : `${origin}${p}`);
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escape(page.title)}</title>`,
    `<meta name="description" content="${escape(page.description)}">`,
    page.canonical
      ? `<link rel="canonical" href="${abs(page.canonical)}">`
      : '',
    page.noindex ? `<meta name="robots" content="noindex">` : '',
    ...page.hreflang.map(
      ([lang, p]) =>
        `<link rel="alternate" hreflang="${lang}" href="${abs(p)}">`,
    ),
  ].join('');
  const links = [
    ...page.links.map((p) => `<a href="${abs(p)}">${anchorOf(p)}</a>`),
    ...page.nofollow.map(
      (p) => `<a rel="nofollow" href="${abs(p)}">${anchorOf(p)}</a>`,
    ),
  ].join(' ');
  return `<!doctype html><html lang="en"><head>${head}</head><body><main><p>${escape(page.text)}</p><nav>${links}</nav></main></body></html>`;
}
