import { Queue } from 'bullmq';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { TEST_REDIS_URL as REDIS_URL } from './support/redis.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import type { TestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Schedules on BullMQ: the worker process sets up the tick as a job scheduler of
 * Redis and runs it. The worker keeps the system's time, so the test makes a run
 * due by moving the report's next_run_at into the past.
 */
describe('scheduled re-runs on Redis, run by a worker process', () => {
  let deployment: ScaledOut;
  let prefix: string;
  let site: FixtureSite;
  let api: TestApp;
  let hits = 0;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': (_req, res) => {
        hits++;
        html(res, PLAIN_PAGE);
      },
    });
    deployment = await startScaledOut({ SCHEDULE_TICK_MS: '500' });
    ({ api, prefix } = deployment);
  });
  afterAll(async () => {
    await deployment?.close();
    await site?.close();
  });

  it('keeps the tick as one BullMQ job scheduler', async () => {
    const queue = new Queue('schedule-ticks', {
      connection: { url: REDIS_URL },
      prefix: `${prefix}:jobs`,
    });
    try {
      const schedulers = await waitUntil(
        () => queue.getJobSchedulers(),
        (found) => found.length > 0,
        10_000,
        100,
      );
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({
        key: 'schedule-tick',
        every: 500,
      });
    } finally {
      await queue.close();
    }
  });

  it('runs a daily report again once it is due, and moves its next run on by a day', async () => {
    const { key } = await api.newAccount();
    const created = await api
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/page'), schedule: 'daily' })
      .expect(201);
    const first = created.body.data;
    expect(first.status).toBe('completed');
    expect(hits).toBe(1);

    // As a CTE, so the driver answers rows (an UPDATE alone answers [rows, count]).
    const [{ due }]: Array<{ due: Date }> = await api.dataSource.query(
      `WITH moved AS (
         UPDATE reports SET next_run_at = now() - interval '1 minute'
         WHERE id = $1 RETURNING next_run_at)
       SELECT next_run_at AS due FROM moved`,
      [first.id],
    );
    const again = await waitUntil(
      () =>
        api
          .as(key)
          .get(`/api/v1/reports/${first.id}`)
          .expect(200)
          .then((res) => res.body.data),
      (report) =>
        report.status === 'completed' &&
        report.generated_at > first.generated_at,
      30_000,
      250,
    );
    expect(hits).toBe(2);
    expect(again.next_run_at).toBe(
      new Date(due.getTime() + DAY_MS).toISOString(),
    );
  }, 60_000);
});
