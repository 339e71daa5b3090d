import { LAB_METRIC_IDS } from '../lab/lab-result.js';
import type { LabMetricId } from '../lab/lab-result.js';
import { labFigure } from '../lab/lab-text.js';
import type { Level } from './assertion-entry.js';

/**
 * Assertions on lab metrics, as Lighthouse CI writes them
 * (`largest_contentful_paint: ['error', { maxNumericValue: 2500 }]`), judged per
 * template: a template fails when its median is over the budget, and its pages
 * inherit the verdict.
 */

/** A template's lab median must be at most `maxNumericValue` (ms, or unitless for CLS). */
export interface LabAssertion {
  kind: 'lab';
  id: LabMetricId;
  level: Level;
  maxNumericValue: number;
}

/** A template as the gate reads it (GET /site-audits/{id}/templates answers more). */
export interface GateTemplate {
  name: string;
  pages: number;
  representatives: string[];
  metrics: Array<{ id: string; value: number; unit: 'ms' | 'unitless' }>;
}

/** A template over budget: its name, median, pages, and the pages measured. */
export interface TemplateBreach {
  name: string;
  value: number;
  unit: 'ms' | 'unitless';
  pages: number;
  measured: string[];
}

/** What a lab metric is, for outputs that explain a failure. */
export const LAB_METRICS: Record<
  LabMetricId,
  { title: string; advice: string }
> = {
  largest_contentful_paint: {
    title: 'Largest Contentful Paint',
    advice:
      "Show the largest element sooner: serve the hero image small, compressed and preloaded, don't lazy-load it, and cut render-blocking CSS and scripts.",
  },
  cumulative_layout_shift: {
    title: 'Cumulative Layout Shift',
    advice:
      'Reserve room for what loads late: width and height on images and embeds, no content inserted above what is shown, fonts that swap without reflow.',
  },
  total_blocking_time: {
    title: 'Total Blocking Time',
    advice:
      'Break up long tasks on the main thread: less JavaScript at load, deferred third-party scripts, work split and yielded.',
  },
  first_contentful_paint: {
    title: 'First Contentful Paint',
    advice:
      'Paint something sooner: a faster server answer, critical CSS inline, render-blocking resources deferred.',
  },
  speed_index: {
    title: 'Speed Index',
    advice:
      'Show the page progressively: what is above the fold first, fewer and smaller resources before it.',
  },
};

export function isLabMetricId(id: string): id is LabMetricId {
  return (LAB_METRIC_IDS as readonly string[]).includes(id);
}

/** "median at most 2500 ms per template". */
export function labConditionOf(assertion: LabAssertion): string {
  const unit = assertion.id === 'cumulative_layout_shift' ? 'unitless' : 'ms';
  return `median at most ${labFigure(assertion.maxNumericValue, unit)} per template`;
}

/** How a lab assertion came out over an audit's templates. */
export interface LabJudgement {
  passed: boolean;
  /** The highest template median; null when no template was measured. */
  actual: number | null;
  breaches: TemplateBreach[];
  message: string;
}

/**
 * Judges the assertion over the templates: each measured template's median against
 * the budget. Without any measured template it fails: a budget nobody measured is
 * not met (the audit ran without lab, or every measurement failed).
 */
export function judgeLabAssertion(
  assertion: LabAssertion,
  templates: GateTemplate[] | undefined,
): LabJudgement {
  const measured = (templates ?? []).flatMap((template) => {
    const metric = template.metrics.find((m) => m.id === assertion.id);
    return metric ? [{ template, metric }] : [];
  });
  if (measured.length === 0) {
    return {
      passed: false,
      actual: null,
      breaches: [],
      message: `no template measured, ${labConditionOf(assertion)} (audit with lab: true, --lab)`,
    };
  }
  const breaches = measured
    .filter(({ metric }) => metric.value > assertion.maxNumericValue)
    .sort(
      (a, b) =>
        b.metric.value - a.metric.value ||
        (a.template.name < b.template.name ? -1 : 1),
    )
    .map(({ template, metric }) => ({
      name: template.name,
      value: metric.value,
      unit: metric.unit,
      pages: template.pages,
      measured: template.representatives,
    }));
  const worst = Math.max(...measured.map(({ metric }) => metric.value));
  const over =
    breaches.length === 0
      ? `${measured.length} ${measured.length === 1 ? 'template' : 'templates'} within budget`
      : `${breaches.length} of ${measured.length} templates over: ${breaches
          .map(
            (b) =>
              `${b.name} ${labFigure(b.value, b.unit)} (${b.pages} ${b.pages === 1 ? 'page' : 'pages'})`,
          )
          .join(', ')}`;
  return {
    passed: breaches.length === 0,
    actual: worst,
    breaches,
    message: `${over}, ${labConditionOf(assertion)}`,
  };
}
