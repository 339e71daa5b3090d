import type { ServerResponse } from 'node:http';
import { startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { SLOW_WRITE_MARK, slowWrites } from './support/slow-writes.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** One request of a burst: sent with every other at the same instant. */
interface BurstRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

/**
 * Sends every request at once, as one account, to the app listening with a backlog
 * that holds them all; answers each status, in the order asked.
 */
async function burst(
  t: TestApp,
  key: string,
  requests: BurstRequest[],
): Promise<number[]> {
  if (!t.http.listening) {
    await new Promise<void>((resolve) =>
      t.http.listen(0, '127.0.0.1', 4096, resolve),
    );
  }
  const { port } = t.http.address() as { port: number };
  return Promise.all(
    requests.map(async ({ method, path, body }) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          Prefer: 'respond-async',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const CAP_SETTINGS = {
  ANALYSES_IN_FLIGHT_PER_ACCOUNT: '100',
  SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT: '2',
  SCHEDULES_PER_ACCOUNT: '5',
  WEBHOOKS_PER_ACCOUNT: '3',
  // The bursts are refused by the caps, not by the rate limits.
  RATE_LIMIT_PER_MINUTE: '100000',
  ANALYSIS_RATE_LIMIT_PER_MINUTE: '100000',
  // Nothing settles while a test runs: the site never answers, within a long deadline.
  ANALYZER_DEADLINE_MS: '120000',
  SHUTDOWN_GRACE_MS: '0',
};

/**
 * The per-account caps are checked and taken in one step: requests sent at the same
 * instant by one account never take it past a cap, on PostgreSQL (DATABASE_URL) and on
 * the embedded database alike. The site never answers, so whatever is accepted stays in
 * flight for the whole test; the rows of URLs marked SLOW_WRITE_MARK take 0.3 s longer
 * to write, so the requests overlap in the database as on a loaded server.
 */
describe('per-account caps under concurrent requests', () => {
  let t: TestApp;
  let site: FixtureSite;
  const held: ServerResponse[] = [];
  const unslow: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const never = (_req: unknown, res: ServerResponse) => void held.push(res);
    site = await startFixtureSite({
      '/robots.txt': never,
      '/page': never,
      [`/page/${SLOW_WRITE_MARK}`]: never,
      [`/${SLOW_WRITE_MARK}`]: never,
    });
    t = await startTestApp(CAP_SETTINGS);
    for (const table of ['reports', 'site_audits', 'webhooks'] as const) {
      unslow.push(await slowWrites(t.dataSource, table, 0.3));
    }
  });
  afterAll(async () => {
    for (const undo of unslow) await undo();
    await site?.close();
    await t?.close();
  });

  const count = async (sql: string, accountId: string) =>
    Number((await t.dataSource.query(sql, [accountId]))[0].n);
  /** A page of the site whose report's row is slow to write. */
  const slow = (path: string) => site.url(`/page/${SLOW_WRITE_MARK}${path}`);
  const analysesInFlight = (accountId: string) =>
    count(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND status IN ('queued', 'running')`,
      accountId,
    );

  it('10 batches of 100 sent at once leave at most ANALYSES_IN_FLIGHT_PER_ACCOUNT analyses in flight', async () => {
    const { key, accountId } = await t.newAccount();
    const statuses = await burst(
      t,
      key,
      Array.from({ length: 10 }, (_, b) => ({
        method: 'POST' as const,
        path: '/api/v1/reports/batch',
        body: {
          reports: Array.from({ length: 100 }, (_, i) => ({
            url: i === 0 ? slow(`?b=${b}`) : site.url(`/page?b=${b}&i=${i}`),
          })),
        },
      })),
    );
    const inFlight = await analysesInFlight(accountId);
    const saved = await count(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1`,
      accountId,
    );
    console.log(
      `10 concurrent batches of 100 (cap 100): answers ${JSON.stringify(tally(statuses))}, ${inFlight} analyses in flight, ${saved} reports saved`,
    );
    // One batch fills the cap; nothing settles meanwhile, so every other is refused whole.
    expect(tally(statuses)).toEqual({ 202: 1, 429: 9 });
    expect(inFlight).toBe(100);
    expect(saved).toBe(100);
  }, 60_000);

  it('single creates and batches sent together stop at the cap, and each saved report was answered', async () => {
    const { key, accountId } = await t.newAccount();
    const singles = Array.from({ length: 60 }, (_, i) => ({
      method: 'POST' as const,
      path: '/api/v1/reports',
      body: { url: site.url(`/page?s=${i}`) },
    }));
    const batches = Array.from({ length: 5 }, (_, b) => ({
      method: 'POST' as const,
      path: '/api/v1/reports/batch',
      body: {
        reports: Array.from({ length: 30 }, (_, i) => ({
          url: i === 0 ? slow(`?mb=${b}`) : site.url(`/page?mb=${b}&i=${i}`),
        })),
      },
    }));
    const statuses = await burst(t, key, [...singles, ...batches]);
    const accepted =
      statuses.slice(0, 60).filter((s) => s === 202).length +
      30 * statuses.slice(60).filter((s) => s === 202).length;
    const inFlight = await analysesInFlight(accountId);
    console.log(
      `60 creates and 5 batches of 30 at once (cap 100): ${accepted} analyses accepted, ${inFlight} in flight`,
    );
    expect(statuses.every((s) => s === 202 || s === 429)).toBe(true);
    expect(inFlight).toBe(accepted);
    expect(inFlight).toBeLessThanOrEqual(100);
    // Refused only when full: at most one batch's worth of room is left.
    expect(inFlight).toBeGreaterThan(100 - 30);
  }, 60_000);

  it('20 site audits created at once leave at most SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT in flight', async () => {
    const { key, accountId } = await t.newAccount();
    const statuses = await burst(
      t,
      key,
      Array.from({ length: 20 }, (_, i) => ({
        method: 'POST' as const,
        path: '/api/v1/site-audits',
        body: { url: site.url(`/${SLOW_WRITE_MARK}?a=${i}`), max_pages: 5 },
      })),
    );
    const inFlight = await count(
      `SELECT count(*) AS n FROM site_audits WHERE account_id = $1 AND status IN ('queued', 'running')`,
      accountId,
    );
    console.log(
      `20 concurrent site-audit creates (cap 2): answers ${JSON.stringify(tally(statuses))}, ${inFlight} audits in flight`,
    );
    expect(tally(statuses)).toEqual({ 202: 2, 429: 18 });
    expect(inFlight).toBe(2);
  }, 60_000);

  it('20 scheduled reports created at once stop at SCHEDULES_PER_ACCOUNT', async () => {
    const { key, accountId } = await t.newAccount();
    const statuses = await burst(
      t,
      key,
      Array.from({ length: 20 }, (_, i) => ({
        method: 'POST' as const,
        path: '/api/v1/reports',
        body: { url: slow(`?sched=${i}`), schedule: 'daily' },
      })),
    );
    const scheduled = await count(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND schedule IS NOT NULL`,
      accountId,
    );
    console.log(
      `20 concurrent scheduled creates (cap 5): answers ${JSON.stringify(tally(statuses))}, ${scheduled} scheduled`,
    );
    expect(tally(statuses)).toEqual({ 202: 5, 409: 15 });
    expect(scheduled).toBe(5);
  }, 60_000);

  it('schedules added to 12 reports at once stop at SCHEDULES_PER_ACCOUNT', async () => {
    const { key, accountId } = await t.newAccount();
    const created = await burst(t, key, [
      {
        method: 'POST' as const,
        path: '/api/v1/reports/batch',
        body: {
          reports: Array.from({ length: 12 }, (_, i) => ({
            url: slow(`?later=${i}`),
          })),
        },
      },
    ]);
    expect(created).toEqual([202]);
    const ids: Array<{ id: string }> = await t.dataSource.query(
      `SELECT id FROM reports WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    const statuses = await burst(
      t,
      key,
      ids.map(({ id }) => ({
        method: 'PUT' as const,
        path: `/api/v1/reports/${id}`,
        body: { schedule: 'weekly' },
      })),
    );
    const scheduled = await count(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND schedule IS NOT NULL`,
      accountId,
    );
    console.log(
      `12 concurrent updates adding a schedule (cap 5): answers ${JSON.stringify(tally(statuses))}, ${scheduled} scheduled`,
    );
    expect(tally(statuses)).toEqual({ 200: 5, 409: 7 });
    expect(scheduled).toBe(5);
  }, 60_000);

  it('schedules added to 8 site audits at once stop at SCHEDULES_PER_ACCOUNT', async () => {
    const { key, accountId } = await t.newAccount();
    // Cancelled one by one: only two may be in flight at once, and a running crawl
    // counts until it has wound down, so each is awaited until it says cancelled.
    for (let i = 0; i < 8; i++) {
      const created = await t
        .as(key)
        .post('/api/v1/site-audits')
        .send({ url: site.url(`/${SLOW_WRITE_MARK}?s=${i}`), max_pages: 5 })
        .expect(202);
      const path = `/api/v1/site-audits/${created.body.data.id}`;
      await t.as(key).post(`${path}/cancel`).expect(202);
      for (let tries = 0; ; tries++) {
        const { body } = await t.as(key).get(path).expect(200);
        if (body.data.status === 'cancelled') break;
        expect(tries).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const ids: Array<{ id: string }> = await t.dataSource.query(
      `SELECT id FROM site_audits WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    const statuses = await burst(
      t,
      key,
      ids.map(({ id }) => ({
        method: 'PUT' as const,
        path: `/api/v1/site-audits/${id}`,
        body: { schedule: 'weekly' },
      })),
    );
    const scheduled = await count(
      `SELECT count(*) AS n FROM site_audits WHERE account_id = $1 AND schedule IS NOT NULL`,
      accountId,
    );
    console.log(
      `8 concurrent site-audit updates adding a schedule (cap 5): answers ${JSON.stringify(tally(statuses))}, ${scheduled} scheduled`,
    );
    expect(tally(statuses)).toEqual({ 200: 5, 409: 3 });
    expect(scheduled).toBe(5);
  }, 120_000);

  it('20 webhooks created at once stop at WEBHOOKS_PER_ACCOUNT', async () => {
    const { key, accountId } = await t.newAccount();
    const statuses = await burst(
      t,
      key,
      Array.from({ length: 20 }, (_, i) => ({
        method: 'POST' as const,
        path: '/api/v1/webhooks',
        body: {
          url: site.url(`/hook/${SLOW_WRITE_MARK}?${i}`),
          events: ['report.completed'],
        },
      })),
    );
    const webhooks = await count(
      `SELECT count(*) AS n FROM webhooks WHERE account_id = $1`,
      accountId,
    );
    console.log(
      `20 concurrent webhook creates (cap 3): answers ${JSON.stringify(tally(statuses))}, ${webhooks} webhooks`,
    );
    expect(tally(statuses)).toEqual({ 201: 3, 409: 17 });
    expect(webhooks).toBe(3);
  }, 60_000);
});
