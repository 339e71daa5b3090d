import robotsParserModule from 'robots-parser';

// robots-parser is CommonJS typed as an ES default export: under Node's ESM interop the
// default import is already the function.
const robotsParser =
  robotsParserModule as unknown as typeof robotsParserModule.default;

/** The longest Crawl-delay a crawl honours (SITE-AUDIT.md). */
export const MAX_CRAWL_DELAY_MS = 10_000;

/** What a site's robots.txt tells a crawl: which URLs it may request, and how far apart. */
export interface CrawlRobots {
  allows: (url: string) => boolean;
  crawlDelayMs: number;
}

/** No robots.txt to obey: every URL, no delay. */
export const OBEY_NOTHING: CrawlRobots = {
  allows: () => true,
  crawlDelayMs: 0,
};

/**
 * The rules of a robots.txt for `userAgent`: only a robots.txt that answered 2xx has
 * rules (a missing one allows everything, as crawlers read it); Crawl-delay at most
 * MAX_CRAWL_DELAY_MS.
 */
export function crawlRobots(
  robotsTxt: { url: string; status: number | null; body: string | null },
  userAgent: string,
): CrawlRobots {
  if (
    robotsTxt.status === null ||
    robotsTxt.status < 200 ||
    robotsTxt.status >= 300 ||
    robotsTxt.body === null
  ) {
    return OBEY_NOTHING;
  }
  const robots = robotsParser(robotsTxt.url, robotsTxt.body);
  const agent = userAgent.split(/[\s/]/)[0] || userAgent;
  const delay = robots.getCrawlDelay(agent);
  return {
    // A URL of another origin is none of this robots.txt's business.
    allows: (url) => robots.isAllowed(url, agent) !== false,
    crawlDelayMs:
      typeof delay === 'number' && delay > 0
        ? Math.min(MAX_CRAWL_DELAY_MS, Math.round(delay * 1000))
        : 0,
  };
}
