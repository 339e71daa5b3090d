import type { LabBand, LabMetricId } from './lab-result.js';

/**
 * How a lab metric is judged: Lighthouse 13.5's mobile scoring control points (each
 * metric audit's `defaultOptions.scoring.mobile`). Lighthouse scores a value on a
 * log-normal curve through them: `good` (score 0.9) at most p10, `needs_improvement`
 * (score 0.5) at most the median, `poor` past it. lab-bands.spec.ts reads them back
 * from Lighthouse's own audits, so an upgrade that moves them fails a test.
 */
export const LAB_THRESHOLDS: Record<
  LabMetricId,
  { good: number; poor: number; unit: 'ms' | 'unitless' }
> = {
  largest_contentful_paint: { good: 2500, poor: 4000, unit: 'ms' },
  cumulative_layout_shift: { good: 0.1, poor: 0.25, unit: 'unitless' },
  total_blocking_time: { good: 200, poor: 600, unit: 'ms' },
  first_contentful_paint: { good: 1800, poor: 3000, unit: 'ms' },
  speed_index: { good: 3387, poor: 5800, unit: 'ms' },
};

/** Lighthouse's audit id of each metric. */
export const LIGHTHOUSE_AUDIT_IDS: Record<LabMetricId, string> = {
  largest_contentful_paint: 'largest-contentful-paint',
  cumulative_layout_shift: 'cumulative-layout-shift',
  total_blocking_time: 'total-blocking-time',
  first_contentful_paint: 'first-contentful-paint',
  speed_index: 'speed-index',
};

/** The band of `value` for `id`: at most `good` is good, past `poor` is poor. */
export function bandOf(id: LabMetricId, value: number): LabBand {
  const { good, poor } = LAB_THRESHOLDS[id];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs_improvement';
  return 'poor';
}

/** The median of `values` (the mean of the middle two of an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0)
    throw new RangeError('No values to take a median of.');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]
    : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Of the median, how far apart the runs may be before the spread is wide. */
export const WIDE_SHARE = 0.25;

/**
 * Below these absolute spreads runs agree whatever the share: a 40 ms FCP against
 * 60 ms is 50% apart and means nothing. Half of CLS's good threshold for layout shift.
 */
export const WIDE_FLOOR: Record<'ms' | 'unitless', number> = {
  ms: 200,
  unitless: 0.05,
};

/**
 * Whether runs disagree more than their median can be trusted for: the spread
 * (highest less lowest) is past 25% of the median and past the unit's floor.
 */
export function isWide(id: LabMetricId, runs: readonly number[]): boolean {
  if (runs.length < 2) return false;
  const spread = Math.max(...runs) - Math.min(...runs);
  return (
    spread > WIDE_SHARE * median(runs) &&
    spread > WIDE_FLOOR[LAB_THRESHOLDS[id].unit]
  );
}
