import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { redisOptions } from '../redis/redis.module.js';

/** How long a limit may wait for Redis, by default, before it is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 2_000;

const logger = new Logger('LimitStore');

/**
 * The limits' own Redis connection. The shared one waits for Redis as long as it
 * takes (BullMQ needs that); a limit gives up after `commandTimeoutMs`
 * (REDIS_COMMAND_TIMEOUT_MS) instead, and is counted in memory (fallback-limits.ts)
 * rather than holding the request.
 */
export function limitStoreConnection(
  url: string,
  commandTimeoutMs = COMMAND_TIMEOUT_MS,
): Redis {
  const redis = new Redis(url, {
    ...redisOptions(),
    commandTimeout: commandTimeoutMs,
  });
  let up = true;
  redis.on('error', (error: Error) => {
    if (up) logger.warn(`Redis unreachable for rate limits: ${error.message}`);
    up = false;
  });
  redis.on('ready', () => (up = true));
  return redis;
}
