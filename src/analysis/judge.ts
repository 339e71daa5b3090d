import { renderedOutcome } from './render-outcome.js';
import { docUrlOf } from './checks/check.js';
import { checksFor } from './checks/registry.js';
import { parsePage } from './parse.js';
import type { ParsedPage } from './parse.js';
import { capScore, ratingOf, scoreChecks } from './score.js';
import type { AnalysisResults, CheckResult, Snapshot } from './types.js';

/**
 * The pure half of an analysis: parse the snapshot's HTML once (or take the parse
 * gathering made of it), run every check on it in the registry's order and score the
 * results. A check that throws is a bug and is not hidden: the error propagates.
 */
export function judge(
  snapshot: Snapshot,
  page: ParsedPage = parsePage(snapshot.html, snapshot.finalUrl),
): AnalysisResults {
  const checks: CheckResult[] = checksFor(snapshot.rendering !== undefined).map(
    (check) => {
      const outcome = check.run(page, snapshot);
      const result: CheckResult = {
        id: check.id,
        category: check.category,
        importance: check.importance,
        passed: outcome.passed,
        title: check.title,
        message: outcome.message,
        value: outcome.value ?? null,
      };
      if (outcome.passed === false) {
        result.advice = check.advice;
        result.doc_url = docUrlOf(check.id);
      }
      return result;
    },
  );
  const { score: uncappedScore, categories } = scoreChecks(checks);
  // Category scores stay as they are: the cap speaks of the page as a whole.
  const { score, cappedBy } = capScore(uncappedScore, checks);
  return {
    score,
    uncapped_score: uncappedScore,
    capped_by: cappedBy,
    rating: ratingOf(score),
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
    ...(snapshot.rendering
      ? { render: renderedOutcome(snapshot.rendering) }
      : {}),
    // Beside the score, in none of its categories: axe-core ran in the rendered page, or says why not.
    accessibility: snapshot.rendering
      ? (snapshot.rendering.accessibility ?? {
          ran: false,
          reason: 'not asked',
        })
      : { ran: false, reason: 'render: false' },
  };
}

/**
 * The results scored again with a lab measurement's performance score counted in
 * (scoreChecks): the performance category, the overall score, its cap and rating.
 */
export function withLabScore(
  results: AnalysisResults,
  labScore: number,
): AnalysisResults {
  const { score: uncappedScore, categories } = scoreChecks(
    results.checks,
    labScore,
  );
  const { score, cappedBy } = capScore(uncappedScore, results.checks);
  return {
    ...results,
    score,
    uncapped_score: uncappedScore,
    capped_by: cappedBy,
    rating: ratingOf(score),
    categories,
  };
}
