import fc from 'fast-check';
import { CATEGORIES, IMPORTANCES } from '../../analysis/index.js';
import type { AnalysisResults, CheckResult } from '../../analysis/index.js';
import { ratingOf, scoreChecks } from '../../analysis/score.js';
import { diffResults, isUnchanged } from './run-diff.js';
import type { ResultsDiff } from './run-diff.js';

const PAGE = {
  final_url: 'https://example.com/',
  status_code: 200,
  redirects: [],
  content_type: 'text/html',
  encoding: null,
  ttfb_ms: 10,
  load_time_ms: 20,
  html_bytes: 1000,
  transfer_bytes: 1000,
  dom_elements: 10,
  words: 100,
};

/** Results as the analyser makes them: scores and rating computed from the checks. */
function resultsOf(checks: CheckResult[]): AnalysisResults {
  const { score, categories } = scoreChecks(checks);
  return {
    score,
    uncapped_score: score,
    capped_by: [],
    rating: ratingOf(score),
    categories,
    checks,
    page: PAGE,
  };
}

function check(
  id: string,
  passed: boolean | null,
  value: unknown = null,
): CheckResult {
  return {
    id,
    category: 'seo',
    importance: 'high',
    passed,
    title: `The ${id} check`,
    message: passed === false ? `${id} failed.` : `${id} is fine.`,
    value,
    ...(passed === false
      ? { advice: `Fix ${id}.`, doc_url: `/docs/checks#${id}` }
      : {}),
  };
}

describe('diffResults', () => {
  it('names the check that started failing with its evidence, and the deltas', () => {
    const before = resultsOf([
      check('title', true, 'A page'),
      check('h1', true),
      check('https_redirect', false, 'http://example.com/'),
    ]);
    const after = resultsOf([
      check('title', false, null),
      check('h1', true),
      check('https_redirect', true),
    ]);
    const diff = diffResults(before, after);
    expect(diff.score).toEqual({
      from: before.score,
      to: after.score,
      delta: after.score - before.score,
    });
    expect(diff.started_failing).toEqual([
      expect.objectContaining({
        id: 'title',
        passed: false,
        message: 'title failed.',
        advice: 'Fix title.',
        was: 'passed',
      }),
    ]);
    expect(diff.stopped_failing).toEqual([
      expect.objectContaining({
        id: 'https_redirect',
        value: 'http://example.com/',
        now: 'passed',
      }),
    ]);
    expect(diff.categories.seo).toEqual({
      from: before.categories.seo.score,
      to: after.categories.seo.score,
      delta: after.categories.seo.score! - before.categories.seo.score!,
    });
    expect(diff.categories.security).toEqual({
      from: null,
      to: null,
      delta: null,
    });
  });

  it('says where a check was absent or did not apply', () => {
    const diff = diffResults(
      resultsOf([check('favicon', null), check('gone', false, 3)]),
      resultsOf([check('favicon', false, '/favicon.ico'), check('new', false)]),
    );
    expect(diff.started_failing.map((c) => [c.id, c.was])).toEqual([
      ['favicon', 'not_applicable'],
      ['new', 'absent'],
    ]);
    expect(diff.stopped_failing.map((c) => [c.id, c.now, c.value])).toEqual([
      ['gone', 'absent', 3],
    ]);
  });

  it('leaves out checks that fail in both runs, whatever their evidence', () => {
    const diff = diffResults(
      resultsOf([check('image_alt', false, ['a.png'])]),
      resultsOf([check('image_alt', false, ['a.png', 'b.png'])]),
    );
    expect(diff.started_failing).toEqual([]);
    expect(diff.stopped_failing).toEqual([]);
    expect(isUnchanged(diff)).toBe(true);
  });

  it('says the rating changed', () => {
    const diff = diffResults(
      resultsOf([check('a', true)]),
      resultsOf([check('a', false)]),
    );
    expect(diff.result).toEqual({ from: 'good', to: 'bad', changed: true });
    expect(isUnchanged(diff)).toBe(false);
  });

  const anyCheck = fc.record({
    id: fc.constantFrom('title', 'h1', 'favicon', 'hsts', 'image_alt', 'lang'),
    category: fc.constantFrom(...CATEGORIES),
    importance: fc.constantFrom(...IMPORTANCES),
    passed: fc.constantFrom(true, false, null),
    value: fc.oneof(fc.constant(null), fc.string(), fc.nat()),
  });
  const anyResults = fc
    .uniqueArray(anyCheck, { selector: (c) => c.id, maxLength: 6 })
    .map((checks) =>
      resultsOf(
        checks.map((c) => ({
          ...c,
          title: c.id,
          message: `${c.id}: ${String(c.passed)}`,
        })),
      ),
    );

  it('finds nothing between a run and itself', () => {
    fc.assert(
      fc.property(anyResults, (results) => {
        const diff = diffResults(results, results);
        expect(isUnchanged(diff)).toBe(true);
        expect(diff.started_failing).toEqual([]);
        expect(diff.stopped_failing).toEqual([]);
      }),
    );
  });

  /** The diff read the other way: what started failing stopped, deltas negated. */
  function reversed(diff: ResultsDiff) {
    return {
      score: {
        from: diff.score.to,
        to: diff.score.from,
        delta: 0 - diff.score.delta,
      },
      started: diff.stopped_failing.map(({ now, ...c }) => ({
        ...c,
        was: now,
      })),
      stopped: diff.started_failing.map(({ was, ...c }) => ({
        ...c,
        now: was,
      })),
      categories: Object.fromEntries(
        CATEGORIES.map((c) => {
          const change = diff.categories[c];
          return [
            c,
            {
              from: change.to,
              to: change.from,
              delta: change.delta === null ? null : 0 - change.delta,
            },
          ];
        }),
      ),
    };
  }

  it('reads from → to as the inverse of to → from', () => {
    fc.assert(
      fc.property(anyResults, anyResults, (a, b) => {
        const forward = diffResults(a, b);
        const backward = diffResults(b, a);
        const expected = reversed(forward);
        expect(backward.score).toEqual(expected.score);
        expect(backward.started_failing).toEqual(expected.started);
        expect(backward.stopped_failing).toEqual(expected.stopped);
        expect(backward.categories).toEqual(expected.categories);
        expect(backward.result).toEqual({
          from: forward.result.to,
          to: forward.result.from,
          changed: forward.result.changed,
        });
      }),
    );
  });

  it('lists exactly the checks failing in one run and not the other', () => {
    fc.assert(
      fc.property(anyResults, anyResults, (a, b) => {
        const failingIn = (r: AnalysisResults) =>
          new Set(r.checks.filter((c) => c.passed === false).map((c) => c.id));
        const [inA, inB] = [failingIn(a), failingIn(b)];
        const diff = diffResults(a, b);
        expect(diff.started_failing.map((c) => c.id).sort()).toEqual(
          [...inB].filter((id) => !inA.has(id)).sort(),
        );
        expect(diff.stopped_failing.map((c) => c.id).sort()).toEqual(
          [...inA].filter((id) => !inB.has(id)).sort(),
        );
      }),
    );
  });
});
