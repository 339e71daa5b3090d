import {
  agentRules,
  NO_RULES,
  parseRobotsTxt,
  productToken,
  robotsAllows,
} from '../robots-txt/index.js';
import type { AgentRules } from '../robots-txt/index.js';

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

/** A robots.txt as the crawl fetched it. */
export interface FetchedRobotsTxt {
  url: string;
  status: number | null;
  body: string | null;
}

/**
 * The rules of a robots.txt for the crawler of User-Agent `userAgent` (its product
 * token), as plain data a worker thread can be handed (`robotsAllows(rules, url)`):
 * only a robots.txt that answered 2xx has rules (a missing one allows everything, as
 * crawlers read it).
 */
export function crawlRobotsRules(
  robotsTxt: FetchedRobotsTxt,
  userAgent: string,
): AgentRules {
  if (
    robotsTxt.status === null ||
    robotsTxt.status < 200 ||
    robotsTxt.status >= 300 ||
    robotsTxt.body === null
  ) {
    return NO_RULES;
  }
  return agentRules(
    parseRobotsTxt(robotsTxt.body),
    productToken(userAgent),
    // URLs of another origin are none of this robots.txt's business.
    URL.parse(robotsTxt.url)?.origin ?? null,
  );
}

/** The Crawl-delay of `rules` in ms, at most MAX_CRAWL_DELAY_MS; 0 when none. */
export function crawlDelayMsOf(rules: AgentRules): number {
  const seconds = rules.crawlDelaySeconds;
  return seconds !== null && seconds > 0
    ? Math.min(MAX_CRAWL_DELAY_MS, Math.round(seconds * 1000))
    : 0;
}

/** The rules of a robots.txt for `userAgent` (see crawlRobotsRules), Crawl-delay at most MAX_CRAWL_DELAY_MS. */
export function crawlRobots(
  robotsTxt: FetchedRobotsTxt,
  userAgent: string,
): CrawlRobots {
  const rules = crawlRobotsRules(robotsTxt, userAgent);
  if (rules === NO_RULES) return OBEY_NOTHING;
  return {
    allows: (url) => robotsAllows(rules, url),
    crawlDelayMs: crawlDelayMsOf(rules),
  };
}
