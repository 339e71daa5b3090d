import { lcpResult } from '../../../test/support/lab-results.js';
import type { LabMetric, LabResult } from '../../lab/lab-result.js';
import { templateMetricsOf } from './template-metrics.js';

const resultWith = (
  lcp: number,
  band: LabMetric['band'],
  wide = false,
): LabResult => lcpResult(`https://example.com/${lcp}`, lcp, band, wide);

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
