import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AttemptLimiter } from './attempt-limiter.js';
import type { Attempt, AttemptWindow } from './attempt-limiter.js';

/**
 * Takes one attempt in every window or in none. KEYS: one sorted set per window,
 * its attempts scored by when each was made (ms, Redis's clock). ARGV[1]: the
 * attempt's id; then the limit and window (ms) of each key in turn. Answers 0 when
 * counted, else the seconds until every window has room.
 */
const TAKE = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local wait = 0
for i, key in ipairs(KEYS) do
  local limit, window = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2] or now)
    wait = math.max(wait, 1, math.ceil((oldest + window - now) / 1000))
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2 * i + 1])
end
return 0
`;

type Take = (...keysThenArgs: Array<string | number>) => Promise<number>;

/**
 * The attempt limits of every process in one Redis: a sorted set per window,
 * `<prefix>:attempts:<key>`, that expires with its last attempt.
 */
export class RedisAttemptLimiter extends AttemptLimiter {
  private readonly takeScript: Take;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    redis.defineCommand('attemptTake', { lua: TAKE });
    const commands = redis as unknown as { attemptTake: Take };
    this.takeScript = commands.attemptTake.bind(redis);
  }

  async take(windows: readonly AttemptWindow[]): Promise<Attempt> {
    const keys = windows.map((w) => `${this.prefix}:attempts:${w.key}`);
    const id = randomUUID();
    const wait = await this.takeScript(
      keys.length,
      ...keys,
      id,
      ...windows.flatMap((w) => [w.limit, w.windowMs]),
    );
    if (wait > 0) return { counted: false, retryAfterSeconds: wait };
    return {
      counted: true,
      refund: async () => {
        const refund = this.redis.multi();
        for (const key of keys) refund.zrem(key, id);
        await refund.exec();
      },
    };
  }
}
