import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often keys without live hits are forgotten. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * When each live hit of one key expires, oldest first: hits of a key share one ttl,
 * so they expire in the order they came, and the expired ones leave from the front.
 */
class HitLog {
  private expiries: number[] = [];
  private first = 0;

  get size(): number {
    return this.expiries.length - this.first;
  }

  /** When the oldest live hit expires; undefined when none is live. */
  get oldest(): number | undefined {
    return this.size > 0 ? this.expiries[this.first] : undefined;
  }

  add(expiresAt: number): void {
    this.expiries.push(expiresAt);
  }

  dropExpired(now: number): void {
    while (
      this.first < this.expiries.length &&
      this.expiries[this.first] <= now
    )
      this.first++;
    // Compacted once half is dead: each hit is copied at most once more.
    if (this.first > 1024 && this.first * 2 > this.expiries.length) {
      this.expiries = this.expiries.slice(this.first);
      this.first = 0;
    }
  }

  clear(): void {
    this.expiries = [];
    this.first = 0;
  }
}

interface KeyState {
  hits: HitLog;
  expiresAt: number;
  blockExpiresAt: number;
  isBlocked: boolean;
}

/**
 * The rate limits in this process's memory, when there is no REDIS_URL: the same
 * answers as @nestjs/throttler's ThrottlerStorageService (a sliding log of hits that
 * each live `ttl` ms, a record window renewed once passed, blocking as it blocks),
 * at a constant cost a request. That one filters the whole log into a new array and
 * spreads it into Math.min on every request: at the bench's million a minute, tens of
 * thousands of entries a request, most of the API's CPU and garbage.
 */
export class MemoryThrottlerStorage
  implements ThrottlerStorage, OnApplicationShutdown
{
  private readonly keys = new Map<string, KeyState>();
  private readonly sweep = setInterval(
    () => this.forgetIdle(Date.now()),
    SWEEP_INTERVAL_MS,
  ).unref();

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<ThrottlerRecord> {
    const now = Date.now();
    let state = this.keys.get(key);
    if (!state) {
      state = {
        hits: new HitLog(),
        expiresAt: now + ttl,
        blockExpiresAt: 0,
        isBlocked: false,
      };
      this.keys.set(key, state);
    }
    const { hits } = state;
    hits.dropExpired(now);
    const seconds = (at: number) => Math.ceil((at - now) / 1000);
    let timeToExpire = seconds(state.expiresAt);
    if (timeToExpire <= 0) {
      state.expiresAt = now + ttl;
      timeToExpire = seconds(state.expiresAt);
    }
    if (blockDuration <= 0) {
      // Past the limit: refused, not counted, until the oldest hit leaves the log.
      const isBlocked = hits.size >= limit;
      if (!isBlocked) hits.add(now + ttl);
      const oldest = hits.oldest;
      return Promise.resolve({
        totalHits: hits.size + (isBlocked ? 1 : 0),
        timeToExpire,
        isBlocked,
        timeToBlockExpire: isBlocked
          ? oldest !== undefined
            ? seconds(oldest)
            : timeToExpire
          : 0,
      });
    }
    if (!state.isBlocked) hits.add(now + ttl);
    if (hits.size > limit && !state.isBlocked) {
      state.isBlocked = true;
      state.blockExpiresAt = now + blockDuration;
    }
    const timeToBlockExpire = seconds(state.blockExpiresAt);
    if (timeToBlockExpire <= 0 && state.isBlocked) {
      // The block is over: the log starts afresh with this hit.
      state.isBlocked = false;
      hits.clear();
      hits.add(now + ttl);
    }
    return Promise.resolve({
      totalHits: hits.size,
      timeToExpire,
      isBlocked: state.isBlocked,
      timeToBlockExpire,
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweep);
    this.keys.clear();
  }

  /** Forgets keys with no live hit, no running block and a passed window. */
  private forgetIdle(now: number): void {
    for (const [key, state] of this.keys) {
      state.hits.dropExpired(now);
      if (state.isBlocked && state.blockExpiresAt > now) continue;
      if (state.expiresAt > now || state.hits.size > 0) continue;
      this.keys.delete(key);
    }
  }
}
