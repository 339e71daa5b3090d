import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { closeRedis, REDIS, REDIS_COMMANDS } from '../redis/redis.module.js';
import { AnalysisSubjects } from './analysis-subjects.js';

/** The Redis channel (after REDIS_PREFIX) on which workers say a run settled: `kind:id`. */
const SETTLED_CHANNEL = 'analyses:settled';
/** How often waiters check the database, for a word that did not come (another process without Redis, a lost message). */
const CHECK_MS = 1_000;

function waiterKey(kind: string, id: string): string {
  return `${kind}:${id}`;
}

/**
 * Lets a request wait for an analysis to settle (completed or failed), wherever it
 * runs: in this process, in a worker (which says so over Redis), or in another
 * process on the same database (found by its subject's check once a second).
 */
@Injectable()
export class AnalysisSettlement implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AnalysisSettlement');
  private readonly waiters = new Map<string, Set<() => void>>();
  private subscriber: Redis | null = null;
  private checker: NodeJS.Timeout | null = null;
  private readonly channel: string;

  constructor(
    /** Patient: the subscriber, duplicated from it, subscribes again whenever Redis is back. */
    @Inject(REDIS) private readonly redis: Redis | null,
    /** Prompt: a "settled" message never holds the job that settled. */
    @Inject(REDIS_COMMANDS) private readonly commands: Redis | null,
    private readonly subjects: AnalysisSubjects,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redisPrefix}:${SETTLED_CHANNEL}`;
  }

  onModuleInit(): void {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, key: string) =>
      this.settled(key),
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
    for (const key of [...this.waiters.keys()]) this.settled(key);
    await closeRedis(this.subscriber);
  }

  /** Says the run settled, to waiters here and, over Redis, everywhere. */
  async announce(kind: string, id: string): Promise<void> {
    const key = waiterKey(kind, id);
    this.settled(key);
    await this.commands
      ?.publish(this.channel, key)
      .catch((error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  /** Resolves when the thing's analysis settles, or after `timeoutMs`, whichever comes first. */
  waitFor(kind: string, id: string, timeoutMs: number): Promise<void> {
    const key = waiterKey(kind, id);
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const waiting = this.waiters.get(key) ?? new Set();
      this.waiters.set(key, waiting);
      waiting.add(done);
      this.checker ??= setInterval(() => void this.check(), CHECK_MS);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        waiting.delete(done);
        if (waiting.size === 0 && waiters.get(key) === waiting) {
          waiters.delete(key);
        }
        resolve();
      }
    });
  }

  private settled(key: string): void {
    for (const done of [...(this.waiters.get(key) ?? [])]) done();
  }

  private async check(): Promise<void> {
    const keys = [...this.waiters.keys()];
    if (keys.length === 0 && this.checker) {
      clearInterval(this.checker);
      this.checker = null;
      return;
    }
    const idsByKind = new Map<string, string[]>();
    for (const key of keys) {
      const at = key.indexOf(':');
      const kind = key.slice(0, at);
      idsByKind.set(kind, [...(idsByKind.get(kind) ?? []), key.slice(at + 1)]);
    }
    try {
      for (const [kind, ids] of idsByKind) {
        const subject = this.subjects.get(kind);
        if (!subject) continue;
        for (const id of await subject.settledAmong(ids)) {
          this.settled(waiterKey(kind, id));
        }
      }
    } catch {
      // The database is away: the waiters' own timeouts still hold.
    }
  }
}
