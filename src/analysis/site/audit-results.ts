import { docUrlOf } from '../checks/check.js';
import type { CheckOutcome } from '../types.js';
import { CHECKS } from '../checks/registry.js';
import {
  adviseAbsoluteCanonical,
  judgeOtherCanonical,
} from '../checks/seo-crawling.js';
import { brokenLinks } from '../checks/seo-links.js';
import type { ParsedPage } from '../parse.js';
import { capScore, ratingOf, scoreChecks } from '../score.js';
import type {
  AnalysisResults,
  CheckResult,
  Importance,
  LinkProbe,
  SideFetch,
  Snapshot,
  TargetProbe,
} from '../types.js';
import type { AuditProbePlan } from './audit-page.js';

/**
 * The page checks of a site audit's pages: stored small (what the registry knows of
 * each check is left out), judged again over the crawl's answers when it has stopped
 * (broken_links and canonical, whose targets the crawl requests or probes once), and
 * scored with the site checks each page fails.
 */

/** One check's outcome as stored: id, passed, message, evidence. */
export type StoredCheck = [string, boolean | null, string, unknown];

/** A page's results as a site audit stores them: 10 KB of JSON become about 3. */
export interface StoredResults extends Omit<AnalysisResults, 'checks'> {
  checks: StoredCheck[];
}

const BY_ID = new Map(CHECKS.map((check) => [check.id, check]));

export function compactResults(results: AnalysisResults): StoredResults {
  // A page's accessibility_violations check keeps its violations, bounded as all evidence is.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { checks, accessibility, ...rest } = results;
  return {
    ...rest,
    checks: checks.map((c) => [c.id, c.passed, c.message, c.value]),
  };
}

/** A stored outcome as the API shows a check's result. */
function resultOf([id, passed, message, value]: StoredCheck): CheckResult {
  const check = BY_ID.get(id);
  const result: CheckResult = {
    id,
    category: check?.category ?? 'seo',
    importance: check?.importance ?? 'low',
    passed,
    title: check?.title ?? id,
    message,
    value: value ?? null,
  };
  if (passed === false && check) {
    result.advice = check.advice;
    result.doc_url = docUrlOf(id);
  }
  return result;
}

/** A site check a page fails, as its score counts it. */
export interface SiteFailure {
  id: string;
  importance: Importance;
}

/**
 * The full results of a stored page: each check as the registry names it, the outcomes
 * judged again put in, and the score counting each site check the page fails as a
 * failed check of its importance (category seo).
 */
export function expandResults(
  stored: StoredResults,
  rejudged: Record<string, CheckOutcome> = {},
  siteFailures: readonly SiteFailure[] = [],
): AnalysisResults {
  const checks = stored.checks.map((entry) => {
    const again = rejudged[entry[0]];
    return resultOf(
      again
        ? [entry[0], again.passed, again.message, again.value ?? null]
        : entry,
    );
  });
  const scored = scoreOf(checks, siteFailures);
  return {
    ...stored,
    score: scored.score,
    uncapped_score: scored.uncapped,
    capped_by: scored.cappedBy,
    rating: scored.rating,
    categories: scored.categories,
    checks,
  };
}

/** A page's score with the site checks it fails counted as failed checks. */
export function scoreOf(
  checks: readonly CheckResult[],
  siteFailures: readonly SiteFailure[],
) {
  const counted: CheckResult[] = [
    ...checks,
    ...siteFailures.map((failure): CheckResult => ({
      id: failure.id,
      category: 'seo',
      importance: failure.importance,
      passed: false,
      title: failure.id,
      message: '',
      value: null,
    })),
  ];
  const { score: uncapped, categories } = scoreChecks(counted);
  const { score, cappedBy } = capScore(uncapped, counted);
  return { score, uncapped, cappedBy, rating: ratingOf(score), categories };
}

/** Redirects followed through the crawl's answers at most (as link probes follow them). */
const MAX_HOPS = 5;

/**
 * broken_links and canonical of one page judged again over what the crawl knows once
 * it has stopped: each target's answer (a page's, or a probe's), redirects followed
 * through the answers. A target nobody asked is left unchecked, as a probe that did
 * not answer is. `answerOf` answers undefined for such a URL. The targets
 * `leftToSite` picks are left out of broken_links: a site check judges them, and a
 * problem is named once.
 */
export function rejudgeProbes(
  pageUrl: string,
  plan: AuditProbePlan,
  first: { brokenLinks: boolean | null; canonical: boolean | null },
  answerOf: (url: string) => TargetProbe | undefined,
  robotsTxt: SideFetch | null,
  leftToSite: (target: { url: string; kind: string }) => boolean = () => false,
): Record<string, CheckOutcome> {
  const rejudged: Record<string, CheckOutcome> = {};
  const finalAnswer = (url: string): TargetProbe => {
    let answer = answerOf(url);
    for (let hop = 0; answer && hop < MAX_HOPS; hop++) {
      if (answer.status === null || answer.status < 300 || answer.status >= 400)
        break;
      if (!answer.location) break;
      answer = answerOf(answer.location);
    }
    return (
      answer ?? {
        url,
        status: null,
        location: null,
        robots: [],
        error: 'unchecked',
      }
    );
  };
  const judged = plan.targets.filter((target) => !leftToSite(target));
  const probed: LinkProbe[] = judged.map((target) => {
    const answer = finalAnswer(target.url);
    return {
      url: target.url,
      kind: target.kind as LinkProbe['kind'],
      status: answer.status,
      error: answer.error,
    };
  });
  const snapshot = {
    finalUrl: pageUrl,
    headers: {},
    robotsTxt,
    linkProbes: {
      found: plan.found,
      probed,
      leftToSite: plan.targets.length - judged.length,
    },
    canonicalProbe:
      plan.canonical === null
        ? null
        : (answerOf(plan.canonical) ?? {
            url: plan.canonical,
            status: null,
            location: null,
            robots: [],
            error: 'unchecked',
          }),
  } as unknown as Snapshot;
  // broken_links reads only the probes; n/a at first means the page had none to judge.
  if (first.brokenLinks !== null || plan.found > 0) {
    rejudged.broken_links = brokenLinks.run(
      null as unknown as ParsedPage,
      snapshot,
    );
  }
  if (plan.canonical !== null && first.canonical !== null) {
    const target = new URL(plan.canonical);
    rejudged.canonical = adviseAbsoluteCanonical(
      judgeOtherCanonical(target, snapshot),
      plan.relativeCanonical ?? null,
      target,
    );
  }
  return rejudged;
}
