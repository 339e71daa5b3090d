import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ProblemException } from '../common/problem.js';
import { redisOptions } from '../redis/redis.module.js';

/** How long a limit may wait for Redis before the request answers 503. */
const COMMAND_TIMEOUT_MS = 2_000;
/** What a client is told to wait while the limits' store is away. */
const RETRY_AFTER_SECONDS = 5;

const logger = new Logger('LimitStore');

/**
 * The limits' own Redis connection. The shared one waits for Redis as long as it
 * takes (BullMQ needs that); a limit gives up after two seconds instead, so a Redis
 * outage answers 503 rather than holding every request.
 */
export function limitStoreConnection(url: string): Redis {
  const redis = new Redis(url, {
    ...redisOptions(),
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  let up = true;
  redis.on('error', (error: Error) => {
    if (up) logger.warn(`Redis unreachable for rate limits: ${error.message}`);
    up = false;
  });
  redis.on('ready', () => (up = true));
  return redis;
}

/** A limit that cannot be checked refuses the request: 503, try again shortly. */
export function limitStoreUnavailable(error: unknown): ProblemException {
  logger.warn(
    `Rate limit not checked: ${error instanceof Error ? error.message : String(error)}`,
  );
  return new ProblemException(
    503,
    'The service cannot check its rate limits right now. Try again shortly.',
    undefined,
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}
