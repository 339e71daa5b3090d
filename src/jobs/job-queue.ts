/** One run of a job as its handler sees it. */
export interface Job<T> {
  /** The key it was added with: unique among the queue's unfinished jobs. */
  key: string;
  data: T;
  /** 1 for the first run, then 2, 3, … (runs after a RetryLater or a thrown error). */
  attempt: number;
}

/**
 * Does the job. Returning finishes it. RetryLater runs it again after a delay.
 * Any other error means the job could not be done now (the database or Redis is
 * away): it runs again with backoff, as long as it takes.
 */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/** Thrown by a handler: run this job again after `delayMs`. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super(`retry in ${delayMs} ms`);
    this.name = 'RetryLater';
  }
}

/** Backoff after a thrown error: 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempt - 1), 30_000);
}

export interface AddOptions {
  /** Unique among the queue's unfinished jobs: adding a key already waiting or running does nothing. */
  key: string;
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /**
   * Among due jobs of the queue, lower runs first; 0, the default, before every job
   * with a priority (BullMQ's rule). At most MAX_PRIORITY.
   */
  priority?: number;
  /**
   * Whose job it is (an account): a consuming process runs at most `perGroup` jobs
   * of one group at once (see work), so the other slots stay free for other groups.
   */
  group?: string;
}

/** How a process runs a queue's jobs. */
export interface WorkOptions {
  /** Jobs run at once. */
  concurrency: number;
  /**
   * Jobs of one group run at once, at most (default: concurrency): a group's jobs past
   * it wait, and the slots left serve other groups' jobs first.
   */
  perGroup?: number;
}

/** A consuming process looks for missing repeating jobs this often at most. */
export const HEAL_MS = 10_000;

/** A declared repeating job. */
export interface Repeat {
  queue: string;
  key: string;
  everyMs: number;
}

/** The largest priority both backends hold (BullMQ's bound). */
export const MAX_PRIORITY = 2_097_151;

/**
 * Durable jobs: BullMQ on Redis when REDIS_URL is set, a table of the database
 * otherwise. A job runs at least once; a job whose process died runs again.
 */
export abstract class JobQueue {
  /** Whether this process runs jobs (an API with Redis only adds them). */
  abstract readonly consumes: boolean;

  abstract add(queue: string, data: object, options: AddOptions): Promise<void>;

  /**
   * Declares a job of `queue` that runs every `everyMs`, under `key`: one job at a
   * time, however many processes declare it (every process does, at start). Each
   * sets it up, and sets it up again whenever it is found missing (Redis lost its
   * data): it heals within `everyMs` (HEAL_MS at most). The handler gets `{}` as data.
   */
  abstract repeat(queue: string, key: string, everyMs: number): Promise<void>;

  /** The declared repeating jobs (`queue/key`) that are not set up now: readiness reports them. */
  abstract missingRepeats(): Promise<string[]>;

  /** Runs the queue's jobs in this process, as `options` bound them. */
  abstract work<T>(
    queue: string,
    handler: JobHandler<T>,
    options: WorkOptions,
  ): void;

  /**
   * Stops taking jobs; waits up to `graceMs` for running ones, then hands the rest
   * back to the queue, to run again elsewhere or later.
   */
  abstract close(graceMs: number): Promise<void>;
}
