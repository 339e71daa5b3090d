import { CATEGORIES, isScored } from './types.js';
import type {
  Category,
  CategoryScore,
  CheckResult,
  Importance,
  Rating,
} from './types.js';

/** How much a check counts in its category's and the overall score. */
export const WEIGHTS: Readonly<Record<Importance, number>> = {
  high: 3,
  medium: 2,
  low: 1,
};

/** Lowest scores of the good and decent ratings. */
export const RATING_FLOORS = { good: 80, decent: 50 } as const;

/**
 * Checks whose failure means the page cannot look healthy, whatever else it does well:
 * a page that does not answer 2xx is dead, one that may not be indexed is hidden.
 */
export const CAPPING_CHECKS: readonly string[] = ['http_status', 'indexable'];
/** The overall score at most when a capping check fails: just below decent, so rated bad. */
export const CAPPED_SCORE_MAX = RATING_FLOORS.decent - 1;

interface Tally {
  passedWeight: number;
  applicableWeight: number;
  passed: number;
  failed: number;
}

const percent = (tally: Tally): number =>
  Math.round((100 * tally.passedWeight) / tally.applicableWeight);

/**
 * Category and overall scores: round(100 × weight passed / weight applicable). Checks that
 * do not apply (passed null) count in neither; a category with none that apply scores null.
 * A lab measurement (`labScore`, Lighthouse's performance score 0–100) counts in the
 * performance category and overall as much as all the performance checks that applied
 * together (at least one high check's weight), earning its score's share of that weight.
 */
export function scoreChecks(
  results: readonly CheckResult[],
  labScore?: number,
): {
  score: number;
  categories: Record<Category, CategoryScore>;
} {
  const empty = (): Tally => ({
    passedWeight: 0,
    applicableWeight: 0,
    passed: 0,
    failed: 0,
  });
  const overall = empty();
  const tallies = Object.fromEntries(
    CATEGORIES.map((category) => [category, empty()]),
  ) as Record<Category, Tally>;

  for (const result of results) {
    // Accessibility is reported beside the score, not in it.
    if (result.passed === null || !isScored(result.category)) continue;
    const weight = WEIGHTS[result.importance];
    for (const tally of [overall, tallies[result.category]]) {
      tally.applicableWeight += weight;
      if (result.passed) {
        tally.passedWeight += weight;
        tally.passed++;
      } else {
        tally.failed++;
      }
    }
  }

  if (labScore !== undefined) {
    const weight = Math.max(tallies.performance.applicableWeight, WEIGHTS.high);
    for (const tally of [overall, tallies.performance]) {
      tally.applicableWeight += weight;
      tally.passedWeight += (weight * labScore) / 100;
    }
  }

  const categories = Object.fromEntries(
    CATEGORIES.map((category) => {
      const tally = tallies[category];
      return [
        category,
        {
          score: tally.applicableWeight === 0 ? null : percent(tally),
          passed: tally.passed,
          failed: tally.failed,
        },
      ];
    }),
  ) as Record<Category, CategoryScore>;

  return {
    score: overall.applicableWeight === 0 ? 0 : percent(overall),
    categories,
  };
}

/**
 * The overall score once capped: at most CAPPED_SCORE_MAX when a capping check failed.
 * `cappedBy` names the failed capping checks, whether or not the cap lowered the score.
 */
export function capScore(
  score: number,
  results: readonly CheckResult[],
): { score: number; cappedBy: string[] } {
  const cappedBy = results
    .filter((r) => r.passed === false && CAPPING_CHECKS.includes(r.id))
    .map((r) => r.id);
  return {
    score: cappedBy.length > 0 ? Math.min(score, CAPPED_SCORE_MAX) : score,
    cappedBy,
  };
}

/** good ≥ 80, decent ≥ 50, else bad. */
export function ratingOf(score: number): Rating {
  if (score >= RATING_FLOORS.good) return 'good';
  if (score >= RATING_FLOORS.decent) return 'decent';
  return 'bad';
}
