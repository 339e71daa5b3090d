import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import { ThrowawayRedis } from './support/throwaway-redis.js';
import { waitUntil } from './support/wait.js';

/** How long the client waited for an answer before it gave up. */
const CLIENT_GIVES_UP_MS = 30_000;

/** One request as a client saw it. */
interface Answer {
  label: string;
  /** null: no answer before the client gave up. */
  status: number | null;
  ms: number;
  headers: Headers | null;
  body: {
    data?: unknown;
    detail?: string;
  } | null;
}

/** A request to the API, timed, given up on as the client did. */
async function ask(
  t: TestApp,
  key: string | null,
  label: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  if (!t.http.listening) {
    await new Promise<void>((resolve) =>
      t.http.listen(0, '127.0.0.1', resolve),
    );
  }
  const { port } = t.http.address() as { port: number };
  const started = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...(options.body === undefined
          ? {}
          : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body:
        options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(CLIENT_GIVES_UP_MS),
    });
    const text = await res.text();
    return {
      label,
      status: res.status,
      ms: Math.round(performance.now() - started),
      headers: res.headers,
      body: text ? (JSON.parse(text) as Answer['body']) : null,
    };
  } catch {
    return {
      label,
      status: null,
      ms: Math.round(performance.now() - started),
      headers: null,
      body: null,
    };
  }
}

/** The ids of the reports an answer holds: one for a create, each of a batch. */
function reportIds(answer: Answer): string[] {
  const data = answer.body?.data;
  if (Array.isArray(data)) {
    return data.map((r) => String((r as { id: number }).id));
  }
  return data ? [String((data as { id: number }).id)] : [];
}

function summary(answers: Answer[]): string {
  return answers.map((a) => `${a.label} ${a.status} in ${a.ms} ms`).join('; ');
}

/**
 * The service scaled out (an API and a worker process on PostgreSQL and Redis of the
 * test's own) while Redis is away: every request is answered without it, each saved
 * report was answered with success (so a client has nothing to retry), and once Redis
 * is back the saved reports are analysed with no restart of anything.
 */
