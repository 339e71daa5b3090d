import type { LabResult } from './lab-result.js';

/** Each metric's name, as Lighthouse writes it. */
export const LAB_METRIC_NAMES = {
  largest_contentful_paint: 'Largest Contentful Paint',
  cumulative_layout_shift: 'Cumulative Layout Shift',
  total_blocking_time: 'Total Blocking Time',
  first_contentful_paint: 'First Contentful Paint',
  speed_index: 'Speed Index',
} as const;

/** Each band in words. */
export const LAB_BAND_NAMES = {
  good: 'good',
  needs_improvement: 'needs improvement',
  poor: 'poor',
} as const;

/** A metric's value for a person: `2480 ms`, or `0.012` for layout shift. */
export function labFigure(value: number, unit: 'ms' | 'unitless'): string {
  return unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
}

/** A lab result for a person: each metric's median, band and spread, then the warnings. */
export function renderLab(lab: LabResult): string {
  const { settings } = lab;
  const lines = [
    `Lab performance ${lab.performance_score}/100 (median of ${lab.runs} run${lab.runs === 1 ? '' : 's'}; Lighthouse ${settings.tool_version}, ${settings.form_factor}, ${settings.throttling_method} throttling, Chromium ${settings.browser_version})`,
  ];
  for (const metric of lab.metrics) {
    const spread =
      metric.runs.length > 1
        ? ` (runs ${labFigure(metric.spread.min, metric.unit)} to ${labFigure(metric.spread.max, metric.unit)}${metric.wide ? ', wide' : ''})`
        : '';
    lines.push(
      `  ${LAB_METRIC_NAMES[metric.id]}: ${labFigure(metric.value, metric.unit)}, ${LAB_BAND_NAMES[metric.band]}${spread}`,
    );
  }
  for (const warning of lab.warnings) lines.push(`  ! ${warning}`);
  return lines.join('\n');
}
