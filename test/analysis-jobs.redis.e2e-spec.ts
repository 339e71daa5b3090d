import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  createAtOnce,
  expectEachCompletedOnce,
  recordCompletions,
} from './support/concurrent-creates.js';
import { startJobSite } from './support/job-fixtures.js';
import { waitUntil } from './support/wait.js';
import type { JobSite } from './support/job-fixtures.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import { TEST_REDIS_URL as REDIS_URL } from './support/redis.js';

/**
 * Analyses as jobs on the machine's real Redis: the API (here in the test's process)
 * adds them, worker processes (dist/worker.js) run them, on a PostgreSQL cluster of
 * the suite's own that a test may stop. Each suite has its own Redis prefix.
 */
interface Deployment {
  pg: ThrowawayPostgres;
  api: TestApp;
  key: string;
  workerEnv: Record<string, string>;
  workers: ServiceProcess[];
  prefix: string;
  close(): Promise<void>;
}

async function deploy(env: Record<string, string> = {}): Promise<Deployment> {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const pg = await ThrowawayPostgres.create();
  const shared = {
    DATABASE_URL: pg.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    ANALYZER_DEADLINE_MS: '5000',
    ANALYSIS_RETRY_DELAY_MS: '50',
    ...env,
  };
  const api = await startTestApp(shared);
  const key = (await api.newAccount()).key;
  const deployment: Deployment = {
    pg,
    api,
    key,
    workerEnv: shared,
    workers: [],
    prefix,
    close: async () => {
      await Promise.all(deployment.workers.map((w) => w.kill()));
      await api.close();
      pg.destroy();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
  return deployment;
}

async function addWorker(
  deployment: Deployment,
  env: Record<string, string> = {},
): Promise<ServiceProcess> {
  const worker = await startService('dist/worker.js', {
    ...deployment.workerEnv,
    ...env,
  });
  deployment.workers.push(worker);
  return worker;
}

function statusOf(d: Deployment, id: number): Promise<string> {
  return d.api
    .as(d.key)
    .get(`/api/v1/reports/${id}`)
    .then((res) =>
      res.status === 200 ? res.body.data.status : `http ${res.status}`,
    );
}

/** An async create of the page the site holds, once a worker is fetching it: the report's id. */
async function createHeld(d: Deployment, site: JobSite): Promise<number> {
  const res = await d.api
    .as(d.key)
    .post('/api/v1/reports')
    .set('Prefer', 'respond-async')
    .send({ url: site.url('/held') })
    .expect(202);
  await site.heldArrived;
  return res.body.data.id as number;
}

describe('analyses as jobs on Redis, run by worker processes', () => {
  let site: JobSite;
  let d: Deployment;

  beforeEach(async () => {
    site = await startJobSite();
  });
  afterEach(async () => {
    await d?.close();
    await site.close();
  });

  it('answers an async create with 202 at once, and a worker completes the report', async () => {
    d = await deploy();
    await addWorker(d);
    const started = performance.now();
    const res = await d.api
      .as(d.key)
      .post('/api/v1/reports')
      .set('Prefer', 'respond-async')
      .send({ url: site.url('/page?n=1') })
      .expect(202);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(res.body.data.status).toBe('queued');
    const status = await waitUntil(
      () => statusOf(d, res.body.data.id),
      (s) => s === 'completed',
      15_000,
    );
    expect(status).toBe('completed');
    expect(site.hits.get('1')).toBe(1);
  }, 60_000);

  it('a create that waits answers 201 with the result the worker stored', async () => {
    d = await deploy();
    await addWorker(d);
    const res = await d.api
      .as(d.key)
      .post('/api/v1/reports')
      .send({ url: site.url('/page?n=2') })
      .expect(201);
    expect(res.body.data.status).toBe('completed');
    expect(res.body.data.results.rating).toBe(res.body.data.result);
  }, 60_000);

  it('SIGKILL of the worker mid-analysis: another worker completes the report, no restart', async () => {
    d = await deploy();
    const doomed = await addWorker(d);
    const id = await createHeld(d, site);
    await addWorker(d);
    await doomed.kill();
    const killedAt = performance.now();
    const status = await waitUntil(
      () => statusOf(d, id),
      (s) => s === 'completed' || s === 'failed',
      60_000,
    );
    expect(status).toBe('completed');
    expect(performance.now() - killedAt).toBeLessThan(60_000);
  }, 120_000);

  it('the database stopped mid-analysis and started again: the report completes, no restart', async () => {
    d = await deploy();
    const worker = await addWorker(d);
    const id = await createHeld(d, site);
    d.pg.stop();
    // The analysis ends while the database is away: its result cannot be stored.
    site.release();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    d.pg.start();
    const backAt = performance.now();
    const status = await waitUntil(
      () => statusOf(d, id),
      (s) => s === 'completed' || s === 'failed',
      60_000,
      500,
    );
    expect(status).toBe('completed');
    expect(performance.now() - backAt).toBeLessThan(60_000);
    expect(worker.child.exitCode).toBeNull();
  }, 120_000);

  it('SIGTERM of a worker mid-analysis: it finishes the analysis within its grace period, then exits', async () => {
    d = await deploy();
    const worker = await addWorker(d, { SHUTDOWN_GRACE_MS: '10000' });
    const id = await createHeld(d, site);
    const exit = worker.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    site.release();
    expect(await exit).toBe(0);
    expect(await statusOf(d, id)).toBe('completed');
  }, 60_000);

  it('SIGTERM of a worker whose analysis outlasts the grace period: it exits, and another worker completes the report', async () => {
    d = await deploy();
    const worker = await addWorker(d, { SHUTDOWN_GRACE_MS: '500' });
    const id = await createHeld(d, site);
    const stopping = performance.now();
    expect(await worker.stop()).toBe(0);
    expect(performance.now() - stopping).toBeLessThan(5_000);
    await addWorker(d);
    const status = await waitUntil(
      () => statusOf(d, id),
      (s) => s === 'completed' || s === 'failed',
      60_000,
    );
    expect(status).toBe('completed');
  }, 120_000);

  it('1,000 concurrent async creates: each answer 202 or a problem, each saved report completed exactly once, none saved behind an error', async () => {
    d = await deploy({
      ANALYSES_IN_FLIGHT_PER_ACCOUNT: '5000',
      // Exactly once is the point here, not speed: a loaded machine must not time analyses out.
      ANALYZER_DEADLINE_MS: '20000',
      RATE_LIMIT_PER_MINUTE: '100000',
      ANALYSIS_RATE_LIMIT_PER_MINUTE: '100000',
    });
    await recordCompletions(d.api.dataSource);
    await addWorker(d, { ANALYSIS_CONCURRENCY: '32' });
    await addWorker(d, { ANALYSIS_CONCURRENCY: '32' });
    const answers = await createAtOnce(d.api, d.key, site, 1_000);
    const statuses = await expectEachCompletedOnce(d.api.dataSource, answers);
    console.log(
      `1,000 concurrent creates, answers by status: ${JSON.stringify(statuses)}`,
    );
  }, 300_000);
});
