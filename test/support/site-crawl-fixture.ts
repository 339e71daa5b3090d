import type {
  SiteCheck,
  SiteCrawl,
  SiteLink,
  SitePage,
} from '../../src/analysis/site/site-crawl.js';
import { crawlFacts } from '../../src/analysis/site/site-facts.js';

/**
 * Crawls for the site checks' unit tests, on the site https://example.com: each page
 * starts as a healthy, indexable HTML page with a title, description and text of its
 * own, so a test only writes the defect it seeds and the controls beside it.
 */

export const ORIGIN = 'https://example.com';

/** The absolute URL of a path of the site; an absolute URL stays as it is. */
export const url = (path: string): string =>
  path.startsWith('/') ? `${ORIGIN}${path}` : path;

/** An indexable HTML page answered 200, unique in title, description and text; `path` may be an absolute URL. */
export function htmlPage(
  id: number,
  path: string,
  fields: Partial<SitePage> = {},
): SitePage {
  return {
    id,
    url: url(path),
    requested: true,
    blockedByRobots: false,
    statusCode: 200,
    error: null,
    redirectTo: null,
    html: true,
    depth: 1,
    inSitemap: false,
    title: `Page ${id} of the site`,
    metaDescription: `What page ${id} of the site is about, in a sentence of its own.`,
    noindex: false,
    canonical: null,
    hreflang: [],
    words: 300,
    textDigest: `text-of-page-${id}`,
    minhash: null,
    inlinks: 0,
    ...fields,
  };
}

/** A page that is not HTML: no title, text or canonical of its own to read. */
function otherPage(
  id: number,
  path: string,
  fields: Partial<SitePage>,
): SitePage {
  return htmlPage(id, path, {
    html: false,
    title: null,
    metaDescription: null,
    words: 0,
    textDigest: null,
    ...fields,
  });
}

/** A redirect; `to` is a path of the site or an absolute URL. */
export function redirectPage(
  id: number,
  path: string,
  to: string,
  statusCode = 301,
  fields: Partial<SitePage> = {},
): SitePage {
  return otherPage(id, path, {
    statusCode,
    redirectTo: url(to),
    ...fields,
  });
}

/** A page answered with this status without HTML (404, 500, a PDF's 200). */
export function answeredPage(
  id: number,
  path: string,
  statusCode: number,
  fields: Partial<SitePage> = {},
): SitePage {
  return otherPage(id, path, { statusCode, ...fields });
}

/** A page whose fetch failed (timeout, connection, dns). */
export function failedPage(
  id: number,
  path: string,
  error = 'timeout',
  fields: Partial<SitePage> = {},
): SitePage {
  return otherPage(id, path, { statusCode: null, error, ...fields });
}

/** A page robots.txt kept the crawl from requesting. */
export function blockedPage(
  id: number,
  path: string,
  fields: Partial<SitePage> = {},
): SitePage {
  return otherPage(id, path, {
    requested: false,
    blockedByRobots: true,
    statusCode: null,
    ...fields,
  });
}

export interface LinkSpec {
  from: number;
  /** A path of the site or an absolute URL. */
  to: string;
  followed?: boolean;
  anchor?: string;
}

/**
 * A stopped crawl of these pages and links, as the audit loads it: a link's `to` is
 * the id of the page at its URL, if any; each page's inlinks are the distinct other
 * pages with a followed link to it (what the audit counts in SQL). In scope: the
 * site's origin and its http twin.
 */
export function crawlOf(pages: SitePage[], links: LinkSpec[] = []): SiteCrawl {
  const idOf = new Map(pages.map((page) => [page.url, page.id]));
  const siteLinks: SiteLink[] = links.map((link) => {
    const toUrl = url(link.to);
    return {
      from: link.from,
      toUrl,
      to: idOf.get(toUrl) ?? null,
      followed: link.followed ?? true,
      anchor: link.anchor ?? '',
    };
  });
  const pageIds = new Set(pages.map((page) => page.id));
  const linkedFrom = new Map<number, Set<number>>();
  for (const link of siteLinks) {
    if (!link.followed || link.to === null || link.to === link.from) continue;
    if (!pageIds.has(link.from)) continue;
    const from = linkedFrom.get(link.to) ?? new Set<number>();
    from.add(link.from);
    linkedFrom.set(link.to, from);
  }
  return {
    pages: pages.map((page) => ({
      ...page,
      inlinks: linkedFrom.get(page.id)?.size ?? 0,
    })),
    links: siteLinks,
    inScope: (target) =>
      target.startsWith(`${ORIGIN}/`) ||
      target.startsWith('http://example.com/'),
  };
}

/** The ids of the pages a check affects in this crawl, in the order it reports them. */
export function affectedBy(check: SiteCheck, crawl: SiteCrawl): number[] {
  return check.run(crawlFacts(crawl)).map((finding) => finding.pageId);
}

/** The check's evidence for each page it affects, by page id. */
export function valuesOf(
  check: SiteCheck,
  crawl: SiteCrawl,
): Record<number, unknown> {
  return Object.fromEntries(
    check
      .run(crawlFacts(crawl))
      .map((finding) => [finding.pageId, finding.value]),
  );
}
