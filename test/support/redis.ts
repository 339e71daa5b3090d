import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { limitStoreConnection } from '../../src/rate-limits/limit-store.js';
import { TEST_REDIS_URL } from './global-setup.js';

// The one Redis of the tests (TEST_REDIS_URL), defined beside the check that it answers.
export { TEST_REDIS_URL };

/** The names of the keys under the prefix, sorted. */
export async function redisKeys(
  redis: Redis,
  prefix: string,
): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(
      cursor,
      'MATCH',
      `${prefix}:*`,
      'COUNT',
      1000,
    );
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found.sort();
}

/** The test Redis as the limits use it, for the specs of one describe block. */
export interface TestRedis {
  /** A limits' connection, open from beforeAll to afterAll. */
  readonly redis: Redis;
  /** A prefix of the block's own: its keys are deleted in afterAll. */
  readonly prefix: string;
  /** One more connection, as another process holds one; closed in afterAll. */
  connect(): Redis;
}

/** Registers the hooks that open and clean up a TestRedis. */
export function useTestRedis(): TestRedis {
  // A prefix no other test or deployment uses.
  const prefix = `test-limits-${randomBytes(6).toString('hex')}`;
  const connections: Redis[] = [];
  const connect = () => {
    const redis = limitStoreConnection(TEST_REDIS_URL);
    connections.push(redis);
    return redis;
  };
  let redis: Redis;
  beforeAll(() => {
    redis = connect();
  });
  afterAll(async () => {
    await deleteRedisKeys(redis, prefix);
    await Promise.all(connections.map((c) => c.quit()));
  });
  return {
    get redis() {
      return redis;
    },
    prefix,
    connect,
  };
}

/** Deletes every key under the prefix, and only those. */
export async function deleteRedisKeys(
  redis: Redis,
  prefix: string,
): Promise<void> {
  const keys = await redisKeys(redis, prefix);
  if (keys.length > 0) await redis.unlink(...keys);
}

export const sleep = (ms: number) =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `use` on a limits' connection to a Redis that is not there (nothing listens
 * on port 1 of the loopback): it must fail within seconds rather than wait for Redis.
 */
export async function expectLimitStoreDown(
  use: (redis: Redis) => Promise<unknown>,
): Promise<void> {
  const down = limitStoreConnection('redis://127.0.0.1:1');
  try {
    const started = Date.now();
    const error = await use(down).then(
      () => new Error('it did not fail'),
      (e: unknown) => e,
    );
    // It fails, soon: the fallback (fallback-limits.ts) then counts in memory.
    expect(error).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    down.disconnect();
  }
}
