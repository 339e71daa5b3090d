import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import { ThrowawayRedis } from './support/throwaway-redis.js';
import { waitUntil } from './support/wait.js';

/** The tick of this test: short, so two of them are a few seconds. */
const TICK_MS = 2_000;

/**
 * The schedule tick is a job scheduler in Redis, and the compose file's Redis keeps
 * nothing on disk. After Redis comes back empty, the processes set the tick up again
 * by themselves (readiness names it missing meanwhile): a due schedule runs within two
 * ticks, with no restart of anything.
 */
describe('the schedule tick after Redis restarts empty', () => {
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
          '<!doctype html><html lang="en"><title>Scheduled page of a site</title><h1>Hi</h1></html>',
        ),
    });
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      SCHEDULE_TICK_MS: String(TICK_MS),
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

  const readiness = () =>
    api.anonymous().get('/health/ready') as unknown as Promise<{
      status: number;
      body: { detail?: string };
    }>;

  it('is set up again by itself, and a due schedule runs within two ticks', async () => {
    const { key } = await api.newAccount();
    const created = await api
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/'), schedule: 'daily' })
      .expect(201);
    const id = created.body.data.id as number;
    expect((await readiness()).status).toBe(200);

    // The worker stays up; Redis goes, and comes back with nothing.
    await redis.stop();
    await redis.start();
    // Until a process sets the tick up again, readiness names it (if it is asked in time).
    const missing = await readiness();
    if (missing.status === 503) {
      expect(missing.body.detail).toMatch(/repeating job.*schedule-ticks/);
    }

    await api.dataSource.query(
      `UPDATE reports SET next_run_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    const due = Date.now();
    const rerun = await waitUntil(
      async () => {
        const rows: Array<{ run: number; status: string }> =
          await api.dataSource.query(
            `SELECT run, status FROM reports WHERE id = $1`,
            [id],
          );
        return rows[0];
      },
      (row) => row.run === 2,
      30_000,
      100,
    );
    const tookMs = Date.now() - due;
    console.log(
      `Redis restarted empty: readiness ${missing.status}, the due schedule started ${tookMs} ms later (tick ${TICK_MS} ms)`,
    );
    expect(rerun.run).toBe(2);
    // Healed within one tick, then taken by the next.
    expect(tookMs).toBeLessThan(2 * TICK_MS + 1_000);
    const ready = await waitUntil(
      () => readiness(),
      (res) => res.status === 200,
      10_000,
      200,
    );
    expect(ready.status).toBe(200);
  }, 90_000);
});
