import { JobQueue, RetryLater } from '../../src/jobs/job-queue.js';
import type { AddOptions, JobHandler } from '../../src/jobs/job-queue.js';

interface Added {
  queue: string;
  data: object;
  options: AddOptions;
  attempt: number;
}

/** How a job run by the inline queue ended. */
export type InlineOutcome = 'done' | RetryLater | Error;

/**
 * A job queue in memory for unit tests: jobs wait until the test runs them (or run
 * as they are added with `runOnAdd`), one at a time, in order.
 */
export class InlineJobQueue extends JobQueue {
  readonly consumes = true;
  readonly waiting: Added[] = [];
  private readonly handlers = new Map<string, JobHandler<unknown>>();

  constructor(private readonly runOnAdd = false) {
    super();
  }

  async add(queue: string, data: object, options: AddOptions): Promise<void> {
    if (
      this.waiting.some(
        (w) => w.queue === queue && w.options.key === options.key,
      )
    ) {
      return;
    }
    this.waiting.push({ queue, data, options, attempt: 0 });
    if (this.runOnAdd) await this.runNext();
  }

  /** A repeating job is added once: the test runs it as often as it likes. */
  async repeat(queue: string, key: string): Promise<void> {
    await this.add(queue, {}, { key });
  }

  missingRepeats(): Promise<string[]> {
    return Promise.resolve([]);
  }

  work<T>(queue: string, handler: JobHandler<T>): void {
    this.handlers.set(queue, handler as JobHandler<unknown>);
  }

  /** Runs the first waiting job; one that asks to be retried waits again at the end. */
  async runNext(): Promise<InlineOutcome> {
    const next = this.waiting.shift();
    if (!next) throw new Error('no job is waiting');
    next.attempt++;
    try {
      await this.handlers.get(next.queue)!({
        key: next.options.key,
        data: next.data,
        attempt: next.attempt,
      });
      return 'done';
    } catch (error) {
      this.waiting.push(next);
      return error as RetryLater | Error;
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
