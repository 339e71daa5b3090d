/**
 * Lab performance, free of Nest and of the database: Lighthouse in a Chromium held to
 * the address policy, one run at a time per machine (docs/lab.md).
 * Everything outside lab/ imports from here.
 */
export { LAB_METRIC_IDS, LabError, labFailed } from './lab-result.js';
export type {
  LabBand,
  LabFailure,
  LabOutcome,
  LabMeasurer,
  LabMetric,
  LabMetricId,
  LabResult,
  LabSettings,
} from './lab-result.js';
export { bandOf, isWide, LAB_THRESHOLDS, median } from './lab-bands.js';
export {
  DEFAULT_LAB_RUNS,
  DEFAULT_LIGHTHOUSE_MEASURER_OPTIONS,
  LighthouseMeasurer,
  MAX_LAB_RUNS,
} from './lighthouse-measurer.js';
export type { LighthouseMeasurerOptions } from './lighthouse-measurer.js';
export { LAB_LOCK_NAME } from './machine-lock.js';
export {
  LAB_BAND_NAMES,
  LAB_METRIC_NAMES,
  labFigure,
  renderLab,
} from './lab-text.js';
