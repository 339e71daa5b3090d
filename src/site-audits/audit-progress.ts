/** What a crawl has done, as the audit's `progress` counts it. */
export interface CrawlCounts {
  /** Pages requested and settled. */
  crawled: number;
  /** In-scope URLs it may still request. */
  queued: number;
  maxPages: number;
  /** Since the audit was created. */
  elapsedMs: number;
}

/** Where an audit stands: the API's `progress` and audit-site's bar show these figures. */
export interface ProgressFigures {
  /** Crawled and queued, never past max_pages nor below the crawled. */
  pagesKnown: number;
  /** Of the pages known, the share crawled, in percent, rounded down. */
  percentDone: number;
  /** Null until a page is done. */
  timeLeftMs: number | null;
}

/**
 * The time left supposes the pages to go take as long as those done did: an estimate,
 * which pages found later raise.
 */
export function progressFigures({
  crawled,
  queued,
  maxPages,
  elapsedMs,
}: CrawlCounts): ProgressFigures {
  const known = Math.max(Math.min(crawled + queued, maxPages), crawled);
  return {
    pagesKnown: known,
    percentDone: known === 0 ? 0 : Math.floor((crawled * 100) / known),
    timeLeftMs:
      crawled === 0
        ? null
        : Math.round((elapsedMs * (known - crawled)) / crawled),
  };
}

/**
 * From the audit's creation until it is judged, then fixed; never negative (the
 * database stamps created_at, another clock than the caller's).
 */
export function elapsedMsOf(
  createdAt: Date,
  finishedAt: Date | null,
  now: Date,
): number {
  return Math.max(0, (finishedAt ?? now).getTime() - createdAt.getTime());
}
