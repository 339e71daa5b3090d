import { Logger } from '@nestjs/common';
import { JobQueue } from './job-queue.js';
import type { Job } from './job-queue.js';

/** How a job is added: when, in what order, whose. */
export interface DurableAddOptions {
  delayMs?: number;
  priority?: number;
  group?: string;
}

/** A job to add again, found by a sweep. */
export interface LostJob<T> extends DurableAddOptions {
  data: T;
}

/** A kind of durable job: its queue, its key, what it does, and how lost jobs are found. */
export interface DurableJobSpec<T extends object> {
  queue: string;
  /** Unique among the queue's unfinished jobs: adding a job twice adds it once. */
  keyOf(data: T): string;
  /** Runs the job; see JobHandler for what returning and throwing mean. */
  handle(job: Job<T>): Promise<void>;
  /** Jobs run at once by one consuming process. */
  concurrency: number;
  /** Jobs of one group run at once by one consuming process (see WorkOptions). */
  perGroup?: number;
  /** How often consuming processes sweep. */
  sweepEveryMs: number;
  /** The jobs the database says should be waiting but may have been lost (an add that failed, Redis emptied). */
  findLost(): Promise<Array<LostJob<T>>>;
  /** More housekeeping of the sweep (pruning), after the jobs are added again. */
  afterSweep?(): Promise<void>;
}

/**
 * Jobs whose truth is a row of the database: a job is added after its row is
 * written, and the add never throws (the row is saved already); a sweep in every
 * consuming process adds again the jobs of rows that wait too long, which changes
 * nothing for a job still there.
 */
export class DurableJobs<T extends object> {
  private readonly logger: Logger;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: JobQueue,
    private readonly spec: DurableJobSpec<T>,
  ) {
    this.logger = new Logger(`Jobs:${spec.queue}`);
  }

  /** Runs the queue's jobs and sweeps, in a process that consumes jobs; nothing elsewhere. */
  start(): void {
    if (!this.jobs.consumes || this.sweeper) return;
    this.jobs.work<T>(this.spec.queue, (job) => this.spec.handle(job), {
      concurrency: this.spec.concurrency,
      perGroup: this.spec.perGroup,
    });
    this.sweeper = setInterval(() => void this.sweep(), this.spec.sweepEveryMs);
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** Adds the job. Never throws: when the add fails, the sweep adds it later. */
  async add(data: T, options: DurableAddOptions = {}): Promise<void> {
    await this.tryAdd(data, options);
  }

  /**
   * Adds the job; false when it could not be added now (the queue's store is away),
   * and the sweep will add it later. Never throws.
   */
  async tryAdd(data: T, options: DurableAddOptions = {}): Promise<boolean> {
    const key = this.spec.keyOf(data);
    try {
      await this.jobs.add(this.spec.queue, data, { key, ...options });
      return true;
    } catch (error) {
      this.logger.warn(
        `Job ${key} not added yet (the sweep will): ${(error as Error).message}`,
      );
      return false;
    }
  }

  /** Adds again the jobs the database says are lost; a job still there is left as it is. */
  async sweep(): Promise<void> {
    try {
      for (const lost of await this.spec.findLost()) {
        const { data, ...options } = lost;
        await this.add(data, options);
      }
      await this.spec.afterSweep?.();
    } catch (error) {
      this.logger.warn(`Sweep: ${(error as Error).message}`);
    }
  }
}
