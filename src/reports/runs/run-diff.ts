import { CATEGORIES } from '../../analysis/index.js';
import type {
  AnalysisResults,
  Category,
  CheckResult,
  Rating,
} from '../../analysis/index.js';

/**
 * What changed between two analyses of one page: pure, free of Nest and of the
 * database, so the rules of a diff are tested on plain results.
 */

/** A check's outcome in one run; `absent` when that run did not have the check. */
export type CheckState = 'passed' | 'failed' | 'not_applicable' | 'absent';

export interface ScoreChange {
  from: number;
  to: number;
  /** to − from. */
  delta: number;
}

export interface CategoryChange {
  from: number | null;
  to: number | null;
  /** to − from; null when the category applied in only one of the runs (or neither). */
  delta: number | null;
}

/** A check that failed in one run and not in the other, as it stood where it failed. */
export interface FailingCheck extends CheckResult {
  passed: false;
}

export interface StartedFailing extends FailingCheck {
  /** Its outcome in the earlier run. */
  was: Exclude<CheckState, 'failed'>;
}

export interface StoppedFailing extends FailingCheck {
  /** Its outcome in the later run. */
  now: Exclude<CheckState, 'failed'>;
}

export interface ResultsDiff {
  score: ScoreChange;
  result: { from: Rating; to: Rating; changed: boolean };
  categories: Record<Category, CategoryChange>;
  /** Failed in `to`, not in `from`: with the evidence of `to`. In `to`'s check order. */
  started_failing: StartedFailing[];
  /** Failed in `from`, not in `to`: with the evidence of `from`. In `from`'s check order. */
  stopped_failing: StoppedFailing[];
}

function stateOf(check: CheckResult | undefined): CheckState {
  if (!check) return 'absent';
  if (check.passed === null) return 'not_applicable';
  return check.passed ? 'passed' : 'failed';
}

function failing(check: CheckResult): check is FailingCheck {
  return check.passed === false;
}

/** Failed checks of `run` that do not fail in `other`, with their outcome there. */
function newlyFailing(
  run: AnalysisResults,
  other: AnalysisResults,
): Array<{ check: FailingCheck; other: Exclude<CheckState, 'failed'> }> {
  const otherById = new Map(other.checks.map((check) => [check.id, check]));
  return run.checks.filter(failing).flatMap((check) => {
    const state = stateOf(otherById.get(check.id));
    return state === 'failed' ? [] : [{ check, other: state }];
  });
}

function delta(from: number | null, to: number | null): number | null {
  return from === null || to === null ? null : to - from;
}

/** The changes from the analysis `from` to the analysis `to`. */
export function diffResults(
  from: AnalysisResults,
  to: AnalysisResults,
): ResultsDiff {
  const categories = Object.fromEntries(
    CATEGORIES.map((category) => {
      const before = from.categories[category]?.score ?? null;
      const after = to.categories[category]?.score ?? null;
      return [
        category,
        { from: before, to: after, delta: delta(before, after) },
      ];
    }),
  ) as Record<Category, CategoryChange>;
  return {
    score: { from: from.score, to: to.score, delta: to.score - from.score },
    result: {
      from: from.rating,
      to: to.rating,
      changed: from.rating !== to.rating,
    },
    categories,
    started_failing: newlyFailing(to, from).map(({ check, other }) => ({
      ...check,
      was: other,
    })),
    stopped_failing: newlyFailing(from, to).map(({ check, other }) => ({
      ...check,
      now: other,
    })),
  };
}

/** Whether nothing changed that a diff reports. */
export function isUnchanged(diff: ResultsDiff): boolean {
  return (
    diff.score.delta === 0 &&
    !diff.result.changed &&
    CATEGORIES.every(
      (c) => diff.categories[c].from === diff.categories[c].to,
    ) &&
    diff.started_failing.length === 0 &&
    diff.stopped_failing.length === 0
  );
}
