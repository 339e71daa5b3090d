import type { SiteCrawl, SiteCrawlFacts, SitePage } from './site-crawl.js';

/**
 * The crawl's facts, worked out once for every site check in O(pages + links): pages
 * in id order and by id and url, and each page's inlinks counted up front, so that no
 * check scans the links to ask for one page.
 */
export function crawlFacts(crawl: SiteCrawl): SiteCrawlFacts {
  const pages = [...crawl.pages].sort((a, b) => a.id - b.id);
  const byId = new Map<number, SitePage>();
  const byUrl = new Map<string, SitePage>();
  const indexOf = new Map<number, number>();
  pages.forEach((page, index) => {
    byId.set(page.id, page);
    byUrl.set(page.url, page);
    indexOf.set(page.id, index);
  });
  const inlinks = inlinkCounts(crawl, indexOf);
  return {
    pages,
    links: crawl.links,
    inScope: (url) => crawl.inScope(url),
    byId,
    byUrl,
    indexable: isIndexable,
    inlinks: (page) => {
      const index = indexOf.get(page.id);
      return index === undefined ? 0 : inlinks[index];
    },
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
 * Distinct other pages with a followed link to each page, by page index. The followed
 * links are bucketed by their source (a counting sort), so one stamp per target tells a
 * source's second link to it from its first, without a set of pairs.
 */
function inlinkCounts(
  crawl: SiteCrawl,
  indexOf: ReadonlyMap<number, number>,
): Int32Array {
  const count = indexOf.size;
  const starts = new Int32Array(count + 1);
  const sources = new Int32Array(crawl.links.length);
  const targets = new Int32Array(crawl.links.length);
  let kept = 0;
  for (const link of crawl.links) {
    if (!link.followed || link.to === null || link.to === link.from) continue;
    const source = indexOf.get(link.from);
    const target = indexOf.get(link.to);
    if (source === undefined || target === undefined) continue;
    sources[kept] = source;
    targets[kept] = target;
    starts[source + 1]++;
    kept++;
  }
  for (let index = 0; index < count; index++) {
    starts[index + 1] += starts[index];
  }
  const next = starts.slice(0, count);
  const bySource = new Int32Array(kept);
  for (let i = 0; i < kept; i++) bySource[next[sources[i]]++] = targets[i];

  const inlinks = new Int32Array(count);
  // The last source (plus one) counted for each target; 0: none yet.
  const countedFrom = new Int32Array(count);
  for (let source = 0; source < count; source++) {
    for (let i = starts[source]; i < starts[source + 1]; i++) {
      const target = bySource[i];
      if (countedFrom[target] === source + 1) continue;
      countedFrom[target] = source + 1;
      inlinks[target]++;
    }
  }
  return inlinks;
}

/**
 * How the crawl's request of a page ended: null when it was not requested (robots.txt)
 * or has no answer yet, so that a check cannot judge by it.
 */
export type PageAnswer =
  'success' | 'redirect' | 'client_error' | 'server_error' | 'failed';

export function answerOf(page: SitePage): PageAnswer | null {
  if (!page.requested) return null;
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
