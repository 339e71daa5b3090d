import { compactResults, readAuditPage } from '../analysis/index.js';
import type { ReadCrawledPage } from '../crawler/pipeline/page-reading.js';

/**
 * How a site audit reads a crawled HTML page, on the crawler's reader threads: every
 * page check (with the site's facts) and the page's facts, its results kept compact.
 */
const readCrawledPage: ReadCrawledPage = async (answer, url, site, twin) => {
  const { facts, plan, results } = await readAuditPage(
    answer,
    url,
    site,
    twin,
    answer.rendered,
  );
  return {
    facts,
    plan,
    results: compactResults(results),
    score: results.score,
    rating: results.rating,
    failedChecks: results.checks
      .filter((check) => check.passed === false)
      .map((check) => check.id),
  };
};

export default readCrawledPage;
