import type { LabMetric, LabResult } from '../../lab/lab-result.js';
import { templateMetricsOf } from './template-metrics.js';

function resultWith(
  lcp: number,
  band: LabMetric['band'],
  wide = false,
): LabResult {
  return {
    url: `https://example.com/${lcp}`,
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
    settings: {
      tool: 'test',
      tool_version: '0',
      browser_version: '0',
      form_factor: 'mobile',
      throttling_method: 'simulate',
      throttling: {},
    },
    warnings: [],
  };
}

describe('templateMetricsOf', () => {
  it("takes the median page's value and band, with the pages' spread", () => {
    const [lcp] = templateMetricsOf([
      resultWith(4100, 'poor'),
      resultWith(1200, 'good'),
      resultWith(2600, 'needs_improvement'),
    ]);
    expect(lcp).toEqual({
      id: 'largest_contentful_paint',
      unit: 'ms',
      value: 2600,
      band: 'needs_improvement',
      pages: 3,
      spread: { min: 1200, max: 4100 },
      wide: false,
    });
  });

  it('takes the lower middle page of an even count, a value a page had', () => {
    const [lcp] = templateMetricsOf([
      resultWith(3000, 'needs_improvement'),
      resultWith(1000, 'good'),
    ]);
    expect(lcp.value).toBe(1000);
    expect(lcp.band).toBe('good');
  });

  it('is wide when a page runs disagreed', () => {
    const [lcp] = templateMetricsOf([
      resultWith(1000, 'good'),
      resultWith(1100, 'good', true),
    ]);
    expect(lcp.wide).toBe(true);
  });

  it('has no metric without a measured page', () => {
    expect(templateMetricsOf([])).toEqual([]);
  });
});
