import { Injectable } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { DurableJobs } from '../../jobs/durable-jobs.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { LabPhaseJobs } from './lab-phase-jobs.js';
import { SiteJudgement } from './site-judgement.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';

const QUEUE = 'site-audit-judgements';
/** Judgements one process runs at once: each reads and writes every page of its audit. */
const CONCURRENCY = 2;
/** An audit whose crawl stopped this long ago and is not judged may have lost its job. */
const STALE_MS = 15_000;
const SWEEP_MS = 10_000;
const SWEEP_BATCH = 200;

/**
 * The judgement of audits whose crawl stopped, as durable jobs: one a stopped crawl
 * asks for, and one the sweep adds for an audit stopped and not judged a while later.
 * An audit with lab: true goes on to its lab phase, on the lab queue.
 */
@Injectable()
export class JudgementJobs
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly jobs: DurableJobs<{ auditId: string }>;

  constructor(
    queue: JobQueue,
    judgement: SiteJudgement,
    labPhases: LabPhaseJobs,
    private readonly store: SiteJudgementRepository,
  ) {
    this.jobs = new DurableJobs(queue, {
      queue: QUEUE,
      keyOf: ({ auditId }) => `judge-${auditId}`,
      handle: async ({ data }) => {
        if (await judgement.judge(data.auditId))
          await labPhases.add(data.auditId);
      },
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
    const ids = await this.store.findUnjudged(
      new Date(Date.now() - STALE_MS),
      SWEEP_BATCH,
    );
    return ids.map((auditId) => ({ data: { auditId } }));
  }
}
