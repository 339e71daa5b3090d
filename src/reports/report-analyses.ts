import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Analyser, AnalysisError } from '../analysis/index.js';
import type { AnalysisResults } from '../analysis/index.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { JobQueue, RetryLater } from '../jobs/job-queue.js';
import type { Job } from '../jobs/job-queue.js';
import type { ReportError } from './report.entity.js';
import { ReportOutcomes } from './report-outcomes.js';
import type { AfterSettle } from './report-outcomes.js';
import type { ClaimedRun } from './reports.repository.js';
import { ReportSettlement } from './report-settlement.js';
import { ReportsRepository } from './reports.repository.js';

/** The queue of report analyses. */
const QUEUE = 'analyses';
/** Attempts of one run before transient failures make it fail for good. */
const MAX_ATTEMPTS = 3;
/** A report queued or running this long without a change may have lost its job. */
const STALE_MS = 15_000;
/** How often consuming processes look for such reports and add their jobs again. */
const SWEEP_MS = 10_000;
/** Reports looked at in one sweep. */
const SWEEP_BATCH = 500;

/** What a job of the analyses queue carries: which report, which of its runs. */
export interface AnalysisJob {
  reportId: string;
  run: number;
}

function keyOf(job: AnalysisJob): string {
  return `report-${job.reportId}-run-${job.run}`;
}

/**
 * Report analyses as durable jobs. The database holds the truth: a run moves queued →
 * running → completed or failed, each move conditional on the one before, so a job
 * run twice, or a job of a run no longer asked for, stores nothing twice. A job is
 * added after its report is saved; a sweep adds again the jobs of reports that wait
 * too long (the add failed, or Redis lost it), which changes nothing for a job that
 * is still there.
 */
@Injectable()
export class ReportAnalyses
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('ReportAnalyses');
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly reports: ReportsRepository,
    private readonly analyser: Analyser,
    private readonly jobs: JobQueue,
    private readonly settlement: ReportSettlement,
    private readonly outcomes: ReportOutcomes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.jobs.consumes) return;
    this.jobs.work<AnalysisJob>(
      QUEUE,
      (job) => this.run(job),
      this.config.analysisConcurrency,
    );
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /**
   * Adds the job of the report's run. Never throws: the report is saved already,
   * and when the add fails the sweep adds it later.
   */
  async dispatch(reportId: string, run: number): Promise<void> {
    const job = { reportId, run };
    try {
      await this.jobs.add(QUEUE, job, { key: keyOf(job) });
    } catch (error) {
      this.logger.warn(
        `Job of report ${reportId} not added yet (the sweep will): ${(error as Error).message}`,
      );
    }
  }

  /** One job: claim the run, analyse, record the outcome. Database errors propagate (the job runs again). */
  async run({ data }: Job<AnalysisJob>): Promise<void> {
    const { reportId, run } = data;
    const claimed = await this.reports.claim(reportId, run);
    if (!claimed) return; // settled, superseded by a newer run, or deleted
    let results: AnalysisResults;
    try {
      results = await this.analyser.analyse(claimed.url);
    } catch (error) {
      await this.recordFailure(data, claimed, error);
      return;
    }
    const { accountId, previous } = claimed;
    let after: AfterSettle[] = [];
    const completed = await this.reports.complete(
      reportId,
      run,
      results,
      async (manager) => {
        after = await this.outcomes.recordIn(manager, {
          status: 'completed',
          accountId,
          reportId,
          previous,
        });
      },
    );
    if (completed) {
      await this.settlement.announce(reportId);
      await this.outcomes.afterCommit(after);
    }
  }

  private async recordFailure(
    { reportId, run }: AnalysisJob,
    { attempts, url, accountId, previous }: ClaimedRun,
    error: unknown,
  ): Promise<void> {
    const transient = error instanceof AnalysisError && error.transient;
    if (transient && attempts + 1 < MAX_ATTEMPTS) {
      if (await this.reports.retryLater(reportId, run)) {
        throw new RetryLater(this.config.analysisRetryDelayMs * 2 ** attempts);
      }
      return;
    }
    let after: AfterSettle[] = [];
    const failed = await this.reports.fail(
      reportId,
      run,
      this.describe(error, url),
      async (manager) => {
        after = await this.outcomes.recordIn(manager, {
          status: 'failed',
          accountId,
          reportId,
          previous,
        });
      },
    );
    if (failed) {
      await this.settlement.announce(reportId);
      await this.outcomes.afterCommit(after);
    }
  }

  private describe(error: unknown, url: string): ReportError {
    if (error instanceof AnalysisError) {
      return { code: error.code, message: error.message };
    }
    this.logger.error(
      `Analysis of ${url} failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`,
    );
    return {
      code: 'internal',
      message: 'The analyser failed on this page. The error was logged.',
    };
  }

  /** Adds again the jobs of reports that waited too long; a job still there is left as it is. */
  private async sweep(): Promise<void> {
    try {
      const stale = await this.reports.findUnsettledSince(
        new Date(Date.now() - STALE_MS),
        SWEEP_BATCH,
      );
      for (const { id, run } of stale) await this.dispatch(id, run);
    } catch (error) {
      this.logger.warn(`Sweep: ${(error as Error).message}`);
    }
  }
}
