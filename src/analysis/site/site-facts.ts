import type { SiteCrawl, SiteCrawlFacts, SitePage } from './site-crawl.js';

/**
 * The crawl's facts, worked out once for every site check in O(pages): pages in id
 * order and by id and url, so that no check scans the pages to find one.
 */
export function crawlFacts(crawl: SiteCrawl): SiteCrawlFacts {
  const pages = [...crawl.pages].sort((a, b) => a.id - b.id);
  const byId = new Map<number, SitePage>();
  const byUrl = new Map<string, SitePage>();
  for (const page of pages) {
    byId.set(page.id, page);
    byUrl.set(page.url, page);
  }
  return {
    pages,
    links: crawl.links,
    inScope: (url) => crawl.inScope(url),
    byId,
    byUrl,
    indexable: isIndexable,
    inlinks: (page) => byId.get(page.id)?.inlinks ?? 0,
  };
}

/** HTML, no noindex, and a canonical that is absent or this page's own URL. */
function isIndexable(page: SitePage): boolean {
  return (
    page.html &&
    !page.noindex &&
    (page.canonical === null || page.canonical === page.url)
  );
}

/**
 * A page the service could not process (its database, a bug): a fact about the
 * service, not the site, so no check judges by it.
 */
export const SERVICE_ERROR = 'service_error';

/**
 * How the crawl's request of a page ended: null when it was not requested (robots.txt,
 * too long), has no answer yet, or the service failed on it, so that a check cannot
 * judge by it.
 */
export type PageAnswer =
  'success' | 'redirect' | 'client_error' | 'server_error' | 'failed';

export function answerOf(page: SitePage): PageAnswer | null {
  if (!page.requested || page.error === SERVICE_ERROR) return null;
  const status = page.statusCode;
  if (status === null) return page.error === null ? null : 'failed';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  if (status >= 300) return 'redirect';
  return 'success';
}

/** A 4xx, a 5xx or a failed fetch: what a link or a canonical must not lead to. */
export function isBroken(page: SitePage): boolean {
  const answer = answerOf(page);
  return (
    answer === 'client_error' ||
    answer === 'server_error' ||
    answer === 'failed'
  );
}
