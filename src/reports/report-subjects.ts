import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { withLabScore } from '../analysis/index.js';
import type { Analyser } from '../analysis/index.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { LabError, labFailed } from '../lab/index.js';
import type { LabMeasurer, LabOutcome } from '../lab/index.js';
import { LAB_MEASURER } from '../lab/lab-measurer.token.js';
import { AnalysisEngine } from '../analysis-jobs/analysis-engine.js';
import { AnalysisSettlement } from '../analysis-jobs/analysis-settlement.js';
import type {
  AnalysisFailure,
  AnalysisQueue,
  AnalysisRef,
  AnalysisSubject,
  QueuedRun,
} from '../analysis-jobs/analysis-subject.js';
import { AnalysisSubjects } from '../analysis-jobs/analysis-subjects.js';
import type { Outbox } from '../events/domain-events.js';
import { REPORT_EVENT_TYPES, reportEvents } from './report-events.js';
import type { ReportOutcome } from './report-events.js';
import type { ReportResults } from './report.entity.js';
import { ReportsRepository } from './reports.repository.js';
import type { ClaimedRun } from './reports.repository.js';

/** The queue of reports with lab: true. */
export const LAB_QUEUE = 'lab-analyses';

/**
 * Reports as a subject of the analysis engine: a report's run is claimed, completed
 * or failed on its row, and its events (report.completed, .failed, .score_changed)
 * are published in the transaction that settles it.
 */
@Injectable()
export class ReportSubjects
  implements AnalysisSubject<ClaimedRun, ReportResults>, OnModuleInit
{
  readonly kind = 'report';
  /**
   * Runs with lab: true wait their turn at the machine's one lab browser: on a queue of
   * their own, one at a time a process, so their wait never holds the slots of the others.
   */
  readonly moreQueues: readonly AnalysisQueue[] = [
    { name: LAB_QUEUE, concurrency: 1, perAccount: 1 },
  ];

  constructor(
    private readonly reports: ReportsRepository,
    private readonly subjects: AnalysisSubjects,
    private readonly engine: AnalysisEngine,
    private readonly settlement: AnalysisSettlement,
    @Inject(LAB_MEASURER) private readonly lab: LabMeasurer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.subjects.register(this);
  }

  /**
   * Adds the jobs of runs just queued, all of one account, each at its place among the
   * account's runs in flight (the newest last); false when they could not all be added
   * now (the queue's store is away). Never throws: the sweep adds what is missing.
   */
  async dispatch(
    runs: Array<{ id: string; run: number; accountId: string; lab?: boolean }>,
  ): Promise<boolean> {
    if (runs.length === 0) return true;
    const inFlight = await this.reports
      .inFlightCount(runs[0].accountId)
      .catch(() => runs.length);
    const first = Math.max(1, inFlight - runs.length + 1);
    return this.dispatchPlaced(
      runs.map((run, i) => ({ ...run, position: first + i })),
    );
  }

  /**
   * Adds the jobs of runs whose places are known (the schedule tick's); stops at the
   * first that cannot be added, so a store that is away costs one wait, not one a job.
   */
  async dispatchPlaced(
    runs: Array<QueuedRun & { lab?: boolean }>,
  ): Promise<boolean> {
    for (const { lab, ...run } of runs) {
      const queued = lab ? { ...run, queue: LAB_QUEUE } : run;
      if (!(await this.engine.dispatch(this.kind, queued))) return false;
    }
    return true;
  }

  /** Resolves when the report's analysis settles, or after `timeoutMs`. */
  waitForSettle(id: string, timeoutMs: number): Promise<void> {
    return this.settlement.waitFor(this.kind, id, timeoutMs);
  }

  claim({ id, run }: AnalysisRef): Promise<ClaimedRun | null> {
    return this.reports.claim(id, run);
  }

  /** The analysis; with lab: true, the page measured in the lab too and its score counted in. */
  async analyse(claim: ClaimedRun, analyser: Analyser): Promise<ReportResults> {
    const results = await analyser.analyse(claim.url, { render: claim.render });
    if (!claim.lab) return results;
    const lab = await this.measure(results.page.final_url);
    return labFailed(lab)
      ? { ...results, lab }
      : { ...withLabScore(results, lab.performance_score), lab };
  }

  /** The page measured, or why it could not be: a lab failure keeps the analysis it follows. */
  private async measure(url: string): Promise<LabOutcome> {
    try {
      return await this.lab.measure(url, { runs: this.config.labRuns });
    } catch (error) {
      if (!(error instanceof LabError)) throw error;
      return {
        url,
        measured_at: new Date().toISOString(),
        error: { code: error.code, message: error.message },
      };
    }
  }

  complete(
    { id, run }: AnalysisRef,
    claim: ClaimedRun,
    results: ReportResults,
    outbox: Outbox,
  ): Promise<boolean> {
    return this.reports.complete(id, run, results, (manager) =>
      this.publish(manager, outbox, 'completed', id, claim),
    );
  }

  fail(
    { id, run }: AnalysisRef,
    claim: ClaimedRun,
    failure: AnalysisFailure,
    outbox: Outbox,
  ): Promise<boolean> {
    return this.reports.fail(id, run, failure, (manager) =>
      this.publish(manager, outbox, 'failed', id, claim),
    );
  }

  retryLater({ id, run }: AnalysisRef): Promise<boolean> {
    return this.reports.retryLater(id, run);
  }

  findUnsettled(
    before: Date,
    limit: number,
    queue: string,
  ): Promise<QueuedRun[]> {
    return this.reports.findUnsettledSince(before, limit, queue === LAB_QUEUE);
  }

  settledAmong(ids: string[]): Promise<string[]> {
    return this.reports.settledAmong(ids);
  }

  /** The run's events, with the report as the settle stored it, when anyone hears them. */
  private async publish(
    manager: EntityManager,
    outbox: Outbox,
    status: ReportOutcome['status'],
    id: string,
    { accountId, previous }: ClaimedRun,
  ): Promise<void> {
    if (!outbox.wants(REPORT_EVENT_TYPES)) return;
    const report = await this.reports.findForAccount(accountId, id, manager);
    if (!report) return;
    await outbox.publish(
      manager,
      reportEvents({ status, report, previous }, new Date()),
    );
  }
}
