import {
  bandOf,
  isWide,
  LAB_THRESHOLDS,
  LIGHTHOUSE_AUDIT_IDS,
  median,
} from './lab-bands.js';
import { LAB_METRIC_IDS } from './lab-result.js';

describe('the thresholds', () => {
  it.each(LAB_METRIC_IDS)(
    '%s matches Lighthouse’s own mobile scoring control points',
    async (id) => {
      const audit = (await import(
        `lighthouse/core/audits/metrics/${LIGHTHOUSE_AUDIT_IDS[id]}.js`
      )) as {
        default: {
          defaultOptions: {
            mobile?: { scoring: { p10: number; median: number } };
            p10?: number;
            median?: number;
          };
        };
      };
      const options = audit.default.defaultOptions;
      const scoring = options.mobile?.scoring ?? options;
      expect({ good: scoring.p10, poor: scoring.median }).toEqual({
        good: LAB_THRESHOLDS[id].good,
        poor: LAB_THRESHOLDS[id].poor,
      });
    },
  );
});

describe('bandOf', () => {
  it('is good up to the good threshold, needs improvement up to the poor one, poor past it', () => {
    expect(bandOf('largest_contentful_paint', 2500)).toBe('good');
    expect(bandOf('largest_contentful_paint', 2501)).toBe('needs_improvement');
    expect(bandOf('largest_contentful_paint', 4000)).toBe('needs_improvement');
    expect(bandOf('largest_contentful_paint', 4001)).toBe('poor');
    expect(bandOf('cumulative_layout_shift', 0)).toBe('good');
    expect(bandOf('cumulative_layout_shift', 0.11)).toBe('needs_improvement');
    expect(bandOf('cumulative_layout_shift', 0.3)).toBe('poor');
    expect(bandOf('total_blocking_time', 650)).toBe('poor');
    expect(bandOf('first_contentful_paint', 1900)).toBe('needs_improvement');
    expect(bandOf('speed_index', 3400)).toBe('needs_improvement');
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    expect(median([3])).toBe(3);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([100, 7, 7, 7, 1])).toBe(7);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('isWide', () => {
  it('is never wide for one run', () => {
    expect(isWide('largest_contentful_paint', [9000])).toBe(false);
  });

  it('needs the spread past 25% of the median and past 200 ms for a time', () => {
    // 1,000 ms apart on a 3,000 ms median: 33% and past 200 ms.
    expect(isWide('largest_contentful_paint', [2500, 3000, 3500])).toBe(true);
    // 600 ms apart on a 3,000 ms median: 20%.
    expect(isWide('largest_contentful_paint', [2700, 3000, 3300])).toBe(false);
    // 100% apart, yet only 100 ms.
    expect(isWide('first_contentful_paint', [100, 150, 200])).toBe(false);
  });

  it('needs the spread past 0.05 for layout shift', () => {
    expect(isWide('cumulative_layout_shift', [0, 0.01, 0.04])).toBe(false);
    expect(isWide('cumulative_layout_shift', [0.1, 0.3, 0.3])).toBe(true);
  });

  it('takes a zero median as wide only past the floor', () => {
    expect(isWide('total_blocking_time', [0, 0, 150])).toBe(false);
    expect(isWide('total_blocking_time', [0, 0, 450])).toBe(true);
  });
});
