/**
 * What a lab measurement of one page says: each
 * metric's median over several runs, its score band and the spread of the runs. Reports
 * keep it as their `lab` section; site audits keep one per measured page of a template.
 */

/** The metrics measured, named as Lighthouse CI's assertions name them. */
export const LAB_METRIC_IDS = [
  'largest_contentful_paint',
  'cumulative_layout_shift',
  'total_blocking_time',
  'first_contentful_paint',
  'speed_index',
] as const;
export type LabMetricId = (typeof LAB_METRIC_IDS)[number];

/** Lighthouse's bands: good, needs improvement, poor. */
export type LabBand = 'good' | 'needs_improvement' | 'poor';

export interface LabMetric {
  id: LabMetricId;
  /** The median of the runs: milliseconds, or unitless for layout shift. */
  value: number;
  unit: 'ms' | 'unitless';
  band: LabBand;
  /** Every run's value, in the order run. */
  runs: number[];
  /** The runs' lowest and highest values. */
  spread: { min: number; max: number };
  /** The runs disagree more than a median can be trusted for (the rule is in lab-bands). */
  wide: boolean;
}

/** How the page was measured, kept with the figures so two results can be compared. */
export interface LabSettings {
  tool: string;
  tool_version: string;
  browser_version: string;
  form_factor: 'mobile' | 'desktop';
  throttling_method: 'simulate' | 'devtools' | 'provided';
  /** Lighthouse's throttling figures as used. */
  throttling: Record<string, number>;
}

export interface LabResult {
  /** The URL measured (after redirects, as the browser ended on it). */
  url: string;
  measured_at: string;
  /** The median of the runs' performance scores, 0–100. */
  performance_score: number;
  /** How many runs the medians are of. */
  runs: number;
  metrics: LabMetric[];
  settings: LabSettings;
  /** What a reader should know: wide spreads, runs that failed and were left out. */
  warnings: string[];
}

/** A measurement that gave no figures, kept on its report beside the analysis: why, in words. */
export interface LabFailure {
  /** The URL it was asked to measure. */
  url: string;
  measured_at: string;
  error: { code: LabError['code']; message: string };
}

/** What a report keeps of its lab measurement: the figures, or why there are none. */
export type LabOutcome = LabResult | LabFailure;

/** Whether the measurement gave no figures. */
export function labFailed(lab: LabOutcome): lab is LabFailure {
  return 'error' in lab;
}

/** Why a lab measurement gave no result. */
export class LabError extends Error {
  constructor(
    readonly code:
      | 'browser_missing'
      | 'blocked'
      | 'timeout'
      | 'failed'
      | 'navigation_failed',
    message: string,
  ) {
    super(message);
    this.name = 'LabError';
  }
}

/**
 * Measures pages in a lab browser. One run at a time per machine (Lighthouse's
 * guidance): callers on other processes wait their turn.
 */
export interface LabMeasurer {
  measure(
    url: string,
    options: { runs: number; signal?: AbortSignal },
  ): Promise<LabResult>;
}
