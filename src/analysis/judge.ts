import { CHECKS } from './checks/registry.js';
import { parsePage } from './parse.js';
import { scoreChecks } from './score.js';
import type { AnalysisResults, CheckResult, Snapshot } from './types.js';

/**
 * The pure half of an analysis: parse the snapshot's HTML once, run every check on it in
 * the registry's order and score the results. A check that throws is a bug and is not
 * hidden: the error propagates.
 */
export function judge(snapshot: Snapshot): AnalysisResults {
  const page = parsePage(snapshot.html, snapshot.finalUrl);
  const checks: CheckResult[] = CHECKS.map((check) => {
    const outcome = check.run(page, snapshot);
    return {
      id: check.id,
      category: check.category,
      importance: check.importance,
      passed: outcome.passed,
      title: check.title,
      message: outcome.message,
      value: outcome.value ?? null,
    };
  });
  const { score, categories } = scoreChecks(checks);
  return {
    score,
    categories,
    checks,
    page: {
      final_url: snapshot.finalUrl,
      status_code: snapshot.statusCode,
      redirects: snapshot.redirects,
      content_type: snapshot.contentType,
      encoding: snapshot.contentEncoding,
      ttfb_ms: Math.round(snapshot.ttfbMs),
      load_time_ms: Math.round(snapshot.loadTimeMs),
      html_bytes: snapshot.htmlBytes,
      transfer_bytes: snapshot.transferBytes,
      dom_elements: page.elementCount,
      words: page.wordCount,
    },
  };
}
