import { Inject, Module } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.js';
import { closeRedis } from '../redis/redis.module.js';
import type { AppConfig } from '../config/config.js';
import { AttemptLimiter, MemoryAttemptLimiter } from './attempt-limiter.js';
import {
  FallbackAttemptLimiter,
  FallbackThrottlerStorage,
} from './fallback-limits.js';
import { limitStoreConnection } from './limit-store.js';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';
import { RedisAttemptLimiter } from './redis-attempt-limiter.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';
import { throttlersFor } from './throttlers.js';

/** The limits' Redis connection, or null: limits then live in this process's memory. */
const LIMIT_STORE = Symbol('LIMIT_STORE');

class LimitStoreCloser implements OnApplicationShutdown {
  constructor(@Inject(LIMIT_STORE) private readonly redis: Redis | null) {}

  onApplicationShutdown(): Promise<void> {
    return closeRedis(this.redis);
  }
}

/** One limits' connection for the throttler's storage and the attempt limits. */
@Module({
  providers: [
    {
      provide: LIMIT_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.redisUrl
          ? limitStoreConnection(config.redisUrl, config.redisCommandTimeoutMs)
          : null,
    },
    LimitStoreCloser,
  ],
  exports: [LIMIT_STORE],
})
class LimitStoreModule {}

/**
 * Rate limits shared by every API process when REDIS_URL is set (in this process's
 * memory while Redis does not answer), kept in memory otherwise: the API keys'
 * request and analysis limits (@nestjs/throttler, applied by RateLimitGuard) and the
 * attempt limits of shared reports' passwords.
 */
@Module({
  imports: [
    LimitStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [LimitStoreModule],
      inject: [APP_CONFIG, LIMIT_STORE],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        throttlers: throttlersFor(config),
        storage: redis
          ? new FallbackThrottlerStorage(
              redis,
              new RedisThrottlerStorage(redis, config.redisPrefix),
            )
          : new MemoryThrottlerStorage(),
      }),
    }),
  ],
  providers: [
    {
      provide: AttemptLimiter,
      inject: [APP_CONFIG, LIMIT_STORE],
      useFactory: (config: AppConfig, redis: Redis | null) =>
        redis
          ? new FallbackAttemptLimiter(
              redis,
              new RedisAttemptLimiter(redis, config.redisPrefix),
            )
          : new MemoryAttemptLimiter(),
    },
  ],
  exports: [AttemptLimiter],
})
export class RateLimitsModule {}
