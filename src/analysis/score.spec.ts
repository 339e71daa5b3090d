import {
  CAPPED_SCORE_MAX,
  capScore,
  ratingOf,
  scoreChecks,
  WEIGHTS,
} from './score.js';
import type { CheckCategory, CheckResult, Importance } from './types.js';

function result(
  category: CheckCategory,
  importance: Importance,
  passed: boolean | null,
): CheckResult {
  return {
    id: `${category}-${importance}-${String(passed)}`,
    category,
    importance,
    passed,
    title: 'A check',
    message: 'A message.',
    value: null,
  };
}

describe('scoreChecks with a lab score', () => {
  it('counts the lab as much as the performance checks that applied, in the category and overall', () => {
    // performance: high passed (3) + medium failed (2) = 3 / 5; the lab weighs 5 and earns 20% of it.
    const checks = [
      result('performance', 'high', true),
      result('performance', 'medium', false),
      result('seo', 'high', true),
    ];
    const { score, categories } = scoreChecks(checks, 20);
    // (3 + 1) / (5 + 5) = 40
    expect(categories.performance).toEqual({ score: 40, passed: 1, failed: 1 });
    // (3 + 3 + 1) / (5 + 3 + 5) = 7 / 13 → 54
    expect(score).toBe(54);
    expect(categories.seo.score).toBe(100);
  });

  it('weighs the lab as one high check when no performance check applied', () => {
    const { categories, score } = scoreChecks(
      [result('performance', 'low', null), result('seo', 'high', true)],
      50,
    );
    expect(categories.performance.score).toBe(50);
    // (3 + 1.5) / (3 + 3) = 75
    expect(score).toBe(75);
  });

  it('changes nothing without a lab score', () => {
    const checks = [result('performance', 'high', false)];
    expect(scoreChecks(checks)).toEqual(scoreChecks(checks, undefined));
    expect(scoreChecks(checks).categories.performance.score).toBe(0);
  });
});

describe('scoreChecks', () => {
  it('weighs high 3, medium 2, low 1', () => {
    expect(WEIGHTS).toEqual({ high: 3, medium: 2, low: 1 });
    // passed: high (3); failed: medium (2) + low (1) → 3 / 6 = 50
    const { score, categories } = scoreChecks([
      result('seo', 'high', true),
      result('seo', 'medium', false),
      result('seo', 'low', false),
    ]);
    expect(score).toBe(50);
    expect(categories.seo).toEqual({ score: 50, passed: 1, failed: 2 });
  });

  it('rounds to the nearest integer', () => {
    // 2 / 3 → 66.67 → 67; 1 / 3 → 33.33 → 33
    expect(
      scoreChecks([result('seo', 'medium', true), result('seo', 'low', false)])
        .score,
    ).toBe(67);
    expect(
      scoreChecks([result('seo', 'low', true), result('seo', 'medium', false)])
        .score,
    ).toBe(33);
  });

  it('leaves checks that do not apply out of both sides', () => {
    const { score, categories } = scoreChecks([
      result('security', 'high', true),
      result('security', 'high', null),
      result('security', 'low', false),
    ]);
    expect(score).toBe(75);
    expect(categories.security).toEqual({ score: 75, passed: 1, failed: 1 });
  });

  it('scores each category on its own checks and the whole on all of them', () => {
    const { score, categories } = scoreChecks([
      result('seo', 'high', true),
      result('performance', 'high', false),
      result('security', 'low', true),
      result('miscellaneous', 'medium', false),
    ]);
    expect(categories.seo.score).toBe(100);
    expect(categories.performance.score).toBe(0);
    expect(categories.security.score).toBe(100);
    expect(categories.miscellaneous.score).toBe(0);
    // (3 + 1) / (3 + 3 + 1 + 2) = 44.4
    expect(score).toBe(44);
  });

  it('gives a category with no applicable check a null score', () => {
    const { categories } = scoreChecks([
      result('seo', 'high', true),
      result('security', 'medium', null),
    ]);
    expect(categories.security).toEqual({ score: null, passed: 0, failed: 0 });
    expect(categories.performance).toEqual({
      score: null,
      passed: 0,
      failed: 0,
    });
  });

  it('scores 0 when nothing applies', () => {
    expect(scoreChecks([]).score).toBe(0);
    expect(scoreChecks([result('seo', 'low', null)]).score).toBe(0);
  });
});

describe('ratingOf', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'decent'],
    [50, 'decent'],
    [49, 'bad'],
    [0, 'bad'],
  ])('%s → %s', (score, rating) => {
    expect(ratingOf(score)).toBe(rating);
  });
});

describe('capScore', () => {
  const named = (id: string, passed: boolean | null): CheckResult => ({
    ...result('seo', 'high', passed),
    id,
  });

  it.each([
    [
      'http_status failed',
      [named('http_status', false)],
      92,
      49,
      ['http_status'],
    ],
    ['indexable failed', [named('indexable', false)], 70, 49, ['indexable']],
    [
      'both failed',
      [named('http_status', false), named('indexable', false)],
      80,
      49,
      ['http_status', 'indexable'],
    ],
    [
      'a score already below the cap',
      [named('indexable', false)],
      30,
      30,
      ['indexable'],
    ],
    [
      'both passed',
      [named('http_status', true), named('indexable', true)],
      92,
      92,
      [],
    ],
    [
      'another check failed',
      [named('title', false), named('indexable', null)],
      92,
      92,
      [],
    ],
  ])('%s', (_case, checks, score, capped, cappedBy) => {
    expect(capScore(score, checks)).toEqual({ score: capped, cappedBy });
  });

  it('caps just below the decent floor', () => {
    expect(CAPPED_SCORE_MAX).toBe(49);
    expect(ratingOf(CAPPED_SCORE_MAX)).toBe('bad');
  });
});

describe('scoreChecks and accessibility', () => {
  it('counts an accessibility check in no category and not in the overall score', () => {
    const seoOnly = [result('seo', 'high', true), result('seo', 'low', false)];
    const withAccessibility = [
      ...seoOnly,
      result('accessibility', 'medium', false),
    ];
    expect(scoreChecks(withAccessibility)).toEqual(scoreChecks(seoOnly));
    expect(Object.keys(scoreChecks(withAccessibility).categories)).toEqual([
      'seo',
      'performance',
      'security',
      'miscellaneous',
    ]);
  });
});
