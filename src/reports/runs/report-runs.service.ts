import { Injectable } from '@nestjs/common';
import {
  NotFoundProblem,
  ProblemException,
  ValidationProblem,
} from '../../common/problem.js';
import { ReportsRepository } from '../reports.repository.js';
import type { DiffRunsQuery } from './dto/diff-runs.query.js';
import { countThenPage } from '../../common/pagination/paginate.js';
import type { NumberedPage } from '../../common/pagination/paginate.js';
import type { PageQuery } from '../../common/pagination/page.query.js';
import type { ReportRun } from './report-run.entity.js';
import { ReportRunsRepository } from './report-runs.repository.js';
import type { ScorePoint } from './report-runs.repository.js';
import { diffResults } from './run-diff.js';
import type { ResultsDiff } from './run-diff.js';

/** Two completed runs and what changed between them. */
export interface RunComparison {
  from: ReportRun;
  to: ReportRun;
  diff: ResultsDiff;
}

const NO_REPORT = 'There is no such report.';

/** The rules of a report's run history: whose runs, which runs compare. */
@Injectable()
export class ReportRunsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly runs: ReportRunsRepository,
  ) {}

  /** The report's kept runs, newest first; 404 when the account has no such report. */
  async list(
    accountId: string,
    reportId: string,
    query: PageQuery,
  ): Promise<NumberedPage<ReportRun>> {
    await this.assertReport(accountId, reportId);
    return countThenPage(
      query,
      () => this.runs.countFor(accountId, reportId),
      (offset, limit) => this.runs.pageFor(accountId, reportId, offset, limit),
    );
  }

  /** One kept run with its results; 404 for an unknown report or run. */
  async get(
    accountId: string,
    reportId: string,
    run: number,
  ): Promise<ReportRun> {
    const found = await this.runs.find(accountId, reportId, run);
    if (found) return found;
    await this.assertReport(accountId, reportId);
    throw new NotFoundProblem(`Run ${run} of this report is not kept.`);
  }

  /**
   * What changed from run `from` to run `to`. Both must be completed runs: a named
   * failed run answers 422 naming its parameter; without a name, `to` is the latest
   * completed run and `from` the completed run before `to`, and 409 when there are
   * not two to compare.
   */
  async diff(
    accountId: string,
    reportId: string,
    query: DiffRunsQuery,
  ): Promise<RunComparison> {
    await this.assertReport(accountId, reportId);
    const toNumber =
      query.to ?? (await this.runs.latestCompleted(accountId, reportId, 1))[0];
    const fromNumber =
      query.from ??
      (toNumber === undefined
        ? undefined
        : (
            await this.runs.latestCompleted(accountId, reportId, 1, toNumber)
          )[0]);
    if (toNumber === undefined || fromNumber === undefined) {
      throw new ProblemException(
        409,
        'This report has no two completed runs to compare by default; name them with from and to.',
      );
    }
    const [from, to] = await Promise.all([
      this.runs.find(accountId, reportId, fromNumber),
      this.runs.find(accountId, reportId, toNumber),
    ]);
    const missing = [
      [from, fromNumber],
      [to, toNumber],
    ].find(([run]) => run === null);
    if (missing) {
      throw new NotFoundProblem(
        `Run ${missing[1] as number} of this report is not kept.`,
      );
    }
    const errors: Record<string, string[]> = {};
    for (const [name, run] of [
      ['from', from!],
      ['to', to!],
    ] as const) {
      if (!run.results) {
        errors[name] = [
          `${name} names run ${run.run}, which failed and has no results to compare`,
        ];
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationProblem(errors);
    return {
      from: from!,
      to: to!,
      diff: diffResults(from!.results!, to!.results!),
    };
  }

  /** The scores of the report's kept completed runs, oldest first (the shared page's chart). */
  scoreHistory(reportId: string): Promise<ScorePoint[]> {
    return this.runs.scoreHistory(reportId);
  }

  private async assertReport(
    accountId: string,
    reportId: string,
  ): Promise<void> {
    if (!(await this.reports.exists(accountId, reportId))) {
      throw new NotFoundProblem(NO_REPORT);
    }
  }
}
