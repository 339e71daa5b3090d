import { Logger } from '@nestjs/common';
import { DelayedError, Queue, Worker } from 'bullmq';
import type { ConnectionOptions, Job as BullJob } from 'bullmq';
import { backoffMs, JobQueue, RetryLater } from './job-queue.js';
import type { AddOptions, JobHandler } from './job-queue.js';

/** A worker's lock on a running job; a lock not renewed in time marks the job stalled. */
const LOCK_MS = 15_000;
/** How often workers look for stalled jobs: a dead worker's job runs again within LOCK_MS + this. */
const STALLED_CHECK_MS = 10_000;
/** Errors of the infrastructure retry this often at most before the job is dropped (the sweep re-adds it). */
const MAX_ATTEMPTS = 500;

/**
 * Jobs on BullMQ (Redis), for the service scaled out: API processes add jobs, worker
 * processes (`npm run start:worker`) run them. A finished job is removed, so its key
 * may be used again; a job whose worker died is found stalled and runs again.
 */
export class BullmqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly prefix: string,
    readonly consumes: boolean,
  ) {
    super();
  }

  async add(queue: string, data: object, options: AddOptions): Promise<void> {
    await this.queueOf(queue).add(queue, data, {
      jobId: options.key,
      delay: options.delayMs,
      attempts: MAX_ATTEMPTS,
      backoff: { type: 'custom' },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async repeat(queue: string, key: string, everyMs: number): Promise<void> {
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

  work<T>(queue: string, handler: JobHandler<T>, concurrency: number): void {
    const worker = new Worker<T>(
      queue,
      async (job: BullJob<T>, token?: string) => {
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
        }
      },
      {
        connection: this.connection,
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
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
      });
      queue.on('error', (error) =>
        this.logger.warn(`Job queue: ${error.message}`),
      );
      this.queues.set(name, queue);
    }
    return queue;
  }
}
