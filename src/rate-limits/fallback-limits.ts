import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter.js';
import type { Attempt, AttemptWindow } from './attempt-limiter.js';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';

type ThrottlerStorageRecord = Awaited<
  ReturnType<ThrottlerStorage['increment']>
>;

const logger = new Logger('LimitStore');

/**
 * Whichever store answers: Redis, shared by every process, while it is up; this
 * process's memory while it is not (not connected, or a command failed). A Redis
 * outage then leaves the limits per process, as without Redis, instead of refusing
 * every keyed request: reads keep working, and analyses are still limited.
 */
async function eitherStore<T>(
  redis: Redis,
  shared: () => Promise<T>,
  local: () => Promise<T>,
): Promise<T> {
  if (redis.status !== 'ready') return local();
  try {
    return await shared();
  } catch (error) {
    logger.warn(
      `Limits counted in this process's memory: Redis failed (${(error as Error).message}).`,
    );
    return local();
  }
}

/** The throttler's storage: Redis while it answers, memory while it does not. */
export class FallbackThrottlerStorage implements ThrottlerStorage {
  private readonly local = new MemoryThrottlerStorage();

  constructor(
    private readonly redis: Redis,
    private readonly shared: ThrottlerStorage,
  ) {}

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return eitherStore(
      this.redis,
      () =>
        this.shared.increment(key, ttl, limit, blockDuration, throttlerName),
      () => this.local.increment(key, ttl, limit, blockDuration),
    );
  }
}

/** The attempt limits: Redis while it answers, memory while it does not. */
export class FallbackAttemptLimiter extends AttemptLimiter {
  private readonly local = new MemoryAttemptLimiter();

  constructor(
    private readonly redis: Redis,
    private readonly shared: AttemptLimiter,
  ) {
    super();
  }

  take(windows: readonly AttemptWindow[]): Promise<Attempt> {
    return eitherStore(
      this.redis,
      () => this.shared.take(windows),
      () => this.local.take(windows),
    );
  }
}
