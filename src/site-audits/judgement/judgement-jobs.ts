import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../jobs/job-queue.js';
import { AuditJobs } from './audit-jobs.js';
import { LabPhaseJobs } from './lab-phase-jobs.js';
import { SiteJudgement } from './site-judgement.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';

/**
 * The judgement of audits whose crawl stopped, as durable jobs: one a stopped crawl
 * asks for, and one the sweep adds for an audit stopped and not judged a while later.
 * An audit with lab: true goes on to its lab phase, on the lab queue.
 */
@Injectable()
export class JudgementJobs extends AuditJobs {
  constructor(
    queue: JobQueue,
    judgement: SiteJudgement,
    labPhases: LabPhaseJobs,
    store: SiteJudgementRepository,
  ) {
    super(queue, {
      queue: 'site-audit-judgements',
      keyPrefix: 'judge',
      // Each reads and writes every page of its audit.
      concurrency: 2,
      staleMs: 15_000,
      sweepEveryMs: 10_000,
      sweepBatch: 200,
      run: async (auditId) => {
        if (await judgement.judge(auditId)) await labPhases.add(auditId);
      },
      waitingSince: (before, limit) => store.findUnjudged(before, limit),
    });
  }
}
