import { renderLab } from './lab-text.js';
import type { LabResult } from './lab-result.js';

describe('renderLab', () => {
  it('says each metric’s median, band and spread, the settings and the warnings', () => {
    const lab: LabResult = {
      url: 'http://127.0.0.1/',
      measured_at: '2026-11-26T17:00:00.000Z',
      performance_score: 62,
      runs: 3,
      metrics: [
        {
          id: 'largest_contentful_paint',
          value: 4400.4,
          unit: 'ms',
          band: 'poor',
          runs: [4200, 4400.4, 6000],
          spread: { min: 4200, max: 6000 },
          wide: true,
        },
        {
          id: 'cumulative_layout_shift',
          value: 0.12,
          unit: 'unitless',
          band: 'needs_improvement',
          runs: [0.12, 0.12, 0.12],
          spread: { min: 0.12, max: 0.12 },
          wide: false,
        },
      ],
      settings: {
        tool: 'lighthouse',
        tool_version: '13.5.0',
        browser_version: '156.0.1',
        form_factor: 'mobile',
        throttling_method: 'simulate',
        throttling: { rttMs: 150 },
      },
      warnings: ['largest_contentful_paint: the runs disagree.'],
    };
    expect(renderLab(lab).split('\n')).toEqual([
      'Lab performance 62/100 (median of 3 runs; Lighthouse 13.5.0, mobile, simulate throttling, Chromium 156.0.1)',
      '  Largest Contentful Paint: 4400 ms, poor (runs 4200 ms to 6000 ms, wide)',
      '  Cumulative Layout Shift: 0.120, needs improvement (runs 0.120 to 0.120)',
      '  ! largest_contentful_paint: the runs disagree.',
    ]);
  });
});
