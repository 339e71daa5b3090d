import { Global, Inject, Logger, Module } from '@nestjs/common';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';

/**
 * The patient Redis connection of REDIS_URL, or null when the service runs without
 * Redis: BullMQ's workers and the subscribers, which wait for Redis as long as it
 * is away.
 */
export const REDIS = Symbol('REDIS');

/**
 * The prompt Redis connection of REDIS_URL, or null: commands something waits on
 * (adding a job, a ping, a "settled" message) fail within REDIS_COMMAND_TIMEOUT_MS
 * while Redis is away, instead of waiting for it.
 */
export const REDIS_COMMANDS = Symbol('REDIS_COMMANDS');

/**
 * After Redis failed a command something waited on (no answer within the timeout),
 * such commands go without it this long before Redis is asked again: a Redis that
 * answers nothing costs one request its timeout, not every request.
 */
export const REDIS_PAUSE_AFTER_FAILURE_MS = 5_000;

/** Connection options every Redis client of the service shares. */
export function redisOptions() {
  return {
    // BullMQ's blocking commands must wait as long as they need.
    maxRetriesPerRequest: null,
    // Reconnect every second at most, for as long as Redis is away.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  };
}

/** The options of a prompt connection: nothing waits for Redis longer than `timeoutMs`. */
export function promptRedisOptions(timeoutMs: number) {
  return {
    ...redisOptions(),
    // A command sent while Redis is not connected fails at once, rather than queue.
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails, rather than wait for the next one.
    maxRetriesPerRequest: 0,
    // Redis connected but silent (a network that drops packets, a stopped process).
    commandTimeout: timeoutMs,
    connectTimeout: timeoutMs,
  };
}

/** A prompt connection that logs once per outage, rather than on every reconnection attempt. */
export function promptRedis(url: string, timeoutMs: number): Redis {
  const logger = new Logger('Redis');
  const redis = new Redis(url, promptRedisOptions(timeoutMs));
  let up = true;
  redis.on('error', (error: Error) => {
    if (up) logger.warn(`Redis unreachable: ${error.message}`);
    up = false;
  });
  redis.on('ready', () => (up = true));
  return redis;
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
  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(REDIS_COMMANDS) private readonly commands: Redis | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([closeRedis(this.redis), closeRedis(this.commands)]);
  }
}

/** The shared Redis connections (REDIS, REDIS_COMMANDS) when REDIS_URL is set. */
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
        {
          provide: REDIS_COMMANDS,
          useFactory: () =>
            config.redisUrl
              ? promptRedis(config.redisUrl, config.redisCommandTimeoutMs)
              : null,
        },
        RedisCloser,
      ],
      exports: [REDIS, REDIS_COMMANDS],
    };
  }
}
