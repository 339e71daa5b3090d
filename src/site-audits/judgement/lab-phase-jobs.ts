import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../jobs/job-queue.js';
import { AuditJobs } from './audit-jobs.js';
import { SiteJudgement } from './site-judgement.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';

/**
 * The lab phases of judged audits (lab: true), as durable jobs on a queue of their
 * own: minutes in a lab browser never hold the turn of another audit's judgement.
 */
@Injectable()
export class LabPhaseJobs extends AuditJobs {
  constructor(
    queue: JobQueue,
    judgement: SiteJudgement,
    store: SiteJudgementRepository,
  ) {
    super(queue, {
      queue: 'site-audit-labs',
      keyPrefix: 'lab',
      // Its lab browser measures one page at a time anyway.
      concurrency: 1,
      // A measurement stamps the audit: five minutes without one is a lost job.
      staleMs: 5 * 60_000,
      sweepEveryMs: 30_000,
      sweepBatch: 100,
      run: (auditId) => judgement.measureLab(auditId),
      waitingSince: (before, limit) => store.findAwaitingLab(before, limit),
    });
  }
}
