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
}

/**
 * Durable jobs: BullMQ on Redis when REDIS_URL is set, a table of the database
 * otherwise. A job runs at least once; a job whose process died runs again.
 */
export abstract class JobQueue {
  /** Whether this process runs jobs (an API with Redis only adds them). */
  abstract readonly consumes: boolean;

  abstract add(queue: string, data: object, options: AddOptions): Promise<void>;

  /**
   * Runs a job of `queue` every `everyMs`, under `key`, for as long as the queue
   * lives: one job at a time, whichever processes call this (each consuming process
   * does, at start; calling it again is harmless). The handler gets `{}` as data.
   */
  abstract repeat(queue: string, key: string, everyMs: number): Promise<void>;

  /** Runs the queue's jobs in this process, at most `concurrency` at a time. */
  abstract work<T>(
    queue: string,
    handler: JobHandler<T>,
    concurrency: number,
  ): void;

  /**
   * Stops taking jobs; waits up to `graceMs` for running ones, then hands the rest
   * back to the queue, to run again elsewhere or later.
   */
  abstract close(graceMs: number): Promise<void>;
}