describe('an API on PostgreSQL while its Redis is away', () => {
  let redis: ThrowawayRedis;
  let pg: ThrowawayPostgres;
  let site: FixtureSite;
  let api: TestApp;
  let worker: ServiceProcess | null = null;

  beforeAll(async () => {
    redis = await ThrowawayRedis.create();
    pg = await ThrowawayPostgres.create();
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>Home of the outage site</title><h1>Home</h1><a href="/page">page</a></html>',
        ),
      '/page': (_req, res) => html(res, PLAIN_PAGE),
    });
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    };
    api = await startTestApp(env);
    worker = await startService('dist/worker.js', env);
  }, 120_000);
  afterAll(async () => {
    await worker?.kill();
    await api?.close();
    await site?.close();
    await redis?.stop();
    pg?.destroy();
  });

  const reportsOf = (accountId: string) =>
    api.dataSource.query<Array<{ id: string; status: string; run: number }>>(
      `SELECT id::text, status, run FROM reports WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );

  /** Waits until every report of the account has completed its latest run; answers them. */
  const analysed = (accountId: string) =>
    waitUntil(
      () => reportsOf(accountId),
      (rows) => rows.every((r) => r.status === 'completed'),
      90_000,
      500,
    );

  it('answers creates, batches, re-runs and reads while Redis is stopped, saves only what it answered, and analyses it once Redis is back', async () => {
    const { key, accountId } = await api.newAccount();
    const before = await ask(api, key, 'create', 'POST', '/api/v1/reports', {
      body: { url: site.url('/page?n=0') },
    });
    expect(before.status).toBe(201);
    const earlier = reportIds(before)[0];

    await redis.stop();
    const batch = {
      reports: Array.from({ length: 5 }, (_, i) => ({
        url: site.url(`/page?batch=${i}`),
      })),
    };
    const keyed = { 'Idempotency-Key': 'outage-create' };
    const answers = [
      await ask(api, key, 'waiting create', 'POST', '/api/v1/reports', {
        body: { url: site.url('/page?n=1') },
      }),
      await ask(api, key, 'async create', 'POST', '/api/v1/reports', {
        body: { url: site.url('/page?n=2') },
        headers: { Prefer: 'respond-async' },
      }),
      await ask(api, key, 'batch of 5', 'POST', '/api/v1/reports/batch', {
        body: batch,
      }),
      await ask(api, key, 'keyed create', 'POST', '/api/v1/reports', {
        body: { url: site.url('/page?n=3') },
        headers: keyed,
      }),
      await ask(api, key, 'keyed create again', 'POST', '/api/v1/reports', {
        body: { url: site.url('/page?n=3') },
        headers: keyed,
      }),
      await ask(api, key, 're-run', 'PUT', `/api/v1/reports/${earlier}`, {
        body: { results: 1 },
      }),
      await ask(api, key, 'site audit', 'POST', '/api/v1/site-audits', {
        body: { url: site.url('/'), max_pages: 2 },
      }),
    ];
    const reads = [
      await ask(api, key, 'list', 'GET', '/api/v1/reports'),
      await ask(api, key, 'get', 'GET', `/api/v1/reports/${earlier}`),
    ];
    const readiness = await ask(api, null, 'readiness', 'GET', '/health/ready');
    const saved = await reportsOf(accountId);
    const succeeded = new Set(
      answers
        .filter((a) => a.status !== null && a.status < 300)
        .flatMap(reportIds)
        .filter((id) => id !== earlier),
    );
    const slowest = Math.max(
      ...[...answers, ...reads, readiness].map((a) => a.ms),
    );
    console.log(
      `Redis stopped: ${summary([...answers, ...reads, readiness])}; slowest ${slowest} ms; ` +
        `${saved.length - 1} reports saved, ${succeeded.size} answered with success`,
    );

    // Every request answered without Redis, none held until the client gave up.
    expect(
      [...answers, ...reads, readiness].filter((a) => a.status === null),
    ).toEqual([]);
    // Accepted and saved: the analyses wait in the database for Redis.
    expect(answers.map((a) => [a.label, a.status])).toEqual([
      ['waiting create', 202],
      ['async create', 202],
      ['batch of 5', 202],
      ['keyed create', 202],
      ['keyed create again', 202],
      ['re-run', 202],
      ['site audit', 202],
    ]);
    expect(answers[4].headers?.get('idempotent-replayed')).toBe('true');
    expect(reportIds(answers[4])).toEqual(reportIds(answers[3]));
    expect(reads.map((a) => a.status)).toEqual([200, 200]);
    expect(readiness.status).toBe(503);
    expect(readiness.body?.detail).toMatch(/redis/);
    // Each saved report was answered with success: nothing for a client to retry.
    expect(saved.map((r) => r.id).filter((id) => id !== earlier)).toEqual(
      [...succeeded].sort((a, b) => Number(a) - Number(b)),
    );
    expect(saved.every((r) => r.status === 'queued')).toBe(true);

    // Back, empty: the sweeps add the lost jobs; nothing is restarted.
    await redis.start();
    const back = performance.now();
    const done = await analysed(accountId);
    const auditId = (answers[6].body?.data as { id: number }).id;
    const audit = await waitUntil(
      () =>
        api.dataSource.query<
          Array<{ status: string; finished_at: Date | null }>
        >(`SELECT status, finished_at FROM site_audits WHERE id = $1`, [
          auditId,
        ]),
      ([row]) => row.finished_at !== null,
      90_000,
      500,
    );
    console.log(
      `Redis back: ${done.length} reports completed and the site audit ${audit[0].status} ${Math.round(performance.now() - back)} ms later`,
    );
    expect(done.filter((r) => r.status !== 'completed')).toEqual([]);
    expect(done.find((r) => r.id === earlier)?.run).toBe(2);
    expect(audit[0].status).toBe('completed');
  }, 240_000);

  it('answers while Redis accepts connections but answers nothing, and analyses what it saved once Redis answers again', async () => {
    const { key, accountId } = await api.newAccount();
    redis.pause();
    let answers: Answer[];
    try {
      answers = [
        await ask(api, key, 'waiting create', 'POST', '/api/v1/reports', {
          body: { url: site.url('/page?paused=1') },
        }),
        await ask(api, key, 'batch of 20', 'POST', '/api/v1/reports/batch', {
          body: {
            reports: Array.from({ length: 20 }, (_, i) => ({
              url: site.url(`/page?paused-batch=${i}`),
            })),
          },
        }),
        await ask(api, key, 'list', 'GET', '/api/v1/reports'),
      ];
    } finally {
      redis.resume();
    }
    const saved = await reportsOf(accountId);
    const slowest = Math.max(...answers.map((a) => a.ms));
    console.log(
      `Redis paused: ${summary(answers)}; slowest ${slowest} ms; ${saved.length} reports saved`,
    );
    expect(answers.map((a) => [a.label, a.status])).toEqual([
      ['waiting create', 202],
      ['batch of 20', 202],
      ['list', 200],
    ]);
    expect(saved).toHaveLength(21);
    const done = await analysed(accountId);
    expect(done.filter((r) => r.status !== 'completed')).toEqual([]);
  }, 240_000);
});
