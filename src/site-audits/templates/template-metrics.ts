import { LAB_METRIC_IDS } from '../../lab/lab-result.js';
import type { LabBand, LabMetricId, LabResult } from '../../lab/lab-result.js';

/** A lab metric of a template: over its measured pages' medians. */
export interface TemplateMetric {
  id: LabMetricId;
  unit: 'ms' | 'unitless';
  /** The median page's median (the lower of the two middle ones for an even count): a value a page had. */
  value: number;
  /** That page's band. */
  band: LabBand;
  /** The measured pages it is over. */
  pages: number;
  /** The lowest and highest of the pages' medians. */
  spread: { min: number; max: number };
  /** A measured page's runs disagreed more than its median can be trusted for. */
  wide: boolean;
}

/** A template's metrics from the results of its measured pages; empty when none was measured. */
export function templateMetricsOf(results: LabResult[]): TemplateMetric[] {
  const metrics: TemplateMetric[] = [];
  for (const id of LAB_METRIC_IDS) {
    const measured = results
      .map((result) => result.metrics.find((metric) => metric.id === id))
      .filter((metric) => metric !== undefined)
      .sort((a, b) => a.value - b.value);
    if (measured.length === 0) continue;
    const median = measured[Math.floor((measured.length - 1) / 2)];
    metrics.push({
      id,
      unit: median.unit,
      value: median.value,
      band: median.band,
      pages: measured.length,
      spread: {
        min: measured[0].value,
        max: measured[measured.length - 1].value,
      },
      wide: measured.some((metric) => metric.wide),
    });
  }
  return metrics;
}
