import { jest } from '@jest/globals';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';

describe('MemoryThrottlerStorage', () => {
  let library: ThrottlerStorageService;
  let storage: MemoryThrottlerStorage;

  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12) });
    library = new ThrottlerStorageService();
    storage = new MemoryThrottlerStorage();
  });
  afterEach(() => {
    library.onApplicationShutdown();
    storage.onApplicationShutdown();
    jest.useRealTimers();
  });

  /**
   * Hits at the given steps (ms after the previous one) on throttler's own storage and
   * on this one: every answer the same, but the time to a block's end on a key not
   * blocked, which the library counts from 1970 and the guard never reads.
   */
  async function sameAnswers(
    ttl: number,
    limit: number,
    blockDuration: number,
    steps: number[],
  ) {
    const answers = [];
    for (const step of steps) {
      jest.advanceTimersByTime(step);
      const [expected, actual] = await Promise.all([
        library.increment('k', ttl, limit, blockDuration, 'requests'),
        storage.increment('k', ttl, limit, blockDuration),
      ]);
      const comparable = (record: typeof actual) => ({
        ...record,
        timeToBlockExpire: record.isBlocked ? record.timeToBlockExpire : 0,
      });
      expect(comparable(actual)).toEqual(comparable(expected));
      answers.push(actual);
    }
    return answers;
  }

  it('without a block duration: refused past the limit, not counted, until the oldest hit leaves', async () => {
    const answers = await sameAnswers(
      1_000,
      3,
      0,
      [0, 100, 100, 100, 100, 400, 200, 50, 50, 900, 10, 10, 10, 10, 2_000],
    );
    expect(answers.map((a) => a.isBlocked)).toContain(true);
    expect(answers.at(-1)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('with a block duration: blocked for that long, then the log starts afresh', async () => {
    const answers = await sameAnswers(
      1_000,
      2,
      1_500,
      [0, 10, 10, 10, 500, 500, 400, 200, 10, 10, 3_000, 10],
    );
    expect(answers.map((a) => a.isBlocked)).toContain(true);
  });

  it('keeps a constant cost with a long log: a million a minute', async () => {
    for (let i = 0; i < 50_000; i++) {
      await storage.increment('busy', 60_000, 1_000_000, 0);
      jest.advanceTimersByTime(1);
    }
    const started = performance.now();
    for (let i = 0; i < 10_000; i++)
      await storage.increment('busy', 60_000, 1_000_000, 0);
    // The library's storage takes seconds for these (a 50,000-entry filter each).
    expect(performance.now() - started).toBeLessThan(500);
    expect(
      (await storage.increment('busy', 60_000, 1_000_000, 0)).totalHits,
    ).toBe(60_001);
  });
});
