import {
  browserVersionOf,
  labResultOf,
  runFailureOf,
} from './lighthouse-result.js';
import type { LighthouseRunReport } from './lighthouse-result.js';

const THROTTLING = {
  rttMs: 150,
  throughputKbps: 1638.4,
  cpuSlowdownMultiplier: 4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
};

function run(
  figures: {
    lcp?: number;
    cls?: number;
    tbt?: number;
    fcp?: number;
    si?: number;
    score?: number | null;
  },
  extra: Partial<LighthouseRunReport> = {},
): LighthouseRunReport {
  const audit = (value: number | undefined) =>
    value === undefined
      ? { score: null, errorMessage: 'NO_LCP' }
      : { numericValue: value, score: 1 };
  return {
    lighthouseVersion: '13.5.0',
    finalDisplayedUrl: 'http://127.0.0.1:8080/page',
    environment: {
      hostUserAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.108 Safari/537.36',
    },
    configSettings: {
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      throttling: THROTTLING,
    },
    categories: {
      performance: { score: figures.score === undefined ? 0.9 : figures.score },
    },
    audits: {
      'largest-contentful-paint': audit(figures.lcp),
      'cumulative-layout-shift': audit(figures.cls ?? 0),
      'total-blocking-time': audit(figures.tbt ?? 0),
      'first-contentful-paint': audit(figures.fcp ?? 800),
      'speed-index': audit(figures.si ?? 900),
    },
    ...extra,
  };
}

const AT = new Date('2026-11-26T17:00:00Z');

describe('labResultOf', () => {
  it('takes each metric’s median, band, runs and spread, and the median score', () => {
    const result = labResultOf(
      [
        run({ lcp: 4200, cls: 0.3, score: 0.41 }),
        run({ lcp: 4600, cls: 0.3, score: 0.4 }),
        run({ lcp: 4400, cls: 0.31, score: 0.45 }),
      ],
      [],
      AT,
    );
    expect(result).toMatchObject({
      url: 'http://127.0.0.1:8080/page',
      measured_at: '2026-11-26T17:00:00.000Z',
      performance_score: 41,
      runs: 3,
      warnings: [],
    });
    const lcp = result.metrics.find((m) => m.id === 'largest_contentful_paint');
    expect(lcp).toEqual({
      id: 'largest_contentful_paint',
      value: 4400,
      unit: 'ms',
      band: 'poor',
      runs: [4200, 4600, 4400],
      spread: { min: 4200, max: 4600 },
      wide: false,
    });
    expect(
      result.metrics.find((m) => m.id === 'cumulative_layout_shift'),
    ).toMatchObject({ value: 0.3, unit: 'unitless', band: 'poor' });
    expect(result.metrics.map((m) => m.id)).toEqual([
      'largest_contentful_paint',
      'cumulative_layout_shift',
      'total_blocking_time',
      'first_contentful_paint',
      'speed_index',
    ]);
  });

  it('records the settings Lighthouse ran with', () => {
    expect(labResultOf([run({ lcp: 1000 })], [], AT).settings).toEqual({
      tool: 'lighthouse',
      tool_version: '13.5.0',
      browser_version: '156.0.8078.108',
      form_factor: 'mobile',
      throttling_method: 'simulate',
      throttling: THROTTLING,
    });
  });

  it('takes the browser’s own version over its user agent’s', () => {
    expect(
      labResultOf([run({ lcp: 1000 })], [], AT, '156.0.8078.108').settings
        .browser_version,
    ).toBe('156.0.8078.108');
  });

  it('warns of a wide spread, with the runs’ range', () => {
    const result = labResultOf(
      [run({ lcp: 1500 }), run({ lcp: 3000 }), run({ lcp: 2000 })],
      [],
      AT,
    );
    expect(result.metrics[0]).toMatchObject({ value: 2000, wide: true });
    expect(result.warnings).toEqual([
      'largest_contentful_paint: the runs disagree (1500 ms to 3000 ms); the median is less certain than usual.',
    ]);
  });

  it('leaves failed runs out, saying so, and takes the medians of the others', () => {
    const result = labResultOf(
      [
        run({ lcp: 1000 }),
        run(
          { lcp: 9000 },
          {
            runtimeError: {
              code: 'ERRORED_DOCUMENT_REQUEST',
              message: 'Status code: 500.',
            },
          },
        ),
        run({ lcp: 1200 }),
      ],
      ['timed out after 90 s'],
      AT,
    );
    expect(result.runs).toBe(2);
    expect(result.metrics[0]).toMatchObject({
      value: 1100,
      runs: [1000, 1200],
    });
    expect(result.warnings).toEqual([
      'A run failed and is left out: timed out after 90 s',
      'A run failed and is left out: ERRORED_DOCUMENT_REQUEST: Status code: 500.',
    ]);
  });

  it('says which metric some runs did not measure, and keeps Lighthouse’s own warnings once', () => {
    const warned = { runWarnings: ['The page loaded too slowly.'] };
    const result = labResultOf(
      [run({ lcp: 1000 }, warned), run({}, warned), run({ lcp: 1100 })],
      [],
      AT,
    );
    expect(result.metrics[0]).toMatchObject({
      value: 1050,
      runs: [1000, 1100],
    });
    expect(result.warnings).toEqual([
      'largest_contentful_paint: measured by 2 of 3 runs.',
      'Lighthouse: The page loaded too slowly.',
    ]);
  });

  it('leaves out a metric no run measured', () => {
    const result = labResultOf([run({})], [], AT);
    expect(result.metrics.map((m) => m.id)).not.toContain(
      'largest_contentful_paint',
    );
    expect(result.warnings).toContain(
      'largest_contentful_paint: no run measured it.',
    );
  });

  it('refuses runs of which none gave figures', () => {
    expect(() => labResultOf([run({ score: null })], [], AT)).toThrow(
      RangeError,
    );
  });
});

describe('runFailureOf', () => {
  it('names Lighthouse’s runtime error, or a missing score', () => {
    expect(runFailureOf(run({ lcp: 1 }))).toBeNull();
    expect(runFailureOf(run({ lcp: 1, score: null }))).toBe(
      'Lighthouse gave no performance score.',
    );
  });
});

describe('browserVersionOf', () => {
  it('reads the version out of the user agent', () => {
    expect(browserVersionOf('Mozilla/5.0 Chrome/120.0.1.2 Safari')).toBe(
      '120.0.1.2',
    );
    expect(browserVersionOf('curl/8')).toBe('unknown');
  });
});
