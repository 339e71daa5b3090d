import { LabError } from '../../src/lab/lab-result.js';
import { TEST_LAB_SETTINGS } from './lab-results.js';
import type {
  LabBand,
  LabMeasurer,
  LabMetric,
  LabResult,
} from '../../src/lab/lab-result.js';

/**
 * A test double of the lab measurer: deterministic figures derived from the page's
 * HTML, fetched from a fixture site on 127.0.0.1. Its LCP is 1,000 ms plus 400 ms a
 * `<img>`; a page with `data-lab-fails` times out. It counts the measurements running
 * at once, which the lab phase keeps to one.
 */
export class FakeLabMeasurer implements LabMeasurer {
  readonly measured: string[] = [];
  running = 0;
  mostAtOnce = 0;
  private held: Promise<void> | null = null;

  /** Measurements wait from now on, as a lab browser busy for long would, until the answer is called. */
  hold(): () => void {
    let release!: () => void;
    this.held = new Promise((resolve) => (release = resolve));
    return () => {
      this.held = null;
      release();
    };
  }

  async measure(url: string, { runs }: { runs: number }): Promise<LabResult> {
    if (new URL(url).hostname !== '127.0.0.1') {
      throw new Error(`the fake measures fixture sites only, not ${url}`);
    }
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      const html = await (await fetch(url)).text();
      // A turn of the event loop while "measuring", so an overlap would show.
      await new Promise((resolve) => setImmediate(resolve));
      await this.held;
      this.measured.push(url);
      if (html.includes('data-lab-fails')) {
        throw new LabError('timeout', 'The page did not finish loading.');
      }
      return resultOf(url, lcpOf(html), runs);
    } finally {
      this.running -= 1;
    }
  }
}

/** The LCP the fake gives a page. */
export function lcpOf(html: string): number {
  return 1000 + 400 * (html.match(/<img\b/g) ?? []).length;
}

function resultOf(url: string, lcp: number, runs: number): LabResult {
  return {
    url,
    measured_at: new Date().toISOString(),
    performance_score: lcp <= 2500 ? 95 : 60,
    runs,
    metrics: [
      metric(
        'largest_contentful_paint',
        lcp,
        runs,
        lcp <= 2500 ? 'good' : lcp <= 4000 ? 'needs_improvement' : 'poor',
      ),
      metric('first_contentful_paint', 800, runs, 'good'),
    ],
    settings: { ...TEST_LAB_SETTINGS, tool: 'fake-lab-measurer' },
    warnings: [],
  };
}

/** Runs spread ±10 ms around the value, whose median it stays. */
function metric(
  id: LabMetric['id'],
  value: number,
  runs: number,
  band: LabBand,
): LabMetric {
  const values = Array.from(
    { length: runs },
    (_, i) => value + (i % 2 === 0 ? 1 : -1) * 10 * Math.ceil(i / 2),
  );
  return {
    id,
    value,
    unit: 'ms',
    band,
    runs: values,
    spread: { min: Math.min(...values), max: Math.max(...values) },
    wide: false,
  };
}
