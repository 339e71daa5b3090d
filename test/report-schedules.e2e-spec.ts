import type { ServerResponse } from 'node:http';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { TestClock } from './support/test-clock.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import { waitUntil } from './support/wait.js';

const DAY_MS = 24 * 60 * 60_000;

interface ReportData {
  id: number;
  status: string;
  generated_at: string | null;
  schedule: string | null;
  next_run_at: string | null;
}

/**
 * Schedules on the jobs table of the database: the repeating tick job (here every
 * 300 ms) starts the due runs, with time from a clock the test moves. On a database
 * of its own: an app of another suite on a shared one could run the one tick job
 * with the system's clock.
 */
describe('scheduled re-runs', () => {
  let site: FixtureSite;
  let pg: ThrowawayPostgres;
  let t: TestApp;
  const clock = new TestClock();
  const hits = new Map<string, number>();
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': (req, res) => {
        const n = new URL(req.url ?? '/', 'http://x').searchParams.get('n')!;
        hits.set(n, (hits.get(n) ?? 0) + 1);
        html(res, PLAIN_PAGE);
      },
      // Answers when the test says: analyses kept in flight.
      '/held': (_req, res) => void held.push(res),
    });
    pg = await ThrowawayPostgres.create();
    t = await startTestApp(
      {
        DATABASE_URL: pg.url,
        SCHEDULE_TICK_MS: '300',
        ANALYSES_IN_FLIGHT_PER_ACCOUNT: '2',
        SCHEDULES_PER_ACCOUNT: '3',
      },
      { clock },
    );
  });
  afterAll(async () => {
    for (const res of held.splice(0)) html(res, PLAIN_PAGE);
    await t?.close();
    pg?.destroy();
    await site?.close();
  });

  const at = (ms: number) => new Date(ms).toISOString();

  async function reportOf(key: string, id: number): Promise<ReportData> {
    return (await t.as(key).get(`/api/v1/reports/${id}`).expect(200)).body
      .data as ReportData;
  }

  /** The report once a run after `since` (its generated_at) has completed. */
  async function rerunAfter(
    key: string,
    id: number,
    since: string,
  ): Promise<ReportData> {
    const report = await waitUntil(
      () => reportOf(key, id),
      (r) =>
        r.status === 'completed' &&
        r.generated_at !== null &&
        r.generated_at > since,
      20_000,
      200,
    );
    expect(report.status).toBe('completed');
    expect(report.generated_at! > since).toBe(true);
    return report;
  }

  it('keeps one repeating tick job in the jobs table', async () => {
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM jobs WHERE queue = 'schedule-ticks'`,
    );
    expect(n).toBe(1);
  });

  it('runs a daily report again once its time has come, and moves its next run on by a day', async () => {
    const { key } = await t.newAccount();
    const created = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/page?n=daily'), schedule: 'daily' })
      .expect(201);
    const first = created.body.data as ReportData;
    expect(first.status).toBe('completed');
    expect(first.schedule).toBe('daily');
    const due = clock.now().getTime() + DAY_MS;
    expect(first.next_run_at).toBe(at(due));
    expect(hits.get('daily')).toBe(1);

    // Not due yet: ticks pass, nothing runs.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hits.get('daily')).toBe(1);

    clock.advance(DAY_MS + 60_000);
    const second = await rerunAfter(key, first.id, first.generated_at!);
    expect(second.status).toBe('completed');
    expect(hits.get('daily')).toBe(2);
    // From the due time, not from when the tick ran.
    expect(second.next_run_at).toBe(at(due + DAY_MS));

    // Ten days without ticks: one run, and the next one is in the future.
    clock.advance(10 * DAY_MS);
    const third = await rerunAfter(key, first.id, second.generated_at!);
    expect(third.next_run_at).toBe(at(due + 11 * DAY_MS));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hits.get('daily')).toBe(3);
  });

  it('sets, keeps and clears a schedule through update, form bodies included', async () => {
    const { key } = await t.newAccount();
    const { id } = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .set('Prefer', 'respond-async')
        .send({ url: site.url('/page?n=update') })
        .expect(202)
    ).body.data as ReportData;
    expect(await reportOf(key, id)).toMatchObject({
      schedule: null,
      next_run_at: null,
    });
    const weekly = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .type('form')
      .send('schedule=weekly')
      .expect(200);
    expect(weekly.body.data).toMatchObject({
      schedule: 'weekly',
      next_run_at: at(clock.now().getTime() + 7 * DAY_MS),
    });
    const off = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .send({ schedule: 'off' })
      .expect(200);
    expect(off.body.data).toMatchObject({ schedule: null, next_run_at: null });
    const refused = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .send({ schedule: 'hourly' })
      .expect(422);
    expect(Object.keys(refused.body.errors)).toEqual(['schedule']);
  });

  it('takes a schedule on each item of a batch', async () => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .post('/api/v1/reports/batch')
      .send({
        reports: [
          { url: site.url('/page?n=b1'), schedule: 'weekly' },
          { url: site.url('/page?n=b2') },
        ],
      })
      .expect(202);
    expect(
      res.body.data.map((r: ReportData) => [r.schedule, r.next_run_at]),
    ).toEqual([
      ['weekly', at(clock.now().getTime() + 7 * DAY_MS)],
      [null, null],
    ]);
  });

  it('postpones the schedule of an account at its in-flight cap, and runs it once there is room', async () => {
    const { key } = await t.newAccount();
    const first = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/page?n=busy'), schedule: 'daily' })
        .expect(201)
    ).body.data as ReportData;
    // Two analyses held in flight: the account's cap here.
    for (let i = 0; i < 2; i++) {
      await t
        .as(key)
        .post('/api/v1/reports')
        .set('Prefer', 'respond-async')
        .send({ url: site.url(`/held?${i}`) })
        .expect(202);
    }
    await waitUntil(
      () => Promise.resolve(held.length),
      (n) => n === 2,
      10_000,
      50,
    );
    clock.advance(DAY_MS);
    const postponed = await waitUntil(
      () => reportOf(key, first.id),
      (r) => r.next_run_at !== first.next_run_at,
      10_000,
      200,
    );
    expect(postponed.next_run_at).not.toBe(first.next_run_at);
    // Not lost: tried again a minute on.
    expect(postponed.next_run_at).toBe(at(clock.now().getTime() + 60_000));
    expect(hits.get('busy')).toBe(1);

    for (const res of held.splice(0)) html(res, PLAIN_PAGE);
    clock.advance(60_000);
    const ran = await rerunAfter(key, first.id, first.generated_at!);
    expect(hits.get('busy')).toBe(2);
    expect(ran.next_run_at).toBe(
      at(new Date(postponed.next_run_at!).getTime() + DAY_MS),
    );
  });

  it('refuses schedules past SCHEDULES_PER_ACCOUNT with a 409 naming the limit, on create, batch and update', async () => {
    const { key } = await t.newAccount();
    // Each waits for its analysis: this app lets an account have two in flight.
    const create = (n: string, schedule: string) =>
      t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url(`/page?n=${n}`), schedule });
    for (const n of ['cap1', 'cap2']) await create(n, 'daily').expect(201);
    const plain = (await create('cap-plain', 'off').expect(201)).body.data
      .id as number;
    const batch = await t
      .as(key)
      .post('/api/v1/reports/batch')
      .send({
        reports: [
          { url: site.url('/page?n=cap3'), schedule: 'weekly' },
          { url: site.url('/page?n=cap4'), schedule: 'weekly' },
        ],
      })
      .expect(409);
    expect(batch.body).toMatchObject({
      status: 409,
      limit: { name: 'SCHEDULES_PER_ACCOUNT', value: 3 },
    });
    const third = (await create('cap3', 'weekly').expect(201)).body.data
      .id as number;
    const refused = await create('cap5', 'daily').expect(409);
    expect(refused.body.limit).toEqual({
      name: 'SCHEDULES_PER_ACCOUNT',
      value: 3,
    });
    expect(refused.body.detail).toContain('SCHEDULES_PER_ACCOUNT');
    await t
      .as(key)
      .put(`/api/v1/reports/${plain}`)
      .send({ schedule: 'daily' })
      .expect(409);
    // Re-sending a schedule a report has adds none; turning one off makes room.
    await t
      .as(key)
      .put(`/api/v1/reports/${third}`)
      .send({ schedule: 'daily' })
      .expect(200);
    await t
      .as(key)
      .put(`/api/v1/reports/${third}`)
      .send({ schedule: 'off' })
      .expect(200);
    await t
      .as(key)
      .put(`/api/v1/reports/${plain}`)
      .send({ schedule: 'weekly' })
      .expect(200);
    const list = await t.as(key).get('/api/v1/reports?per_page=25').expect(200);
    expect(list.body.meta.total).toBe(4);
  });
});
