import { ThrottlerStorageService } from '@nestjs/throttler';
import type { ThrottlerStorage } from '@nestjs/throttler';
import {
  expectLimitStoreDown,
  redisKeys,
  sleep,
  useTestRedis,
} from '../../test/support/redis.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

describe('RedisThrottlerStorage', () => {
  const store = useTestRedis();
  let memory: ThrottlerStorageService;
  let storage: RedisThrottlerStorage;
  let n = 0;

  beforeAll(() => {
    storage = new RedisThrottlerStorage(store.redis, store.prefix);
  });
  beforeEach(() => {
    memory = new ThrottlerStorageService();
  });
  afterEach(() => memory.onApplicationShutdown());

  /**
   * One hit on throttler's own in-memory storage and on the Redis one at the same
   * moment, under a key neither has seen: both must answer the same record.
   */
  function sideBySide(ttl: number, limit: number, blockDuration: number) {
    const key = `k${++n}`;
    return async (): Promise<ThrottlerRecord> => {
      const [fromMemory, fromRedis] = await Promise.all([
        memory.increment(key, ttl, limit, blockDuration, 'requests'),
        storage.increment(key, ttl, limit, blockDuration),
      ]);
      // A key not blocked has no block to expire: memory tells the time since an
      // old block ended, or since 1970 on a fresh record, until it sweeps the key;
      // Redis forgets the key sooner. The guard reads it only on a blocked key.
      const comparable = (record: ThrottlerRecord) => {
        if (!record.isBlocked)
          expect(record.timeToBlockExpire).toBeLessThanOrEqual(0);
        return {
          ...record,
          timeToBlockExpire: record.isBlocked ? record.timeToBlockExpire : 0,
        };
      };
      expect(comparable(fromRedis)).toEqual(comparable(fromMemory));
      return fromRedis;
    };
  }

  it('without a block duration, refuses past the limit without counting, until the oldest hit leaves (as in memory)', async () => {
    const hit = sideBySide(1_000, 2, 0);
    expect(await hit()).toEqual({
      totalHits: 1,
      timeToExpire: 1,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    for (let i = 0; i < 3; i++) {
      expect(await hit()).toEqual({
        totalHits: 3,
        timeToExpire: 1,
        isBlocked: true,
        timeToBlockExpire: 1,
      });
    }
    await sleep(1_100);
    expect(await hit()).toEqual({
      totalHits: 1,
      timeToExpire: 1,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it('with a block duration, blocks the key that long past the limit, then starts afresh (as in memory)', async () => {
    const hit = sideBySide(1_000, 2, 2_000);
    await hit();
    await hit();
    expect(await hit()).toEqual({
      totalHits: 3,
      timeToExpire: 1,
      isBlocked: true,
      timeToBlockExpire: 2,
    });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true });
    await sleep(1_100);
    // The hits have left their window, but the block holds.
    expect(await hit()).toEqual({
      totalHits: 0,
      timeToExpire: 1,
      isBlocked: true,
      timeToBlockExpire: 1,
    });
    await sleep(1_000);
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('counts each key on its own', async () => {
    const a = sideBySide(60_000, 1, 0);
    const b = sideBySide(60_000, 1, 0);
    expect(await a()).toMatchObject({ isBlocked: false });
    expect(await a()).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    expect(await b()).toMatchObject({ isBlocked: false });
  });

  it('lets exactly the limit through a burst of parallel hits, from two connections', async () => {
    const there = new RedisThrottlerStorage(store.connect(), store.prefix);
    const records = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? storage : there).increment('burst', 60_000, 10, 0),
      ),
    );
    const passed = records.filter((r) => !r.isBlocked);
    expect(passed.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('keeps a key in two Redis keys under its prefix, gone when nothing in them lives', async () => {
    const { redis, prefix } = store;
    await storage.increment('requests:7', 60_000, 5, 0);
    const keys = await redisKeys(redis, `${prefix}:throttle:requests:7`);
    expect(keys).toEqual([
      `${prefix}:throttle:requests:7:hits`,
      `${prefix}:throttle:requests:7:state`,
    ]);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(59_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('fails within seconds when Redis cannot be reached, rather than wait for it', async () => {
    await expectLimitStoreDown((down) =>
      new RedisThrottlerStorage(down, store.prefix).increment(
        'k',
        60_000,
        1,
        0,
      ),
    );
  });
});
