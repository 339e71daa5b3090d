import { AssertionsError, gateConfigOf } from './assertions.js';
import { judgeGate } from './judge-gate.js';
import { judgeLabAssertion } from './lab-assertions.js';
import type { GateTemplate, LabAssertion } from './lab-assertions.js';
import type { GateAudit } from './audit-export.js';

const lcp = (max: number): LabAssertion => ({
  kind: 'lab',
  id: 'largest_contentful_paint',
  level: 'error',
  maxNumericValue: max,
});

const template = (name: string, value: number, pages = 10): GateTemplate => ({
  name,
  pages,
  representatives: [`https://example.com${name.replace('{id}', '1')}`],
  metrics: [{ id: 'largest_contentful_paint', value, unit: 'ms' }],
});

const templates = [
  template('/', 1200, 1),
  template('/product/{id}', 4200, 60),
  template('/blog/{slug}', 2600, 30),
];

describe('lab assertions, as Lighthouse CI writes them', () => {
  it('reads maxNumericValue for each lab metric id', () => {
    const config = gateConfigOf(
      {
        assertions: {
          largest_contentful_paint: ['error', { maxNumericValue: 2500 }],
          cumulative_layout_shift: ['warn', { maxNumericValue: 0.1 }],
        },
      },
      'lab.json',
    );
    expect(config.assertions).toEqual([
      lcp(2500),
      {
        kind: 'lab',
        id: 'cumulative_layout_shift',
        level: 'warn',
        maxNumericValue: 0.1,
      },
    ]);
  });

  it.each([
    [['error', {}], /needs "maxNumericValue"/],
    [['error', { maxNumericValue: -1 }], /needs "maxNumericValue"/],
    [['error', { maxNumericValue: '2500' }], /needs "maxNumericValue"/],
    [['error', { maxLength: 0 }], /unknown option "maxLength"/],
  ])('refuses %j', (entry, message) => {
    expect(() =>
      gateConfigOf({ assertions: { largest_contentful_paint: entry } }, 'x'),
    ).toThrow(AssertionsError);
    expect(() =>
      gateConfigOf({ assertions: { largest_contentful_paint: entry } }, 'x'),
    ).toThrow(message);
  });

  it('fails each template whose median is over the budget, the worst first, naming its pages', () => {
    const judged = judgeLabAssertion(lcp(2500), templates);
    expect(judged.passed).toBe(false);
    expect(judged.actual).toBe(4200);
    expect(judged.breaches.map((b) => [b.name, b.value, b.pages])).toEqual([
      ['/product/{id}', 4200, 60],
      ['/blog/{slug}', 2600, 30],
    ]);
    expect(judged.message).toBe(
      '2 of 3 templates over: /product/{id} 4200 ms (60 pages), /blog/{slug} 2600 ms (30 pages), median at most 2500 ms per template',
    );
  });

  it('passes when every median is within the budget, a median equal to it included', () => {
    const judged = judgeLabAssertion(lcp(4200), templates);
    expect(judged.passed).toBe(true);
    expect(judged.breaches).toEqual([]);
  });

  it('fails when no template was measured: an unmeasured budget is not met', () => {
    for (const given of [
      undefined,
      [],
      [{ ...template('/', 0), metrics: [] }],
    ]) {
      const judged = judgeLabAssertion(lcp(2500), given);
      expect(judged.passed).toBe(false);
      expect(judged.message).toMatch(/^no template measured/);
    }
  });

  it('judges the gate per template, a baseline aside', () => {
    const audit: GateAudit = {
      audit: {
        id: 2,
        url: 'https://example.com/',
        score: 90,
        created_at: '2026-11-24T10:00:00.000Z',
        finished_at: '2026-11-24T10:00:12.500Z',
        progress: { pages_crawled: 91 },
      },
      issues: [],
      templates,
    };
    const config = gateConfigOf(
      {
        assertions: {
          largest_contentful_paint: ['error', { maxNumericValue: 3000 }],
        },
      },
      'x',
    );
    const verdict = judgeGate(audit, config, { ...audit, templates: [] });
    expect(verdict.exitCode).toBe(1);
    const [outcome] = verdict.outcomes;
    expect(outcome.check?.title).toBe('Largest Contentful Paint');
    expect(outcome.check?.scope).toBe('template');
    expect(outcome.templates?.map((t) => t.name)).toEqual(['/product/{id}']);
    expect(outcome.pages).toEqual(['https://example.com/product/1']);
  });
});
