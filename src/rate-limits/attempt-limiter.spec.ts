import {
  expectLimitStoreDown,
  redisKeys,
  sleep,
  useTestRedis,
} from '../../test/support/redis.js';
import { AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter.js';
import type { Attempt, AttemptWindow } from './attempt-limiter.js';
import { RedisAttemptLimiter } from './redis-attempt-limiter.js';

const counted = (attempt: Attempt) => attempt.counted;
const waitOf = (attempt: Attempt) =>
  attempt.counted ? 0 : attempt.retryAfterSeconds;

const store = useTestRedis();

/** The same behaviour from both stores, on the real clock with one-second windows. */
describe.each([
  ['in memory', () => new MemoryAttemptLimiter()],
  ['in Redis', () => new RedisAttemptLimiter(store.redis, store.prefix)],
])('AttemptLimiter %s', (_name, create: () => AttemptLimiter) => {
  let limiter: AttemptLimiter;
  let n = 0;
  /** A window under a key no other test touches. */
  const window = (limit: number, windowMs = 1_000): AttemptWindow => ({
    key: `w${++n}-${Math.random()}`,
    limit,
    windowMs,
  });

  beforeEach(() => {
    limiter = create();
  });

  it('lets the limit through, refuses the next with the seconds left, then frees the slots as they age', async () => {
    const w = window(2);
    expect(counted(await limiter.take([w]))).toBe(true);
    expect(counted(await limiter.take([w]))).toBe(true);
    expect(waitOf(await limiter.take([w]))).toBe(1);
    await sleep(1_100);
    expect(counted(await limiter.take([w]))).toBe(true);
  });

  it('does not count a refused attempt', async () => {
    const w = window(1);
    await limiter.take([w]);
    for (let i = 0; i < 5; i++)
      expect(counted(await limiter.take([w]))).toBe(false);
    await sleep(1_100);
    expect(counted(await limiter.take([w]))).toBe(true);
  });

  it('counts an attempt in every window or in none, and waits for the slowest', async () => {
    const small = window(1, 1_000);
    const large = window(2, 3_000);
    expect(counted(await limiter.take([small, large]))).toBe(true);
    // small is full: nothing is counted, so large still has one place.
    expect(waitOf(await limiter.take([small, large]))).toBe(1);
    expect(counted(await limiter.take([large]))).toBe(true);
    expect(waitOf(await limiter.take([small, large]))).toBe(3);
  });

  it('gives a refunded attempt back to every window', async () => {
    const a = window(1);
    const b = window(1);
    const attempt = await limiter.take([a, b]);
    expect(waitOf(await limiter.take([a]))).toBe(1);
    if (!attempt.counted) throw new Error('the first attempt was refused');
    await attempt.refund();
    expect(counted(await limiter.take([a]))).toBe(true);
    expect(counted(await limiter.take([b]))).toBe(true);
  });

  it('lets exactly the limit through a burst of parallel attempts', async () => {
    const w = window(5, 60_000);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => limiter.take([w])),
    );
    expect(attempts.filter(counted)).toHaveLength(5);
  });
});

describe('MemoryAttemptLimiter', () => {
  const key = (k: string, limit: number, windowMs: number) => [
    { key: k, limit, windowMs },
  ];

  it('tells the seconds until the oldest attempt leaves the window', async () => {
    let now = 1_000_000;
    const limiter = new MemoryAttemptLimiter(() => now);
    await limiter.take(key('a', 2, 60_000));
    now += 10_000;
    await limiter.take(key('a', 2, 60_000));
    now += 5_000;
    expect(waitOf(await limiter.take(key('a', 2, 60_000)))).toBe(45);
    now += 45_000;
    // The first attempt left the window; the second (at +10 s) is still in it.
    expect(counted(await limiter.take(key('a', 2, 60_000)))).toBe(true);
    expect(waitOf(await limiter.take(key('a', 2, 60_000)))).toBe(10);
  });

  it('allows no burst across a window boundary', async () => {
    let now = 899_000;
    const limiter = new MemoryAttemptLimiter(() => now);
    for (let i = 0; i < 5; i++) {
      expect(counted(await limiter.take(key('k', 5, 900_000)))).toBe(true);
    }
    now = 901_000;
    expect(counted(await limiter.take(key('k', 5, 900_000)))).toBe(false);
    now = 899_000 + 900_000;
    expect(counted(await limiter.take(key('k', 5, 900_000)))).toBe(true);
  });

  it('keeps at most maxKeys keys, dropping expired ones first, then the least recently used', async () => {
    let now = 0;
    const limiter = new MemoryAttemptLimiter(() => now, 10);
    await limiter.take(key('old', 1, 1_000));
    now = 2_000;
    await limiter.take(key('busy', 1, 1_000));
    for (let i = 0; i < 8; i++) await limiter.take(key(`k${i}`, 1, 1_000));
    await limiter.take(key('busy-again', 1, 1_000));
    // 'old' had expired and went first; the live 'busy' key is still limited.
    expect(waitOf(await limiter.take(key('busy', 1, 1_000)))).toBe(1);
    for (let i = 0; i < 100; i++) {
      await limiter.take(key(`flood${i}`, 1, 1_000));
    }
    // Memory stays bounded under a flood of new keys.
    expect(
      (limiter as unknown as { logs: Map<string, unknown> }).logs.size,
    ).toBeLessThanOrEqual(10);
  });
});

describe('RedisAttemptLimiter', () => {
  it('shares its counts between processes: two connections, one budget', async () => {
    const here = new RedisAttemptLimiter(store.redis, store.prefix);
    const there = new RedisAttemptLimiter(store.connect(), store.prefix);
    const w = [{ key: 'shared', limit: 3, windowMs: 60_000 }];
    expect(counted(await here.take(w))).toBe(true);
    expect(counted(await there.take(w))).toBe(true);
    expect(counted(await here.take(w))).toBe(true);
    expect(waitOf(await there.take(w))).toBe(60);
    expect(waitOf(await here.take(w))).toBe(60);
  });

  it('keeps one sorted set per window under its prefix, expiring with the window', async () => {
    const { redis, prefix } = store;
    await new RedisAttemptLimiter(redis, prefix).take([
      { key: 'layout:client', limit: 5, windowMs: 900_000 },
      { key: 'layout:all', limit: 30, windowMs: 900_000 },
    ]);
    const keys = await redisKeys(redis, `${prefix}:attempts:layout`);
    expect(keys).toEqual([
      `${prefix}:attempts:layout:all`,
      `${prefix}:attempts:layout:client`,
    ]);
    for (const key of keys) {
      expect(await redis.type(key)).toBe('zset');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(890_000);
      expect(ttl).toBeLessThanOrEqual(900_000);
    }
  });

  it('fails within seconds when Redis cannot be reached, rather than wait for it', async () => {
    await expectLimitStoreDown((down) =>
      new RedisAttemptLimiter(down, store.prefix).take([
        { key: 'k', limit: 1, windowMs: 1_000 },
      ]),
    );
  });
});
