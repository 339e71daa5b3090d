import { Logger } from '@nestjs/common';
import { DelayedError, Queue, Worker } from 'bullmq';
import type { Job as BullJob } from 'bullmq';
import type { Redis } from 'ioredis';
import { REDIS_PAUSE_AFTER_FAILURE_MS } from '../redis/redis.module.js';
import { backoffMs, HEAL_MS, JobQueue, RetryLater } from './job-queue.js';
import type {
  AddOptions,
  JobHandler,
  Repeat,
  WorkOptions,
} from './job-queue.js';

/** A worker's lock on a running job; a lock not renewed in time marks the job stalled. */
const LOCK_MS = 15_000;
/** How often workers look for stalled jobs: a dead worker's job runs again within LOCK_MS + this. */
const STALLED_CHECK_MS = 10_000;
/** Errors of the infrastructure retry this often at most before the job is dropped (the sweep re-adds it). */
const MAX_ATTEMPTS = 500;
/** A job whose group already runs its share here waits this long, then is looked at again. */
const GROUP_FULL_WAIT_MS = 1_000;

/** The Redis connections of a BullmqJobQueue, and how long an add may take. */
export interface BullmqConnections {
  /** Waits for Redis as long as it is away: BullMQ's workers need that. */
  workers: Redis;
  /** Fails while Redis is away (see promptRedisOptions): adds, repeating jobs' set-up. */
  producer: Redis;
  /** An add that has not answered by then fails (the sweep adds the job later). */
  addTimeoutMs: number;
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, message: string) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Jobs on BullMQ (Redis), for the service scaled out: API processes add jobs, worker
 * processes (`npm run start:worker`) run them. A finished job is removed, so its key
 * may be used again; a job whose worker died is found stalled and runs again. An add
 * fails within `addTimeoutMs` while Redis is away, never waits for it.
 */
