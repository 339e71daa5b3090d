import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { DurableJobs } from '../../jobs/durable-jobs.js';
import { JobQueue } from '../../jobs/job-queue.js';

/** A step of finishing audits, run as durable jobs of one queue. */
export interface AuditStep {
  queue: string;
  /** Prefix of a job's key: one job an audit, however often it is added. */
  keyPrefix: string;
  /** Jobs one process runs at once. */
  concurrency: number;
  /** An audit waiting this long for the step may have lost its job. */
  staleMs: number;
  sweepEveryMs: number;
  sweepBatch: number;
  run(auditId: string): Promise<void>;
  /** Audits waiting for the step since before `before`, at most `limit`. */
  waitingSince(before: Date, limit: number): Promise<string[]>;
}

/**
 * One step of finishing audits as durable jobs: one job an audit, added when the step
 * before it ends, and added again by the sweep for an audit left waiting.
 */
export class AuditJobs
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly jobs: DurableJobs<{ auditId: string }>;

  constructor(queue: JobQueue, step: AuditStep) {
    this.jobs = new DurableJobs(queue, {
      queue: step.queue,
      keyOf: ({ auditId }) => `${step.keyPrefix}-${auditId}`,
      handle: ({ data }) => step.run(data.auditId),
      concurrency: step.concurrency,
      sweepEveryMs: step.sweepEveryMs,
      findLost: async () =>
        (
          await step.waitingSince(
            new Date(Date.now() - step.staleMs),
            step.sweepBatch,
          )
        ).map((auditId) => ({ data: { auditId } })),
    });
  }

  onApplicationBootstrap(): void {
    this.jobs.start();
  }

  onApplicationShutdown(): void {
    this.jobs.stop();
  }

  add(auditId: string): Promise<void> {
    return this.jobs.add({ auditId });
  }
}
