import type {
  LabMetric,
  LabResult,
  LabSettings,
} from '../../src/lab/lab-result.js';

/** The settings a test's lab result names: no real tool measured it. */
export const TEST_LAB_SETTINGS: LabSettings = {
  tool: 'test',
  tool_version: '0',
  browser_version: '0',
  form_factor: 'mobile',
  throttling_method: 'simulate',
  throttling: {},
};

/** A lab result of one page with one metric, its LCP the same in each of 3 runs. */
export function lcpResult(
  url: string,
  lcp: number,
  band: LabMetric['band'] = 'good',
  wide = false,
): LabResult {
  return {
    url,
    measured_at: '2026-11-26T00:00:00.000Z',
    performance_score: 90,
    runs: 3,
    metrics: [
      {
        id: 'largest_contentful_paint',
        value: lcp,
        unit: 'ms',
        band,
        runs: [lcp, lcp, lcp],
        spread: { min: lcp, max: lcp },
        wide,
      },
    ],
    settings: TEST_LAB_SETTINGS,
    warnings: [],
  };
}
