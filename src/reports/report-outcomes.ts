import { Injectable, Logger } from '@nestjs/common';
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

export type ReportOutcomeListener = (outcome: ReportOutcome) => Promise<void>;

/**
 * Where other modules hear that a report's run settled (webhooks do), without the
 * reports feature knowing them. Called in the process that ran the analysis.
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
   * Tells every listener. Never throws: the run is stored already, and a listener's
   * failure is its own to log.
   */
  async announce(
    status: ReportOutcome['status'],
    accountId: string,
    reportId: string,
    previous: PreviousResult,
  ): Promise<void> {
    if (this.listeners.length === 0) return;
    try {
      const report = await this.reports.findForAccount(accountId, reportId);
      if (!report) return; // deleted meanwhile
      for (const listener of this.listeners) {
        await listener({ status, report, previous }).catch((error: Error) =>
          this.logger.warn(
            `A listener of report ${reportId} failed: ${error.message}`,
          ),
        );
      }
    } catch (error) {
      this.logger.warn(
        `Outcome of report ${reportId} not announced: ${(error as Error).message}`,
      );
    }
  }
}
