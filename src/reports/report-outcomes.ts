import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Rating } from '../analysis/index.js';
import type { Report } from './report.entity.js';
import { ReportsRepository } from './reports.repository.js';

/** The latest completed result of a report before the run that just settled. */
export interface PreviousResult {
  score: number | null;
  result: Rating | null;
}

/** A run that settled: how, the report as stored after it, and the result it had before. */
export interface ReportOutcome {
  status: 'completed' | 'failed';
  report: Report;
  /** Both null when no run of the report had completed before this one. */
  previous: PreviousResult;
}

/** What a listener does once the settle is committed (add its jobs); it must not throw. */
export type AfterSettle = () => Promise<void>;

/**
 * Hears a settled run inside the settle's transaction: what it stores with `manager`
 * is kept if and only if the run is (an outbox). May answer what to do after commit.
 */
export type ReportOutcomeListener = (
  outcome: ReportOutcome,
  manager: EntityManager,
) => Promise<AfterSettle | void>;

/** A run about to settle, as the analyses know it. */
export interface SettlingRun {
  status: ReportOutcome['status'];
  accountId: string;
  reportId: string;
  previous: PreviousResult;
}

/**
 * Where other modules hear that a report's run settled (webhooks do), without the
 * reports feature knowing them. A listener writes in the settle's transaction, so a
 * process that dies right after a settle loses no outcome.
 */
@Injectable()
export class ReportOutcomes {
  private readonly logger = new Logger('ReportOutcomes');
  private readonly listeners: ReportOutcomeListener[] = [];

  constructor(private readonly reports: ReportsRepository) {}

  listen(listener: ReportOutcomeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Tells every listener, in the settle's transaction (`manager`); a listener's error
   * rolls the settle back, and the job runs again. Answers what to run after commit.
   */
  async recordIn(
    manager: EntityManager,
    { status, accountId, reportId, previous }: SettlingRun,
  ): Promise<AfterSettle[]> {
    if (this.listeners.length === 0) return [];
    const report = await this.reports.findForAccount(
      accountId,
      reportId,
      manager,
    );
    if (!report) return [];
    const after: AfterSettle[] = [];
    for (const listener of this.listeners) {
      const then = await listener({ status, report, previous }, manager);
      if (then) after.push(then);
    }
    return after;
  }

  /** Runs the listeners' after-commit steps. Never throws: what they add, their sweeps add again. */
  async afterCommit(steps: AfterSettle[]): Promise<void> {
    for (const step of steps) {
      await step().catch((error: Error) =>
        this.logger.warn(`After a settle: ${error.message}`),
      );
    }
  }
}
