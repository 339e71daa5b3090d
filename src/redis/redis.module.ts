import { Global, Inject, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';

/** The Redis connection of REDIS_URL, or null when the service runs without Redis. */
export const REDIS = Symbol('REDIS');

/** Connection options every Redis client of the service shares. */
export function redisOptions() {
  return {
    // BullMQ's blocking commands must wait as long as they need.
    maxRetriesPerRequest: null,
    // Reconnect every second at most, for as long as Redis is away.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  };
}

/**
 * Closes a connection: politely when it is up, at once when it is not (a quit would
 * wait behind the reconnection attempts for as long as Redis stays away).
 */
export async function closeRedis(redis: Redis | null): Promise<void> {
  if (!redis) return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  onApplicationShutdown(): Promise<void> {
    return closeRedis(this.redis);
  }
}

/** One shared Redis connection (REDIS) when REDIS_URL is set. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          useFactory: () =>
            config.redisUrl ? new Redis(config.redisUrl, redisOptions()) : null,
        },
        RedisCloser,
      ],
      exports: [REDIS],
    };
  }
}
