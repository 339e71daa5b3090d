/**
 * Counts events per key in fixed windows, in memory: enough for one instance. Used
 * for the API's requests per account and for wrong passwords on shared reports.
 */
export class RateLimiter {
  private readonly windows = new Map<
    string,
    { start: number; count: number }
  >();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event; seconds to wait when it is over the limit, else 0. */
  take(key: string): number {
    const window = this.current(key, true)!;
    window.count++;
    return this.waitOf(window);
  }

  /** Seconds to wait before the next event would be allowed, without counting one. */
  wait(key: string): number {
    const window = this.current(key, false);
    return window && window.count >= this.limit
      ? this.waitOf({ ...window, count: window.count + 1 })
      : 0;
  }

  private current(
    key: string,
    create: boolean,
  ): { start: number; count: number } | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    if (window && now - window.start >= this.windowMs) {
      this.windows.delete(key);
      window = undefined;
    }
    if (!window && create) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private waitOf(window: { start: number; count: number }): number {
    if (window.count <= this.limit) return 0;
    return Math.max(
      1,
      Math.ceil((window.start + this.windowMs - this.now()) / 1000),
    );
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}
