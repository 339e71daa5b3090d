import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import { waitUntil } from './support/wait.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A batch on BullMQ: the API adds 100 jobs, a worker process runs them all. */
describe('a batch of 100 on Redis, run by a worker process', () => {
  const prefix = `h13i-test-${randomBytes(6).toString('hex')}`;
  let pg: ThrowawayPostgres;
  let site: FixtureSite;
  let api: TestApp;
  let worker: ServiceProcess;

  beforeAll(async () => {
    const pages: Record<string, FixtureHandler> = {};
    for (let i = 0; i < 100; i++) {
      pages[`/page/${i}`] = (_req, res) => html(res, PLAIN_PAGE);
    }
    site = await startFixtureSite(pages);
    pg = await ThrowawayPostgres.create();
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      ANALYZER_DEADLINE_MS: '5000',
    };
    api = await startTestApp(env);
    worker = await startService('dist/worker.js', env);
  });
  afterAll(async () => {
    await worker?.kill();
    await api?.close();
    pg?.destroy();
    await site?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('creates 100 reports that all complete', async () => {
    const { key } = await api.newAccount();
    const res = await api
      .as(key)
      .post('/api/v1/reports/batch')
      .send({
        reports: Array.from({ length: 100 }, (_, i) => ({
          url: site.url(`/page/${i}`),
        })),
      })
      .expect(202);
    expect(res.body.data).toHaveLength(100);
    const listed = await waitUntil(
      () =>
        api
          .as(key)
          .get('/api/v1/reports?per_page=100')
          .expect(200)
          .then((list) => list.body as { data: Array<{ status: string }> }),
      (list) => list.data.every((r) => r.status === 'completed'),
      240_000,
      1_000,
    );
    expect(listed.data).toHaveLength(100);
    expect(listed.data.filter((r) => r.status !== 'completed')).toEqual([]);
  }, 300_000);
});
