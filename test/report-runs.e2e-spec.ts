import type { AnalysisResults } from '../src/analysis/index.js';
import { ReportsRepository } from '../src/reports/reports.repository.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** What each fixture path serves now: tests change it between runs. */
type PageState = 'one-title' | 'two-titles' | 'gone';

const WORDS = 'Some words about the audits this site offers. '.repeat(40);

function pageOf(state: Exclude<PageState, 'gone'>): string {
  const titles =
    state === 'one-title'
      ? '<title>A page whose history is kept</title>'
      : '<title>A page whose history is kept</title><title>And a second title</title>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${titles}</head><body><h1>History</h1><p>${WORDS}</p></body></html>`;
}

describe('run history: the runs of a report, one run, the diff of two, the chart', () => {
  let t: TestApp;
  let site: FixtureSite;
  let key: string;
  const states = new Map<string, PageState>();

  beforeAll(async () => {
    const route = (path: string) => ({
      [path]: (_req: unknown, res: Parameters<typeof html>[0]) => {
        const state = states.get(path) ?? 'one-title';
        if (state === 'gone') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('gone');
          return;
        }
        html(res, pageOf(state));
      },
    });
    site = await startFixtureSite({
      ...route('/diff'),
      ...route('/limit'),
      ...route('/failed'),
      ...route('/tenancy'),
      ...route('/twice'),
    });
    t = await startTestApp({ RUN_HISTORY_LIMIT: '3' });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  async function rerun(id: number): Promise<void> {
    const res = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .send({ results: 1 })
      .expect(200);
    expect(['completed', 'failed']).toContain(res.body.data.status);
  }

  const shareTokenOf = async (id: number) =>
    (
      (await t.as(key).get(`/api/v1/reports/${id}`).expect(200)).body.data
        .share_url as string
    ).split('/r/')[1];

  it('lists two runs newest first, gives each with its results, and diffs them naming the check that changed', async () => {
    states.set('/diff', 'one-title');
    const id = await t
      .as(key)
      .createReport({ url: site.url('/diff'), privacy: 0 });
    const token = await shareTokenOf(id);
    // One completed run: nothing to draw yet.
    const before = await t.anonymous().get(`/r/${token}`).expect(200);
    expect(before.text).not.toContain('<svg class="score-chart"');

    states.set('/diff', 'two-titles');
    await rerun(id);

    const runs = await t.as(key).get(`/api/v1/reports/${id}/runs`).expect(200);
    expect(runs.body.data.map((r: { run: number }) => r.run)).toEqual([2, 1]);
    expect(runs.body.meta).toMatchObject({
      total: 2,
      current_page: 1,
      per_page: 10,
      last_page: 1,
    });
    expect(runs.body.links.next).toBeNull();
    for (const run of runs.body.data) {
      expect(run).toMatchObject({ status: 'completed', error: null });
      expect(run).not.toHaveProperty('results');
      expect(Date.parse(run.started_at)).toBeLessThanOrEqual(
        Date.parse(run.finished_at),
      );
    }
    const [second, first] = runs.body.data as Array<{ score: number }>;

    const run1 = await t
      .as(key)
      .get(`/api/v1/reports/${id}/runs/1`)
      .expect(200);
    const run2 = await t
      .as(key)
      .get(`/api/v1/reports/${id}/runs/2`)
      .expect(200);
    const titleIn = (res: typeof run1) =>
      (
        res.body.data.results as AnalysisResults & {
          checks: Array<{ id: string; passed: boolean | null; value: unknown }>;
        }
      ).checks.find((c) => c.id === 'title')!;
    expect(titleIn(run1).passed).toBe(true);
    expect(titleIn(run2).passed).toBe(false);
    expect(run1.body.data.results.score).toBe(first.score);
    expect(run2.body.data.results.score).toBe(second.score);
    // The report itself shows the latest result, as run 2 has it.
    const report = await t.as(key).get(`/api/v1/reports/${id}`).expect(200);
    // (doc_url differs by port: each request of the test client has its own.)
    const outcomes = (results: AnalysisResults) => ({
      score: results.score,
      categories: results.categories,
      checks: results.checks.map((c) => [c.id, c.passed, c.value]),
    });
    expect(outcomes(report.body.data.results)).toEqual(
      outcomes(run2.body.data.results),
    );

    const diff = await t.as(key).get(`/api/v1/reports/${id}/diff`).expect(200);
    expect(diff.body.data.from.run).toBe(1);
    expect(diff.body.data.to.run).toBe(2);
    expect(diff.body.data.score).toEqual({
      from: first.score,
      to: second.score,
      delta: second.score - first.score,
    });
    expect(diff.body.data.score.delta).toBeLessThan(0);
    expect(diff.body.data.categories.seo.delta).toBeLessThan(0);
    expect(diff.body.data.started_failing).toEqual([
      expect.objectContaining({
        id: 'title',
        passed: false,
        was: 'passed',
        message: 'The page has 2 titles; it should have one.',
        value: ['A page whose history is kept', 'And a second title'],
        doc_url: expect.stringMatching(/^http:\/\/.+\/docs\/checks#title$/),
      }),
    ]);
    expect(diff.body.data.stopped_failing).toEqual([]);

    const back = await t
      .as(key)
      .get(`/api/v1/reports/${id}/diff?from=2&to=1`)
      .expect(200);
    expect(back.body.data.score.delta).toBe(first.score - second.score);
    expect(back.body.data.started_failing).toEqual([]);
    expect(back.body.data.stopped_failing).toEqual([
      expect.objectContaining({ id: 'title', now: 'passed' }),
    ]);
    const same = await t
      .as(key)
      .get(`/api/v1/reports/${id}/diff?from=2&to=2`)
      .expect(200);
    expect(same.body.data.score.delta).toBe(0);
    expect(same.body.data.started_failing).toEqual([]);

    // The shared page draws both scores.
    const page = await t.anonymous().get(`/r/${token}`).expect(200);
    expect(page.text).toContain('<svg class="score-chart"');
    expect(page.text).toContain('<title id="score-history-title">');
    expect(page.text).toMatch(/<polyline points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"/);
    expect(page.text).toContain(`${first.score} (run 1, `);
    expect(page.text).toContain(`${second.score} (run 2, `);
    expect(page.text).not.toMatch(/<script|style="/i);
    // Its JSON twin carries the same scores.
    const shared = await t
      .anonymous()
      .get(`/api/v1/shared/reports/${token}`)
      .expect(200);
    expect(
      shared.body.data.score_history.map(
        (p: { run: number; score: number }) => [p.run, p.score],
      ),
    ).toEqual([
      [1, first.score],
      [2, second.score],
    ]);
  });

  it('keeps only the last RUN_HISTORY_LIMIT runs, and drops them with the report', async () => {
    const id = await t.as(key).createReport({ url: site.url('/limit') });
    for (let i = 0; i < 3; i++) await rerun(id);
    const runs = await t.as(key).get(`/api/v1/reports/${id}/runs`).expect(200);
    expect(runs.body.data.map((r: { run: number }) => r.run)).toEqual([
      4, 3, 2,
    ]);
    expect(runs.body.meta.total).toBe(3);
    await t.as(key).get(`/api/v1/reports/${id}/runs/1`).expect(404);
    await t.as(key).get(`/api/v1/reports/${id}/runs/4`).expect(200);
    const pruned = await t
      .as(key)
      .get(`/api/v1/reports/${id}/diff?from=1&to=4`)
      .expect(404);
    expect(pruned.headers['content-type']).toMatch(
      /application\/problem\+json/,
    );

    // Pages as the reports list does.
    const paged = await t
      .as(key)
      .get(`/api/v1/reports/${id}/runs?per_page=10&page=2`)
      .expect(200);
    expect(paged.body.data).toEqual([]);
    expect(paged.body.meta).toMatchObject({
      total: 3,
      from: null,
      to: null,
      last_page: 1,
    });

    await t.as(key).delete(`/api/v1/reports/${id}`).expect(204);
    const [{ n }]: Array<{ n: string }> = await t.dataSource.query(
      'SELECT count(*) AS n FROM report_runs WHERE report_id = $1',
      [id],
    );
    expect(Number(n)).toBe(0);
  });

  it('keeps a failed run with its error, and will not diff it', async () => {
    states.set('/failed', 'one-title');
    const id = await t.as(key).createReport({ url: site.url('/failed') });
    states.set('/failed', 'gone');
    await rerun(id);
    const runs = await t.as(key).get(`/api/v1/reports/${id}/runs`).expect(200);
    expect(runs.body.data).toEqual([
      expect.objectContaining({
        run: 2,
        status: 'failed',
        score: null,
        result: null,
        error: expect.objectContaining({ code: 'http_status' }),
      }),
      expect.objectContaining({ run: 1, status: 'completed', error: null }),
    ]);
    const failed = await t
      .as(key)
      .get(`/api/v1/reports/${id}/runs/2`)
      .expect(200);
    expect(failed.body.data.results).toBeNull();
    expect(failed.body.data.error.code).toBe('http_status');

    const named = await t
      .as(key)
      .get(`/api/v1/reports/${id}/diff?from=1&to=2`)
      .expect(422);
    expect(Object.keys(named.body.errors)).toEqual(['to']);
    // By default only completed runs count, and there is one.
    const defaults = await t
      .as(key)
      .get(`/api/v1/reports/${id}/diff`)
      .expect(409);
    expect(defaults.body.status).toBe(409);
  });

  it("answers 404 for another account's report, an unknown report or run", async () => {
    const id = await t.as(key).createReport({ url: site.url('/tenancy') });
    const other = (await t.newAccount('other')).key;
    for (const path of [
      `/api/v1/reports/${id}/runs`,
      `/api/v1/reports/${id}/runs/1`,
      `/api/v1/reports/${id}/diff?from=1&to=1`,
    ]) {
      const res = await t.as(other).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    await t.as(key).get(`/api/v1/reports/${id}/runs/1`).expect(200);
    for (const path of [
      '/api/v1/reports/999999999/runs',
      '/api/v1/reports/999999999/runs/1',
      '/api/v1/reports/999999999/diff',
      '/api/v1/reports/abc/runs',
      `/api/v1/reports/${id}/runs/2`,
      `/api/v1/reports/${id}/runs/0`,
      `/api/v1/reports/${id}/runs/01`,
      `/api/v1/reports/${id}/runs/abc`,
      `/api/v1/reports/${id}/runs/99999999999`,
      `/api/v1/reports/${id}/diff?from=1&to=5`,
    ]) {
      await t.as(key).get(path).expect(404);
    }
  });

  it('answers 422 naming each bad parameter', async () => {
    const id = await t.as(key).createReport({ url: site.url('/tenancy') });
    const bad = async (query: string, names: string[]) => {
      const res = await t
        .as(key)
        .get(`/api/v1/reports/${id}${query}`)
        .expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(names);
    };
    await bad('/runs?per_page=7', ['per_page']);
    await bad('/runs?page=0&per_page=abc', ['page', 'per_page']);
    await bad('/diff?from=abc', ['from']);
    await bad('/diff?from=1&to=-1', ['to']);
    await bad('/diff?from=1.5&to=99999999999', ['from', 'to']);
    // Empty values count as absent.
    await t
      .as(key)
      .get(`/api/v1/reports/${id}/runs?page=&per_page=`)
      .expect(200);
  });

  it('records a run once, however often its settle is attempted', async () => {
    const id = await t.as(key).createReport({ url: site.url('/twice') });
    const { results } = (
      await t.as(key).get(`/api/v1/reports/${id}/runs/1`).expect(200)
    ).body.data as { results: AnalysisResults };
    // Run 2, as a worker has claimed it.
    await t.dataSource.query(
      `UPDATE reports SET status = 'running', run = 2, run_started_at = now() WHERE id = $1`,
      [id],
    );
    const repository = t.app.get(ReportsRepository);
    const settles = await Promise.all([
      repository.complete(String(id), 2, results),
      repository.complete(String(id), 2, results),
      repository.fail(String(id), 2, { code: 'timeout', message: 'late' }),
    ]);
    expect(settles.filter(Boolean)).toHaveLength(1);
    expect(await repository.complete(String(id), 2, results)).toBe(false);
    const runs = await t.as(key).get(`/api/v1/reports/${id}/runs`).expect(200);
    expect(runs.body.data.map((r: { run: number }) => r.run)).toEqual([2, 1]);
  });
});
