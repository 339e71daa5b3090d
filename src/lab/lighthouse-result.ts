import {
  bandOf,
  isWide,
  LAB_THRESHOLDS,
  LIGHTHOUSE_AUDIT_IDS,
  median,
} from './lab-bands.js';
import { LAB_METRIC_IDS } from './lab-result.js';
import type { LabMetric, LabResult, LabSettings } from './lab-result.js';

/** The parts of one Lighthouse result (its LHR) read here. */
export interface LighthouseRunReport {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment: { hostUserAgent: string };
  configSettings: {
    formFactor: 'mobile' | 'desktop';
    throttlingMethod: 'simulate' | 'devtools' | 'provided';
    throttling: Record<string, number>;
  };
  categories: { performance?: { score: number | null } };
  audits: Record<
    string,
    { numericValue?: number; score?: number | null; errorMessage?: string }
  >;
}

/** The browser's version as Lighthouse saw it ("HeadlessChrome/156.0.1.2"). */
export function browserVersionOf(userAgent: string): string {
  return (
    /(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/.exec(userAgent)?.[1] ??
    'unknown'
  );
}

/** Why a run gives no figures: Lighthouse's runtime error, or no performance score. */
export function runFailureOf(report: LighthouseRunReport): string | null {
  if (report.runtimeError) {
    return `${report.runtimeError.code}: ${report.runtimeError.message}`;
  }
  const score = report.categories.performance?.score;
  if (typeof score !== 'number') return 'Lighthouse gave no performance score.';
  return null;
}

function settingsOf(
  report: LighthouseRunReport,
  browserVersion?: string,
): LabSettings {
  const { formFactor, throttlingMethod, throttling } = report.configSettings;
  return {
    tool: 'lighthouse',
    tool_version: report.lighthouseVersion,
    browser_version:
      browserVersion ?? browserVersionOf(report.environment.hostUserAgent),
    form_factor: formFactor,
    throttling_method: throttlingMethod,
    throttling: Object.fromEntries(
      Object.entries(throttling).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number',
      ),
    ),
  };
}

/** One metric over the runs that measured it, or null when none did. */
function metricOf(
  id: (typeof LAB_METRIC_IDS)[number],
  reports: readonly LighthouseRunReport[],
): LabMetric | null {
  const runs = reports
    .map((report) => report.audits[LIGHTHOUSE_AUDIT_IDS[id]]?.numericValue)
    .filter((value): value is number => typeof value === 'number');
  if (runs.length === 0) return null;
  const value = median(runs);
  return {
    id,
    value,
    unit: LAB_THRESHOLDS[id].unit,
    band: bandOf(id, value),
    runs,
    spread: { min: Math.min(...runs), max: Math.max(...runs) },
    wide: isWide(id, runs),
  };
}

const UNIT_WORDS = { ms: ' ms', unitless: '' };

function format(value: number, unit: 'ms' | 'unitless'): string {
  return unit === 'ms' ? String(Math.round(value)) : String(+value.toFixed(3));
}

/**
 * The lab result of a page's runs: each metric's median, band and spread; the
 * median performance score; the settings of the first run (every run of a measure
 * has the same). `failures` are the runs that gave nothing, said as warnings.
 * `browserVersion` is the browser's own (its user agent may say only the major).
 */
export function labResultOf(
  reports: readonly LighthouseRunReport[],
  failures: readonly string[],
  measuredAt: Date,
  browserVersion?: string,
): LabResult {
  const measured = reports.filter((report) => runFailureOf(report) === null);
  const failed = [
    ...failures,
    ...reports.map(runFailureOf).filter((f): f is string => f !== null),
  ];
  if (measured.length === 0) {
    throw new RangeError('No run gave figures to take a result of.');
  }
  const metrics: LabMetric[] = [];
  const warnings: string[] = [];
  for (const id of LAB_METRIC_IDS) {
    const metric = metricOf(id, measured);
    if (!metric) {
      warnings.push(`${id}: no run measured it.`);
      continue;
    }
    metrics.push(metric);
    if (metric.runs.length < measured.length) {
      warnings.push(
        `${id}: measured by ${metric.runs.length} of ${measured.length} runs.`,
      );
    }
    if (metric.wide) {
      const unit = UNIT_WORDS[metric.unit];
      warnings.push(
        `${id}: the runs disagree (${format(metric.spread.min, metric.unit)}${unit} to ${format(metric.spread.max, metric.unit)}${unit}); the median is less certain than usual.`,
      );
    }
  }
  for (const failure of failed) {
    warnings.push(`A run failed and is left out: ${failure}`);
  }
  const runWarnings = new Set(measured.flatMap((r) => r.runWarnings ?? []));
  for (const warning of runWarnings) warnings.push(`Lighthouse: ${warning}`);
  const scores = measured.map(
    (report) => report.categories.performance?.score ?? 0,
  );
  return {
    url: measured[0].finalDisplayedUrl,
    measured_at: measuredAt.toISOString(),
    performance_score: Math.round(median(scores) * 100),
    runs: measured.length,
    metrics,
    settings: settingsOf(measured[0], browserVersion),
    warnings,
  };
}
