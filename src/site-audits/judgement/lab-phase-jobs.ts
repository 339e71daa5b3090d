import { Injectable } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { DurableJobs } from '../../jobs/durable-jobs.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { SiteJudgement } from './site-judgement.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';

const QUEUE = 'site-audit-labs';
/** Lab phases one process runs at once: its lab browser measures one page at a time anyway. */
const CONCURRENCY = 1;
/** A judged audit whose lab phase has not moved this long may have lost its job (a measurement stamps the audit). */
const STALE_MS = 5 * 60_000;
const SWEEP_MS = 30_000;
const SWEEP_BATCH = 100;

/**
 * The lab phases of judged audits (lab: true), as durable jobs on a queue of their
 * own: minutes in a lab browser never hold the turn of another audit's judgement.
 */
@Injectable()
export class LabPhaseJobs
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly jobs: DurableJobs<{ auditId: string }>;

  constructor(
    queue: JobQueue,
    judgement: SiteJudgement,
    private readonly store: SiteJudgementRepository,
  ) {
    this.jobs = new DurableJobs(queue, {
      queue: QUEUE,
      keyOf: ({ auditId }) => `lab-${auditId}`,
      handle: ({ data }) => judgement.measureLab(data.auditId),
      concurrency: CONCURRENCY,
      sweepEveryMs: SWEEP_MS,
      findLost: () => this.findLost(),
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

  private async findLost(): Promise<Array<{ data: { auditId: string } }>> {
    const ids = await this.store.findAwaitingLab(
      new Date(Date.now() - STALE_MS),
      SWEEP_BATCH,
    );
    return ids.map((auditId) => ({ data: { auditId } }));
  }
}
