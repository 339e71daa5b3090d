import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { closeRedis, REDIS } from '../redis/redis.module.js';
import { ReportsRepository } from './reports.repository.js';

/** The Redis channel (after REDIS_PREFIX) on which workers say a report settled. */
const SETTLED_CHANNEL = 'reports:settled';
/** How often waiters check the database, for a word that did not come (another process without Redis, a lost message). */
const CHECK_MS = 1_000;

/**
 * Lets a request wait for its report's analysis to settle (completed or failed),
 * wherever it runs: in this process, in a worker (which says so over Redis), or in
 * another process on the same database (found by a check once a second).
 */
@Injectable()
export class ReportSettlement implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ReportSettlement');
  private readonly waiters = new Map<string, Set<() => void>>();
  private subscriber: Redis | null = null;
  private checker: NodeJS.Timeout | null = null;

  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly reports: ReportsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redisPrefix}:${SETTLED_CHANNEL}`;
  }

  onModuleInit(): void {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, id: string) =>
      this.settled(id),
    );
    this.subscriber.on('error', (error: Error) =>
      this.logger.warn(`Redis: ${error.message}`),
    );
    // Not awaited: with Redis away the service still starts, and subscribes once it is back.
    void this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    if (this.checker) clearInterval(this.checker);
    for (const id of [...this.waiters.keys()]) this.settled(id);
    await closeRedis(this.subscriber);
  }

  /** Says the report settled, to waiters here and, over Redis, everywhere. */
  async announce(id: string): Promise<void> {
    this.settled(id);
    await this.redis
      ?.publish(this.channel, id)
      .catch((error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  /** Resolves when the report settles, or after `timeoutMs`, whichever comes first. */
  waitFor(id: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const waiting = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, waiting);
      waiting.add(done);
      this.checker ??= setInterval(() => void this.check(), CHECK_MS);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        waiting.delete(done);
        if (waiting.size === 0 && waiters.get(id) === waiting) {
          waiters.delete(id);
        }
        resolve();
      }
    });
  }

  private settled(id: string): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
  }

  private async check(): Promise<void> {
    const ids = [...this.waiters.keys()];
    if (ids.length === 0 && this.checker) {
      clearInterval(this.checker);
      this.checker = null;
      return;
    }
    try {
      for (const id of await this.reports.settledAmong(ids)) this.settled(id);
    } catch {
      // The database is away: the waiters' own timeouts still hold.
    }
  }
}
