import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { BullmqJobQueue } from '../src/jobs/bullmq-job-queue.js';
import { JobsRepository } from '../src/jobs/jobs.repository.js';
import type { JobQueue } from '../src/jobs/job-queue.js';
import { PostgresJobQueue } from '../src/jobs/postgres-job-queue.js';
import { promptRedis, redisOptions } from '../src/redis/redis.module.js';
import { deleteRedisKeys, TEST_REDIS_URL } from './support/redis.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';

/**
 * Both job backends run a queue's due jobs by priority (lower first, none before
 * all), so a bulk producer can queue behind single requests on either.
 */
describe.each(['the jobs table', 'BullMQ'] as const)(
  'job priorities on %s',
  (backend) => {
    let t: TestApp;
    let redis: Redis | null = null;
    let producer: Redis | null = null;
    const prefix = `test-jobs-${randomBytes(6).toString('hex')}`;
    let queue: JobQueue;

    beforeAll(async () => {
      t = await startTestApp();
      if (backend === 'BullMQ') {
        redis = new Redis(TEST_REDIS_URL, redisOptions());
        producer = promptRedis(TEST_REDIS_URL, 2_000);
        queue = new BullmqJobQueue(
          { workers: redis, producer, addTimeoutMs: 2_000 },
          prefix,
          true,
        );
      } else {
        queue = new PostgresJobQueue(t.app.get(JobsRepository));
      }
    });
    afterAll(async () => {
      await queue?.close(1_000);
      if (redis) {
        await deleteRedisKeys(redis, prefix);
        await redis.quit();
      }
      await producer?.quit();
      await t?.close();
    });

    it('runs a job without priority before those with one, then by priority and age', async () => {
      const name = `priorities-${randomBytes(4).toString('hex')}`;
      for (const [key, priority] of [
        ['bulk-1', 10],
        ['bulk-2', 10],
        ['urgent-ish', 3],
        ['bulk-3', 10],
      ] as const) {
        await queue.add(name, { key }, { key, priority });
      }
      await queue.add(name, { key: 'single' }, { key: 'single' });
      const ran: string[] = [];
      queue.work<{ key: string }>(
        name,
        (job) => {
          ran.push(job.data.key);
          return Promise.resolve();
        },
        { concurrency: 1 },
      );
      await waitUntil(
        () => Promise.resolve(ran.length),
        (n) => n === 5,
        20_000,
      );
      expect(ran).toEqual([
        'single',
        'urgent-ish',
        'bulk-1',
        'bulk-2',
        'bulk-3',
      ]);
    });
  },
);