export class BullmqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly repeats = new Map<string, Repeat>();
  private healer: NodeJS.Timeout | null = null;
  /** Whether the producer's connection has been ready once: until then, an add waits for it. */
  private producerWasReady: boolean;
  /** Until then (or the next connection), adds fail at once: Redis failed one lately (REDIS_PAUSE_AFTER_FAILURE_MS). */
  private producerPausedUntil = 0;

  constructor(
    private readonly connections: BullmqConnections,
    private readonly prefix: string,
    readonly consumes: boolean,
  ) {
    super();
    const { producer } = connections;
    this.producerWasReady = producer.status === 'ready';
    // Connected again: Redis is back, adds go to it at once.
    producer.on('ready', () => {
      this.producerWasReady = true;
      this.producerPausedUntil = 0;
    });
  }

  async add(queue: string, data: object, options: AddOptions): Promise<void> {
    const { addTimeoutMs } = this.connections;
    await this.producerReady(addTimeoutMs);
    // The job's name carries its group, for the worker that takes it (see work).
    const added = this.queueOf(queue).add(options.group ?? queue, data, {
      jobId: options.key,
      delay: options.delayMs,
      priority: options.priority || undefined,
      attempts: MAX_ATTEMPTS,
      backoff: { type: 'custom' },
      removeOnComplete: true,
      removeOnFail: true,
    });
    try {
      await within(
        added,
        addTimeoutMs,
        `Redis did not answer within ${addTimeoutMs} ms`,
      );
    } catch (error) {
      this.producerPausedUntil = Date.now() + REDIS_PAUSE_AFTER_FAILURE_MS;
      throw error;
    }
  }

  /**
   * Resolves when the producer's connection is ready. Lost after it was up, Redis is
   * away, or it failed an add moments ago: it rejects at once. Still connecting at
   * start: it waits up to `timeoutMs`.
   */
  private producerReady(timeoutMs: number): Promise<void> {
    const { producer } = this.connections;
    if (Date.now() < this.producerPausedUntil) {
      return Promise.reject(new Error('Redis failed an add moments ago'));
    }
    if (producer.status === 'ready') return Promise.resolve();
    if (this.producerWasReady) {
      return Promise.reject(
        new Error(`Redis is not connected (${producer.status})`),
      );
    }
    return new Promise((resolve, reject) => {
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        producer.off('ready', ready);
        reject(new Error(`Redis did not connect within ${timeoutMs} ms`));
      }, timeoutMs);
      producer.once('ready', ready);
    });
  }

  repeat(queue: string, key: string, everyMs: number): Promise<void> {
    const repeat = { queue, key, everyMs };
    this.repeats.set(`${queue}/${key}`, repeat);
    // Every process sets it up and heals it, API processes too: a worker need not be up.
    if (!this.healer) {
      const every = Math.min(
        HEAL_MS,
        ...[...this.repeats.values()].map((r) => r.everyMs),
      );
      this.healer = setInterval(() => void this.heal(), every);
    }
    // Not awaited: with Redis away the process still starts, and the healer sets it up.
    void this.setUp(repeat).catch((error: Error) =>
      this.logger.warn(
        `Repeating job ${queue}/${key} not set up yet: ${error.message}`,
      ),
    );
    return Promise.resolve();
  }

  async missingRepeats(): Promise<string[]> {
    const missing: string[] = [];
    for (const [name, { queue, key }] of this.repeats) {
      if (!(await this.queueOf(queue).getJobScheduler(key))) missing.push(name);
    }
    return missing;
  }

  /** Sets up again the repeating jobs Redis has lost (it keeps nothing on disk). */
  private async heal(): Promise<void> {
    try {
      for (const name of await this.missingRepeats()) {
        this.logger.warn(`Repeating job ${name} was missing; set up again.`);
        await this.setUp(this.repeats.get(name)!);
      }
    } catch (error) {
      this.logger.warn(
        `Repeating jobs not checked: ${(error as Error).message}`,
      );
    }
  }

  private async setUp({ queue, key, everyMs }: Repeat): Promise<void> {
    await this.queueOf(queue).upsertJobScheduler(
      key,
      { every: everyMs },
      {
        name: queue,
        data: {},
        opts: { removeOnComplete: true, removeOnFail: true },
      },
    );
  }

  work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions): void {
    const { concurrency } = options;
    const perGroup = options.perGroup ?? concurrency;
    const running = new Map<string, number>();
    const worker = new Worker<T>(
      queue,
      async (job: BullJob<T>, token?: string) => {
        // A group at its share here: the job waits a moment, and the slot serves the
        // next job (by priority, another group's first); the wait counts no attempt.
        const group = job.name === queue ? null : job.name;
        const mine = group === null ? 0 : (running.get(group) ?? 0);
        if (group !== null && mine >= perGroup) {
          await job.moveToDelayed(Date.now() + GROUP_FULL_WAIT_MS, token);
          throw new DelayedError();
        }
        if (group !== null) running.set(group, mine + 1);
        try {
          await handler({
            key: job.id!,
            data: job.data,
            attempt: job.attemptsStarted,
          });
        } catch (error) {
          if (!(error instanceof RetryLater)) throw error;
          await job.moveToDelayed(Date.now() + error.delayMs, token);
          throw new DelayedError();
        } finally {
          if (group !== null) {
            const left = (running.get(group) ?? 1) - 1;
            if (left > 0) running.set(group, left);
            else running.delete(group);
          }
        }
      },
      {
        connection: this.connections.workers,
        prefix: this.prefix,
        concurrency,
        lockDuration: LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        // A job may outlive a few dead workers before it counts as failed.
        maxStalledCount: 5,
        settings: {
          backoffStrategy: (attemptsMade: number) => backoffMs(attemptsMade),
        },
      },
    );
    worker.on('failed', (job, error) => {
      if (job && !(error instanceof DelayedError)) {
        this.logger.warn(
          `Job ${queue} ${job.id} failed (attempt ${job.attemptsMade}): ${error.message}`,
        );
      }
    });
    worker.on('error', (error) =>
      this.logger.warn(`Job worker: ${error.message}`),
    );
    this.workers.push(worker);
  }

  async close(graceMs: number): Promise<void> {
    if (this.healer) clearInterval(this.healer);
    // close() waits for running jobs; past the grace period they are left to the
    // stalled check, which hands them to another worker.
    await Promise.all(
      this.workers.map((worker) => {
        let timer: NodeJS.Timeout | undefined;
        return Promise.race([
          worker.close(),
          new Promise<void>((resolve) => {
            timer = setTimeout(() => {
              void worker.close(true);
              resolve();
            }, graceMs);
          }),
        ]).finally(() => clearTimeout(timer));
      }),
    );
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }

  private queueOf(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const made = new Queue(name, {
        connection: this.connections.producer,
        prefix: this.prefix,
      });
      made.on('error', (error) =>
        this.logger.warn(`Job queue: ${error.message}`),
      );
      // A queue whose start failed (Redis silent) stays failed: the next add makes another.
      made.waitUntilReady().catch(() => {
        if (this.queues.get(name) === made) this.queues.delete(name);
      });
      this.queues.set(name, made);
      queue = made;
    }
    return queue;
  }
}
