import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter.js';
import type { Attempt, AttemptWindow } from './attempt-limiter.js';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';
import { REDIS_PAUSE_AFTER_FAILURE_MS } from '../redis/redis.module.js';

type ThrottlerStorageRecord = Awaited<
  ReturnType<ThrottlerStorage['increment']>
>;

const logger = new Logger('LimitStore');

/**
 * Whichever store answers: Redis, shared by every process, while it is up; this
 * process's memory while it is not (not connected, or a command failed, and then for
 * `pauseMs` more, so that a Redis that answers nothing costs one request its command
 * timeout, not every request). A Redis outage then leaves the limits per process, as
 * without Redis, instead of refusing every keyed request: reads keep working, and
 * analyses are still limited.
 */
class EitherStore {
  private redisPausedUntil = 0;

  constructor(
    private readonly redis: Redis,
    private readonly pauseMs: number,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready' || Date.now() < this.redisPausedUntil) {
      return local();
    }
    try {
      return await shared();
    } catch (error) {
      this.redisPausedUntil = Date.now() + this.pauseMs;
      logger.warn(
        `Limits counted in this process's memory: Redis failed (${(error as Error).message}).`,
      );
      return local();
    }
  }
}

/** The throttler's storage: Redis while it answers, memory while it does not. */
export class FallbackThrottlerStorage implements ThrottlerStorage {
  private readonly local = new MemoryThrottlerStorage();
  private readonly either: EitherStore;

  constructor(
    redis: Redis,
    private readonly shared: ThrottlerStorage,
    pauseMs = REDIS_PAUSE_AFTER_FAILURE_MS,
  ) {
    this.either = new EitherStore(redis, pauseMs);
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return this.either.run(
      () =>
        this.shared.increment(key, ttl, limit, blockDuration, throttlerName),
      () => this.local.increment(key, ttl, limit, blockDuration),
    );
  }
}

/** The attempt limits: Redis while it answers, memory while it does not. */
export class FallbackAttemptLimiter extends AttemptLimiter {
  private readonly local = new MemoryAttemptLimiter();
  private readonly either: EitherStore;

  constructor(
    redis: Redis,
    private readonly shared: AttemptLimiter,
    pauseMs = REDIS_PAUSE_AFTER_FAILURE_MS,
  ) {
    super();
    this.either = new EitherStore(redis, pauseMs);
  }

  take(windows: readonly AttemptWindow[]): Promise<Attempt> {
    return this.either.run(
      () => this.shared.take(windows),
      () => this.local.take(windows),
    );
  }
}
