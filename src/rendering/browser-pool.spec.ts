import { jest } from '@jest/globals';
import { BrowserPool, PoolClosedError } from './browser-pool.js';
import type { BrowserPoolOptions, PooledBrowser } from './browser-pool.js';

/** A browser the test drives: it can die, and says how much memory it holds. */
class FakeBrowser implements PooledBrowser {
  connected = true;
  closed = false;
  memory = 100;
  /** Times its memory was read. */
  reads = 0;
  private listeners: (() => void)[] = [];

  constructor(readonly id: number) {}

  onDisconnected(listener: () => void): void {
    this.listeners.push(listener);
  }

  memoryBytes(): Promise<number | null> {
    this.reads += 1;
    return Promise.resolve(this.memory);
  }

  close(): Promise<void> {
    this.closed = true;
    this.disconnect();
    return Promise.resolve();
  }

  /** The process dies under the pool. */
  crash(): void {
    this.disconnect();
  }

  private disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    for (const listener of this.listeners.splice(0)) listener();
  }
}

const OPTIONS: BrowserPoolOptions = {
  pagesPerProcess: 2,
  pagesPerBrowser: 3,
  memoryMarkBytes: 1000,
  memoryReadEveryMs: 0,
  idleCloseMs: 5000,
};

function poolOf(options: Partial<BrowserPoolOptions> = {}) {
  const launched: FakeBrowser[] = [];
  let failNext: Error | null = null;
  const pool = new BrowserPool<FakeBrowser>({ ...OPTIONS, ...options }, () => {
    if (failNext) {
      const error = failNext;
      failNext = null;
      return Promise.reject(error);
    }
    const browser = new FakeBrowser(launched.length + 1);
    launched.push(browser);
    return Promise.resolve(browser);
  });
  return {
    pool,
    launched,
    failNextLaunch: (error: Error) => (failNext = error),
  };
}

