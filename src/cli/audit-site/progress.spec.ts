import { progressBar, progressLine, progressLines } from './progress.js';
import type { AuditProgress } from './progress.js';

const state = (
  crawled: number,
  queued: number,
  elapsedMs: number,
  status: 'queued' | 'running' = 'running',
): AuditProgress => ({
  audit: {
    id: 7,
    url: 'https://example.com/',
    status,
    progress: {
      pages_crawled: crawled,
      pages_queued: queued,
    },
    settings: {
      max_pages: 150,
      max_depth: 10,
      include: [],
      exclude: [],
      respect_robots: true,
      sitemaps: true,
      render: false,
      lab: false,
      lab_runs: null,
    },
  },
  elapsedMs,
});

describe('progress of audit-site', () => {
  it('says pages done, pages known and elapsed time in a line for a log', () => {
    expect(progressLine(state(57, 93, 75_000))).toBe(
      'Site audit 7 of https://example.com/: 57 of 150 pages known done, 1 min 15 s elapsed',
    );
    expect(progressLine(state(0, 0, 2_000, 'queued'))).toBe(
      'Site audit 7 of https://example.com/: queued, 2.0 s elapsed',
    );
  });

  it('draws a bar with the share done and the time left on a terminal, known pages bounded by max_pages', () => {
    expect(progressBar(state(50, 400, 60_000))).toBe(
      '[########................] 33% 50/150 pages, 1 min 0 s, about 2 min 0 s left',
    );
    expect(progressBar(state(0, 1, 900))).toBe(
      '[........................] 0% 0/1 pages, 0.9 s',
    );
  });

  it('writes the first line at once, then at most one every 5 s by the clock it is given', () => {
    const lines: string[] = [];
    let clock = 0;
    const report = progressLines(
      (line) => lines.push(line),
      () => clock,
    );
    for (clock = 0; clock <= 12_000; clock += 500) {
      report(state(clock / 500, 10, clock));
    }
    report(null);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.endsWith('elapsed\n'))).toBe(true);
    expect(lines[2]).toContain('20 of 30 pages known done, 10 s elapsed');
  });
});

describe('the lab phase', () => {
  const measuring = (): AuditProgress => {
    const base = state(40, 0, 90_000);
    return {
      ...base,
      audit: {
        ...base.audit,
        progress: {
          ...base.audit.progress,
          phase: 'lab',
          lab_pages: 12,
          lab_pages_measured: 5,
        },
      },
    };
  };

  it('says the lab phase and the template pages measured, in a line and a bar', () => {
    expect(progressLine(measuring())).toBe(
      'Site audit 7 of https://example.com/: lab phase, 5 of 12 template pages measured, 1 min 30 s elapsed',
    );
    expect(progressBar(measuring())).toBe(progressLine(measuring()));
  });

  it('shows the crawl while it crawls', () => {
    expect(progressLine(state(40, 0, 90_000))).toContain('40 of 40 pages');
  });
});
