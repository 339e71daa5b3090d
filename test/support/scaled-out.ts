import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { startService } from './service-process.js';
import type { ServiceProcess } from './service-process.js';
import { startTestApp } from './test-app.js';
import type { TestApp } from './test-app.js';
import { ThrowawayPostgres } from './throwaway-postgres.js';
import { TEST_REDIS_URL } from './redis.js';

/** The service as a team runs it: an API and a worker process on Redis and a PostgreSQL of their own. */
export interface ScaledOut {
  api: TestApp;
  worker: ServiceProcess;
  /** The Redis prefix of this deployment; its keys are deleted by close(). */
  prefix: string;
  /** Another worker process of the deployment, with `env` besides its settings. */
  addWorker(env?: Record<string, string>): Promise<ServiceProcess>;
  close(): Promise<void>;
}

/** Starts an API in the test's process and a `dist/worker.js` process beside it. */
export async function startScaledOut(
  env: Record<string, string> = {},
): Promise<ScaledOut> {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const pg = await ThrowawayPostgres.create();
  const settings = {
    DATABASE_URL: pg.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    ANALYZER_DEADLINE_MS: '5000',
    ...env,
  };
  let api: TestApp | undefined;
  let worker: ServiceProcess | undefined;
  const more: ServiceProcess[] = [];
  const close = async () => {
    await worker?.kill();
    for (const other of more) await other.kill();
    await api?.close();
    pg.destroy();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  };
  try {
    api = await startTestApp(settings);
    worker = await startService('dist/worker.js', settings);
  } catch (error) {
    await close();
    throw error;
  }
  const addWorker = async (extra: Record<string, string> = {}) => {
    const added = await startService('dist/worker.js', {
      ...settings,
      ...extra,
    });
    more.push(added);
    return added;
  };
  return { api, worker, prefix, addWorker, close };
}
