/** Keys kept at most; past it, expired keys go first, then the least recently used. */
const DEFAULT_MAX_KEYS = 100_000;

/**
 * At most `limit` events per key in any window of `windowMs` (a sliding log, so
 * no burst fits across a window boundary), in memory: enough for one instance.
 * Used for the API's requests per account and for wrong passwords on shared reports.
 */
export class RateLimiter {
  /** Each key's event times within the window, oldest first; Map order is recency. */
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Seconds to wait before the next event would be allowed (0: now), counting nothing. */
  wait(key: string): number {
    const times = this.recent(key);
    if (!times || times.length < this.limit) return 0;
    return Math.max(
      1,
      Math.ceil((times[0] + this.windowMs - this.now()) / 1000),
    );
  }

  /** Counts one event when it is allowed and answers 0; else the seconds to wait. */
  take(key: string): number {
    const wait = this.wait(key);
    if (wait > 0) return wait;
    let times = this.events.get(key);
    if (times) {
      this.events.delete(key);
    } else {
      times = [];
      if (this.events.size >= this.maxKeys) this.makeRoom();
    }
    times.push(this.now());
    this.events.set(key, times);
    return 0;
  }

  /** Takes back the latest event of a key (an attempt that turned out not to count). */
  untake(key: string): void {
    const times = this.events.get(key);
    times?.pop();
    if (times?.length === 0) this.events.delete(key);
  }

  /** The key's events still inside the window, after dropping the older ones. */
  private recent(key: string): number[] | undefined {
    const times = this.events.get(key);
    if (!times) return undefined;
    const horizon = this.now() - this.windowMs;
    let expired = 0;
    while (expired < times.length && times[expired] <= horizon) expired++;
    if (expired === times.length) {
      this.events.delete(key);
      return undefined;
    }
    if (expired > 0) times.splice(0, expired);
    return times;
  }

  private makeRoom(): void {
    const horizon = this.now() - this.windowMs;
    for (const [key, times] of this.events) {
      if (times[times.length - 1] <= horizon) this.events.delete(key);
    }
    // Still full: drop a tenth, least recently used first, so this scan stays rare.
    const excess =
      this.events.size - this.maxKeys + Math.ceil(this.maxKeys / 10);
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.events.keys()) {
      if (dropped++ >= excess) break;
      this.events.delete(key);
    }
  }
}
