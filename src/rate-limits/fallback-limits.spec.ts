import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { limitStoreConnection } from './limit-store.js';
import {
  FallbackAttemptLimiter,
  FallbackThrottlerStorage,
} from './fallback-limits.js';
import { RedisAttemptLimiter } from './redis-attempt-limiter.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

/** Redis away: nothing listens on port 1 of the loopback. */
describe('limits while their Redis is away', () => {
  const down = limitStoreConnection('redis://127.0.0.1:1');
  afterAll(() => down.disconnect());

  it('counts requests in this process, at once, and still refuses past the limit', async () => {
    const storage = new FallbackThrottlerStorage(
      down,
      new RedisThrottlerStorage(down, 'test-fallback'),
    );
    const started = Date.now();
    const hits = [];
    for (let i = 0; i < 3; i++) {
      hits.push(
        await storage.increment('requests:1', 60_000, 2, 0, 'requests'),
      );
    }
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(hits.map((h) => [h.totalHits, h.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('counts password attempts in this process, and refuses past the limit', async () => {
    const limiter = new FallbackAttemptLimiter(
      down,
      new RedisAttemptLimiter(down, 'test-fallback'),
    );
    const window = [{ key: 'wrong', limit: 1, windowMs: 60_000 }];
    expect((await limiter.take(window)).counted).toBe(true);
    expect(await limiter.take(window)).toMatchObject({ counted: false });
  });
});

/** Redis connected but failing (a command that times out): a store that fails and counts its calls. */
describe('limits after Redis failed one', () => {
  const connected = { status: 'ready' } as Redis;

  function failingStore(): ThrottlerStorage & { calls: number } {
    const store = {
      calls: 0,
      increment: () => {
        store.calls++;
        return Promise.reject(new Error('Command timed out'));
      },
    };
    return store;
  }

  it('counts in memory without asking Redis again until the pause is over', async () => {
    const shared = failingStore();
    const storage = new FallbackThrottlerStorage(connected, shared, 200);
    const first = await storage.increment('k', 60_000, 5, 0, 'requests');
    const second = await storage.increment('k', 60_000, 5, 0, 'requests');
    expect([first.totalHits, second.totalHits]).toEqual([1, 2]);
    expect(shared.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await storage.increment('k', 60_000, 5, 0, 'requests');
    expect(shared.calls).toBe(2);
  });
});
