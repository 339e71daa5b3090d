/** At most `limit` attempts under `key` in any `windowMs` (a sliding log: no burst fits across a boundary). */
export interface AttemptWindow {
  key: string;
  limit: number;
  windowMs: number;
}

/** An attempt taken: counted in every window, or refused with the seconds to wait. */
export type Attempt =
  | {
      counted: true;
      /** Takes the attempt back out of every window (it turned out not to count). */
      refund(): Promise<void>;
    }
  | { counted: false; retryAfterSeconds: number };

/**
 * Limits attempts (wrong passwords) in sliding windows: in Redis, shared by every
 * process, when REDIS_URL is set (RedisAttemptLimiter); else in this process's memory.
 */
export abstract class AttemptLimiter {
  /**
   * Counts one attempt in every window when each has room; else counts nothing and
   * answers the seconds until all of them would have room. One atomic step, so
   * parallel attempts cannot all slip into the last free place.
   */
  abstract take(windows: readonly AttemptWindow[]): Promise<Attempt>;
}

/** Keys kept at most; past it, expired keys go first, then the least recently used. */
const DEFAULT_MAX_KEYS = 100_000;

interface Log {
  windowMs: number;
  /** Attempt times within the window, oldest first. */
  times: number[];
}

/** The attempt limits of one process, in memory: enough for one instance. */
export class MemoryAttemptLimiter extends AttemptLimiter {
  /** Map order is recency: a key moves to the end when it counts an attempt. */
  private readonly logs = new Map<string, Log>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {
    super();
  }

  take(windows: readonly AttemptWindow[]): Promise<Attempt> {
    const now = this.now();
    let wait = 0;
    for (const { key, limit, windowMs } of windows) {
      const times = this.recent(key, now);
      if (times && times.length >= limit) {
        wait = Math.max(wait, 1, Math.ceil((times[0] + windowMs - now) / 1000));
      }
    }
    if (wait > 0) {
      return Promise.resolve({ counted: false, retryAfterSeconds: wait });
    }
    for (const { key, windowMs } of windows) this.append(key, windowMs, now);
    return Promise.resolve({
      counted: true,
      refund: () => {
        for (const { key } of windows) this.remove(key, now);
        return Promise.resolve();
      },
    });
  }

  private append(key: string, windowMs: number, time: number): void {
    let log = this.logs.get(key);
    if (log) {
      this.logs.delete(key);
    } else {
      if (this.logs.size >= this.maxKeys) this.makeRoom(time);
      log = { windowMs, times: [] };
    }
    log.times.push(time);
    this.logs.set(key, log);
  }

  private remove(key: string, time: number): void {
    const log = this.logs.get(key);
    if (!log) return;
    const at = log.times.lastIndexOf(time);
    if (at >= 0) log.times.splice(at, 1);
    if (log.times.length === 0) this.logs.delete(key);
  }

  /** The key's attempts still inside its window, after dropping the older ones. */
  private recent(key: string, now: number): number[] | undefined {
    const log = this.logs.get(key);
    if (!log) return undefined;
    const horizon = now - log.windowMs;
    let expired = 0;
    while (expired < log.times.length && log.times[expired] <= horizon) {
      expired++;
    }
    if (expired === log.times.length) {
      this.logs.delete(key);
      return undefined;
    }
    if (expired > 0) log.times.splice(0, expired);
    return log.times;
  }

  private makeRoom(now: number): void {
    for (const [key, log] of this.logs) {
      if (log.times[log.times.length - 1] <= now - log.windowMs) {
        this.logs.delete(key);
      }
    }
    // Still full: drop a tenth, least recently used first, so this scan stays rare.
    const excess = this.logs.size - this.maxKeys + Math.ceil(this.maxKeys / 10);
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.logs.keys()) {
      if (dropped++ >= excess) break;
      this.logs.delete(key);
    }
  }
}