/** A piece of work the test ends when it wants. */
function heldWork() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let browser: FakeBrowser | null = null;
  return {
    work: async (b: FakeBrowser) => {
      browser = b;
      await done;
      return b.id;
    },
    release: () => release(),
    browser: () => browser,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('BrowserPool', () => {
  it('launches no browser before the first page, and one for many', async () => {
    const { pool, launched } = poolOf();
    expect(launched).toHaveLength(0);
    const ids = await Promise.all(
      [1, 2].map(() => pool.use((b) => Promise.resolve(b.id))),
    );
    expect(ids).toEqual([1, 1]);
    expect(launched).toHaveLength(1);
    await pool.close();
  });

  it('runs at most pagesPerProcess pages at once, the others in turn', async () => {
    const { pool } = poolOf();
    const works = [heldWork(), heldWork(), heldWork()];
    const runs = works.map((w) => pool.use(w.work));
    await flush();
    expect(works.map((w) => w.browser() !== null)).toEqual([true, true, false]);
    expect(pool.stats()).toMatchObject({ running: 2, waiting: 1 });
    works[0].release();
    await flush();
    expect(works[2].browser()).not.toBeNull();
    works[1].release();
    works[2].release();
    await Promise.all(runs);
    expect(pool.stats()).toMatchObject({ running: 0, waiting: 0 });
    await pool.close();
  });

  it('replaces a browser after pagesPerBrowser pages, once they have ended', async () => {
    const { pool, launched } = poolOf({ pagesPerProcess: 1 });
    for (let i = 0; i < 3; i++) await pool.use((b) => Promise.resolve(b.id));
    expect(launched[0].closed).toBe(true);
    expect(await pool.use((b) => Promise.resolve(b.id))).toBe(2);
    expect(pool.stats()).toMatchObject({
      launches: 2,
      recycles: 1,
      crashes: 0,
    });
    await pool.close();
  });

  it('lets a retired browser finish its pages before closing it', async () => {
    const { pool, launched } = poolOf({ pagesPerBrowser: 1 });
    const held = heldWork();
    const run = pool.use(held.work);
    await flush();
    // The first page retired the first browser: the next goes to a fresh one.
    expect(await pool.use((b) => Promise.resolve(b.id))).toBe(2);
    expect(launched[0].closed).toBe(false);
    held.release();
    expect(await run).toBe(1);
    expect(launched[0].closed).toBe(true);
    await pool.close();
  });

  it('replaces a browser past the memory mark', async () => {
    const { pool, launched } = poolOf();
    await pool.use((b) => {
      b.memory = 2000;
      return Promise.resolve(b.id);
    });
    expect(launched[0].closed).toBe(true);
    expect(await pool.use((b) => Promise.resolve(b.id))).toBe(2);
    await pool.close();
  });

  it("reads a browser's memory at most every memoryReadEveryMs", async () => {
    const { pool, launched } = poolOf({ memoryReadEveryMs: 60_000 });
    const page = (b: FakeBrowser) => Promise.resolve(b.id);
    expect(await pool.use(page)).toBe(1);
    // Past the mark within the interval: not read, so not replaced yet.
    launched[0].memory = 2000;
    expect(await pool.use(page)).toBe(1);
    expect(launched[0].reads).toBe(1);
    expect(launched[0].closed).toBe(false);
    await pool.close();
  });

  it('launches a fresh browser after a crash; the page it held fails', async () => {
    const { pool, launched } = poolOf();
    const crashing = pool.use((b) => {
      b.crash();
      return Promise.reject(new Error('browser gone'));
    });
    await expect(crashing).rejects.toThrow('browser gone');
    expect(await pool.use((b) => Promise.resolve(b.id))).toBe(2);
    expect(launched).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ crashes: 1, open: 1 });
    await pool.close();
  });

  it('fails the pages of a launch that fails, and launches again for the next', async () => {
    const { pool, failNextLaunch } = poolOf();
    failNextLaunch(new Error('no browser'));
    await expect(pool.use((b) => Promise.resolve(b.id))).rejects.toThrow(
      'no browser',
    );
    expect(pool.stats()).toMatchObject({ running: 0 });
    expect(await pool.use((b) => Promise.resolve(b.id))).toBe(1);
    await pool.close();
  });

  it('closes the browser once idle for idleCloseMs, and relaunches on demand', async () => {
    jest.useFakeTimers();
    try {
      const { pool, launched } = poolOf();
      await pool.use((b) => Promise.resolve(b.id));
      await jest.advanceTimersByTimeAsync(4999);
      expect(launched[0].closed).toBe(false);
      // A page within the idle time starts the wait over.
      await pool.use((b) => Promise.resolve(b.id));
      await jest.advanceTimersByTimeAsync(4999);
      expect(launched[0].closed).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(launched[0].closed).toBe(true);
      expect(pool.stats().open).toBe(0);
      expect(await pool.use((b) => Promise.resolve(b.id))).toBe(2);
      await pool.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not close a browser while a page runs, however long', async () => {
    jest.useFakeTimers();
    try {
      const { pool, launched } = poolOf();
      await pool.use((b) => Promise.resolve(b.id));
      const held = heldWork();
      const run = pool.use(held.work);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(launched[0].closed).toBe(false);
      held.release();
      await run;
      await pool.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes its browsers and fails waiting pages when closed', async () => {
    const { pool, launched } = poolOf({ pagesPerProcess: 1 });
    const held = heldWork();
    const running = pool.use(held.work);
    await flush();
    const waiting = pool.use((b) => Promise.resolve(b.id));
    const closing = pool.close();
    await expect(waiting).rejects.toBeInstanceOf(PoolClosedError);
    await closing;
    expect(launched[0].closed).toBe(true);
    held.release();
    await running;
    await expect(pool.use((b) => Promise.resolve(b.id))).rejects.toBeInstanceOf(
      PoolClosedError,
    );
  });
});
