import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/**
 * One hit, atomically, with the semantics of throttler's in-memory storage: a
 * sliding log of hits that each live `ttl` ms; a record window (expires_at) renewed
 * once it has passed, which the Reset header reports; with a block duration, the hit
 * past the limit blocks the key for that long, and the first hit after the block
 * starts the log afresh; without one, a hit past the limit is refused and not
 * counted until the oldest hit leaves the log. Times come from Redis's clock, one
 * clock for every process.
 *
 * KEYS[1] a sorted set of hits scored by when each expires (ms); KEYS[2] a hash:
 * expires_at, block_expires_at, blocked, seq (names the hits).
 * ARGV: ttl ms, limit, block duration ms.
 * Answers: total hits, seconds to expire, blocked (0/1), seconds to block expiry.
 */
const HIT = `
local hits, state = KEYS[1], KEYS[2]
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local function seconds(ms) return math.ceil(ms / 1000) end

redis.call('ZREMRANGEBYSCORE', hits, '-inf', now)
local total = redis.call('ZCARD', hits)
local saved = redis.call('HMGET', state, 'expires_at', 'block_expires_at', 'blocked')
local expiresAt = tonumber(saved[1]) or (now + ttl)
local blockExpiresAt = tonumber(saved[2]) or 0
local blocked = saved[3] == '1'
local function hit()
  redis.call('ZADD', hits, now + ttl, redis.call('HINCRBY', state, 'seq', 1))
  total = total + 1
end

local timeToExpire = seconds(expiresAt - now)
if timeToExpire <= 0 then
  expiresAt = now + ttl
  timeToExpire = seconds(ttl)
end

local answer
if block <= 0 then
  local over = total >= limit
  local wait = 0
  if over then
    local oldest = redis.call('ZRANGE', hits, 0, 0, 'WITHSCORES')[2]
    wait = oldest and seconds(tonumber(oldest) - now) or timeToExpire
  else
    hit()
  end
  answer = { over and total + 1 or total, timeToExpire, over and 1 or 0, wait }
else
  if not blocked then hit() end
  if total > limit and not blocked then
    blocked = true
    blockExpiresAt = now + block
  end
  local timeToBlockExpire = seconds(blockExpiresAt - now)
  if timeToBlockExpire <= 0 and blocked then
    blocked = false
    redis.call('DEL', hits)
    total = 0
    hit()
  end
  answer = { total, timeToExpire, blocked and 1 or 0, timeToBlockExpire }
end

redis.call('HSET', state, 'expires_at', expiresAt, 'block_expires_at', blockExpiresAt, 'blocked', blocked and 1 or 0)
local keep = math.max(expiresAt, blockExpiresAt, now + ttl) - now
redis.call('PEXPIRE', hits, keep)
redis.call('PEXPIRE', state, keep)
return answer
`;

type ThrottlerStorageRecord = Awaited<
  ReturnType<ThrottlerStorage['increment']>
>;

type Hit = (
  hitsKey: string,
  stateKey: string,
  ttl: number,
  limit: number,
  blockDuration: number,
) => Promise<[number, number, number, number]>;

/**
 * @nestjs/throttler's storage in Redis, so every API process counts against one
 * budget. Keys: `<prefix>:throttle:<key>:hits` and `:state`, gone once nothing in
 * them is alive.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly hit: Hit;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('throttlerHit', { numberOfKeys: 2, lua: HIT });
    const commands = redis as unknown as { throttlerHit: Hit };
    this.hit = commands.throttlerHit.bind(redis);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:throttle:${key}`;
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] =
      await this.hit(
        `${base}:hits`,
        `${base}:state`,
        ttl,
        limit,
        blockDuration,
      );
    return {
      totalHits,
      timeToExpire,
      isBlocked: isBlocked === 1,
      timeToBlockExpire,
    };
  }
}
