import { cachedLookup } from './cached-lookup.js';

const limits = { ttlMs: 60_000, maxEntries: 3, concurrency: 2 };

describe('a lookup kept a while and asked a few at a time', () => {
  it('asks each name once while its answer is kept, failures included', async () => {
    const asked: string[] = [];
    const lookup = cachedLookup((name) => {
      asked.push(name);
      if (name === 'gone.test') {
        return Promise.reject(
          Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
        );
      }
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    }, limits);
    await Promise.all([lookup('a.test'), lookup('A.test'), lookup('a.test')]);
    await expect(lookup('gone.test')).rejects.toThrow();
    await expect(lookup('gone.test')).rejects.toThrow();
    expect(asked).toEqual(['a.test', 'gone.test']);
  });

  it('asks no more than its concurrency at once', async () => {
    let running = 0;
    let most = 0;
    const lookup = cachedLookup(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return [{ address: '127.0.0.1', family: 4 }];
      },
      { ...limits, maxEntries: 100 },
    );
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => lookup(`n${i}.test`)),
    );
    expect(most).toBe(2);
  });

  it('forgets the oldest name past maxEntries, and an answer past its time', async () => {
    const asked: string[] = [];
    let now = 0;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const lookup = cachedLookup((name) => {
        asked.push(name);
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      }, limits);
      for (const name of ['a', 'b', 'c', 'd']) await lookup(name);
      await lookup('a');
      now = 60_001;
      await lookup('d');
      expect(asked).toEqual(['a', 'b', 'c', 'd', 'a', 'd']);
    } finally {
      Date.now = realNow;
    }
  });
});
