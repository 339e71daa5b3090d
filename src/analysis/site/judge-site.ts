import { SITE_CHECKS } from './registry.js';
import type { SiteCheck, SiteCheckFinding, SiteCrawl } from './site-crawl.js';
import { crawlFacts } from './site-facts.js';

/** A site check and the pages it affects, each once, in page id order. */
export interface SiteCheckResult {
  check: SiteCheck;
  findings: SiteCheckFinding[];
}

/**
 * The pure half of a site audit once its crawl has stopped: the facts worked out once,
 * then every site check run once over them, in the registry's order; a check that
 * affects no page is listed with no findings. A check that throws is a bug and is not
 * hidden: the error propagates.
 */
export function judgeSite(
  crawl: SiteCrawl,
  checks: readonly SiteCheck[] = SITE_CHECKS,
): SiteCheckResult[] {
  const facts = crawlFacts(crawl);
  return checks.map((check) => ({ check, findings: check.run(facts) }));
}
