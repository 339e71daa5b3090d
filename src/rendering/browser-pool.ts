/**
 * The pool of a process's renders: at most `pagesPerProcess` at once on one browser,
 * launched at the first render, retired after `pagesPerBrowser` pages or past the
 * memory mark, read after a render at most every `memoryReadEveryMs` (browsers leak:
 * a fresh one is cheaper than a bloated one), relaunched
 * after a crash, and closed once idle so no browser outlives the work.
 */

/** What the pool needs of a browser. */
export interface PooledBrowser {
  /** False once the browser has died or been closed. */
  readonly connected: boolean;
  /** Called once when the browser dies or is closed. */
  onDisconnected(listener: () => void): void;
  /** Proportional set size of its processes, or null when unknown. */
  memoryBytes(): Promise<number | null>;
  close(): Promise<void>;
}

export interface BrowserPoolOptions {
  /** Renders at once in this process. */
  pagesPerProcess: number;
  /** Pages a browser serves before it is replaced. */
  pagesPerBrowser: number;
  /** Proportional set size past which a browser is replaced after its render. */
  memoryMarkBytes: number;
  /** Least time between two readings of a browser's memory: a reading walks /proc, too dear for every page. */
  memoryReadEveryMs: number;
  /** Idle time after which the browser is closed. */
  idleCloseMs: number;
}

export interface BrowserPoolStats {
  /** Renders running now. */
  running: number;
  /** Renders waiting for a place. */
  waiting: number;
  /** Browsers launched since the pool was made. */
  launches: number;
  /** Browsers open now (the current one and retired ones finishing their pages). */
  open: number;
  /** Browsers that died under the pool. */
  crashes: number;
  /** Browsers replaced for their page count or memory. */
  recycles: number;
}

/** Thrown to renders waiting when the pool is closed. */
export class PoolClosedError extends Error {
  constructor() {
    super('The browser pool is closed.');
    this.name = 'PoolClosedError';
  }
}

interface Entry<B> {
  browser: B;
  /** Pages given to it so far. */
  started: number;
  /** Pages it is rendering now. */
  active: number;
  /** Takes no more pages; closed when its last page ends. */
  retired: boolean;
  /** When its memory was last read (performance.now()). */
  memoryReadAt: number;
}

export class BrowserPool<B extends PooledBrowser> {
  private current: Entry<B> | null = null;
  private launching: Promise<Entry<B>> | null = null;
  private readonly open = new Set<Entry<B>>();
  private readonly closing = new Set<Promise<void>>();
  private readonly waiters: {
    resolve: () => void;
    reject: (error: Error) => void;
  }[] = [];
  private running = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private counts = { launches: 0, crashes: 0, recycles: 0 };

  constructor(
    private readonly options: BrowserPoolOptions,
    private readonly launch: () => Promise<B>,
  ) {
    if (!(options.pagesPerProcess >= 1))
      throw new RangeError('pagesPerProcess must be at least 1');
  }

  /** Runs `work` on a browser once a place is free; the pool recovers whatever `work` does. */
  async use<T>(work: (browser: B) => Promise<T>): Promise<T> {
    await this.takePlace();
    let entry: Entry<B> | null = null;
    try {
      entry = await this.browserForWork();
      entry.started += 1;
      entry.active += 1;
      if (entry.started >= this.options.pagesPerBrowser) this.retire(entry);
      return await work(entry.browser);
    } finally {
      if (entry) {
        entry.active -= 1;
        await this.afterWork(entry);
      }
      this.releasePlace();
    }
  }

  stats(): BrowserPoolStats {
    return {
      running: this.running,
      waiting: this.waiters.length,
      open: this.open.size,
      ...this.counts,
    };
  }

  /** The browser pages are given to now, or null. */
  currentBrowser(): B | null {
    return this.current?.browser ?? null;
  }

  /** Closes every browser; renders waiting for a place fail with PoolClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearIdle();
    for (const waiter of this.waiters.splice(0))
      waiter.reject(new PoolClosedError());
    await this.launching?.catch(() => undefined);
    this.current = null;
    for (const entry of this.open) this.closeEntry(entry);
    await Promise.all(this.closing);
  }

  private takePlace(): Promise<void> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    this.clearIdle();
    if (this.running < this.options.pagesPerProcess) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) =>
      this.waiters.push({ resolve, reject }),
    );
  }

  private releasePlace(): void {
    const next = this.waiters.shift();
    // The place passes to the next render as it is: `running` stays the same.
    if (next) return next.resolve();
    this.running -= 1;
    if (this.running === 0 && !this.closed) this.scheduleIdleClose();
  }

  private browserForWork(): Promise<Entry<B>> {
    const entry = this.current;
    if (entry && entry.browser.connected && !entry.retired)
      return Promise.resolve(entry);
    this.launching ??= this.launchEntry().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launchEntry(): Promise<Entry<B>> {
    const browser = await this.launch();
    this.counts.launches += 1;
    const entry: Entry<B> = {
      browser,
      started: 0,
      active: 0,
      retired: false,
      memoryReadAt: -Infinity,
    };
    this.open.add(entry);
    browser.onDisconnected(() => {
      if (!entry.retired) this.counts.crashes += 1;
      entry.retired = true;
      this.open.delete(entry);
      if (this.current === entry) this.current = null;
    });
    if (this.closed) {
      this.closeEntry(entry);
      throw new PoolClosedError();
    }
    this.current = entry;
    return entry;
  }

  private async afterWork(entry: Entry<B>): Promise<void> {
    const now = performance.now();
    if (
      !entry.retired &&
      entry.browser.connected &&
      now - entry.memoryReadAt >= this.options.memoryReadEveryMs
    ) {
      entry.memoryReadAt = now;
      const memory = await entry.browser.memoryBytes().catch(() => null);
      if (memory !== null && memory > this.options.memoryMarkBytes)
        this.retire(entry);
    }
    if (entry.retired && entry.active === 0) this.closeEntry(entry);
  }

  private retire(entry: Entry<B>): void {
    if (!entry.retired) this.counts.recycles += 1;
    entry.retired = true;
    if (this.current === entry) this.current = null;
  }

  private closeEntry(entry: Entry<B>): void {
    entry.retired = true;
    this.open.delete(entry);
    if (this.current === entry) this.current = null;
    const closing = entry.browser.close().catch(() => undefined);
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
  }

  private scheduleIdleClose(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.running > 0) return;
      for (const entry of this.open) this.closeEntry(entry);
    }, this.options.idleCloseMs);
    // An idle pool does not keep the process alive.
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
