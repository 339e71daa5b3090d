import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MAX_CRAWL_DELAY_MS } from '../../analysis/index.js';
import {
  HostGate,
  leasedTurn,
  pause,
  TURN_LEASE_MS,
  TURN_POLL_MS,
} from './host-gate.js';
import type { HostPoliteness, HostTurn } from './host-gate.js';

/**
 * One atomic try for a turn. KEYS[1] the host's leases (a sorted set by expiry),
 * KEYS[2] when its last request started (kept as long as a Crawl-delay may be). ARGV:
 * token, concurrency, delay ms, lease ms, longest delay ms. Answers 0 when the turn is
 * taken, else the ms to wait before trying again (-1: the host is full).
 */
const TAKE = `
local leases, last = KEYS[1], KEYS[2]
local token, limit, delay, lease, longest = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', leases, '-inf', now)
if redis.call('ZCARD', leases) >= limit then return -1 end
local lastAt = tonumber(redis.call('GET', last) or '0')
if lastAt + delay > now then return lastAt + delay - now end
redis.call('ZADD', leases, now + lease, token)
redis.call('PEXPIRE', leases, lease)
redis.call('SET', last, now, 'PX', longest)
return 0
`;

/** Renews a held turn's lease. KEYS[1] the host's leases; ARGV: token, lease ms. */
const RENEW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
`;

type Renew = (leases: string, token: string, lease: number) => Promise<unknown>;

type Take = (
  leases: string,
  next: string,
  token: string,
  limit: number,
  delay: number,
  lease: number,
  longest: number,
) => Promise<number>;

/** The gate of every process on one Redis (the service scaled out). */
export class RedisHostGate extends HostGate {
  private readonly take: Take;
  private readonly renew: Renew;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    redis.defineCommand('hostTurnTake', { numberOfKeys: 2, lua: TAKE });
    redis.defineCommand('hostTurnRenew', { numberOfKeys: 1, lua: RENEW });
    const commands = redis as unknown as {
      hostTurnTake: Take;
      hostTurnRenew: Renew;
    };
    this.take = commands.hostTurnTake.bind(redis);
    this.renew = commands.hostTurnRenew.bind(redis);
  }

  async acquire(
    host: string,
    { concurrency, delayMs }: HostPoliteness,
    signal: AbortSignal,
  ): Promise<HostTurn> {
    const leases = `${this.prefix}:hosts:${host}:leases`;
    const last = `${this.prefix}:hosts:${host}:last`;
    const token = randomUUID();
    for (;;) {
      const wait = await this.take(
        leases,
        last,
        token,
        concurrency,
        delayMs,
        TURN_LEASE_MS,
        MAX_CRAWL_DELAY_MS,
      );
      if (wait === 0) break;
      await pause(wait > 0 ? Math.min(wait, 1_000) : TURN_POLL_MS, signal);
    }
    return leasedTurn(
      () => this.renew(leases, token, TURN_LEASE_MS),
      () => this.redis.zrem(leases, token),
    );
  }
}
