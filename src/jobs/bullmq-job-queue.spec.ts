import { Redis } from 'ioredis';
import { ThrowawayRedis } from '../../test/support/throwaway-redis.js';
import { promptRedis, redisOptions } from '../redis/redis.module.js';
import { BullmqJobQueue } from './bullmq-job-queue.js';

/** How long an add may take here. */
const ADD_TIMEOUT_MS = 500;

/** The add's outcome, or 'pending' when it has neither resolved nor rejected by `ms`. */
function outcomeWithin(
  promise: Promise<void>,
  ms: number,
): Promise<'added' | 'failed' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'added' as const,
      () => 'failed' as const,
    ),
    new Promise<'pending'>((resolve) =>
      setTimeout(() => resolve('pending'), ms),
    ),
  ]);
}

/**
 * Adds on a Redis of the test's own: while Redis is stopped, or connected but silent,
 * an add fails instead of waiting for it; once Redis is back, adds work again, on the
 * same queue, with no restart.
 */
describe('BullmqJobQueue while its Redis is away', () => {
  let redis: ThrowawayRedis;
  let workers: Redis;
  let producer: Redis;
  let queue: BullmqJobQueue;
  let n = 0;

  beforeAll(async () => {
    redis = await ThrowawayRedis.create();
    workers = new Redis(redis.url, redisOptions());
    producer = promptRedis(redis.url, ADD_TIMEOUT_MS);
    queue = new BullmqJobQueue(
      { workers, producer, addTimeoutMs: ADD_TIMEOUT_MS },
      'test-jobs',
      false,
    );
  });
  afterAll(async () => {
    redis.resume();
    await queue?.close(0);
    workers?.disconnect();
    producer?.disconnect();
    await redis?.stop();
  });

  const add = () => queue.add('outage', { n: ++n }, { key: `job-${n}` });
  const jobCount = async () => {
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    try {
      return (await probe.keys('test-jobs:outage:job-*')).length;
    } finally {
      probe.disconnect();
    }
  };

  it('adds while Redis is up, waiting for the first connection', async () => {
    await expect(add()).resolves.toBeUndefined();
    expect(await jobCount()).toBe(1);
  });

  it('fails at once while Redis is stopped, and adds again once it is back', async () => {
    await redis.stop();
    await expect(outcomeWithin(add(), 10 * ADD_TIMEOUT_MS)).resolves.toBe(
      'failed',
    );
    await redis.start();
    await new Promise((resolve) =>
      producer.status === 'ready'
        ? resolve(null)
        : producer.once('ready', resolve),
    );
    await expect(add()).resolves.toBeUndefined();
    expect(await jobCount()).toBe(1);
  });

  it('fails within its timeout while Redis answers nothing, then at once for a while', async () => {
    redis.pause();
    try {
      await expect(outcomeWithin(add(), 10 * ADD_TIMEOUT_MS)).resolves.toBe(
        'failed',
      );
      // Paused after a failure: the next add does not wait the timeout again.
      await expect(outcomeWithin(add(), ADD_TIMEOUT_MS / 2)).resolves.toBe(
        'failed',
      );
    } finally {
      redis.resume();
    }
  });
});
