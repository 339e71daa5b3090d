import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { ReportRun } from './report-run.entity.js';

import type { ScorePoint } from '../../common/svg-charts.js';

/** A point of a report's score history is one completed run. */
export type { ScorePoint };

/** What a list of runs shows of each: everything but the full results. */
const SUMMARY_COLUMNS = [
  'run.reportId',
  'run.run',
  'run.accountId',
  'run.status',
  'run.score',
  'run.result',
  'run.error',
  'run.startedAt',
  'run.finishedAt',
];

/** Every statement on the report_runs table. */
@Injectable()
export class ReportRunsRepository {
  /** Runs kept per report (RUN_HISTORY_LIMIT): older ones go when a new one is recorded. */
  private readonly keep: number;

  constructor(
    @InjectRepository(ReportRun) private readonly runs: Repository<ReportRun>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keep = config.runHistoryLimit;
  }

  /**
   * Records a settled run and prunes the report's runs beyond the newest `keep`, with
   * `manager`: in the transaction that settles the report, so a run is recorded once.
   */
  async recordIn(manager: EntityManager, run: ReportRun): Promise<void> {
    await manager.insert(ReportRun, run as QueryDeepPartialEntity<ReportRun>);
    await manager.query(
      `DELETE FROM report_runs
       WHERE report_id = $1
         AND run <= (SELECT run FROM report_runs WHERE report_id = $1
                     ORDER BY run DESC OFFSET $2 LIMIT 1)`,
      [run.reportId, this.keep],
    );
  }

  /** How many runs of the report are kept (at most RUN_HISTORY_LIMIT). */
  countFor(accountId: string, reportId: string): Promise<number> {
    return this.runs.countBy({ accountId, reportId });
  }

  /** A page of the report's runs, newest first, without their results. */
  pageFor(
    accountId: string,
    reportId: string,
    offset: number,
    limit: number,
  ): Promise<ReportRun[]> {
    return this.runs
      .createQueryBuilder('run')
      .select(SUMMARY_COLUMNS)
      .where('run.report_id = :reportId AND run.account_id = :accountId', {
        reportId,
        accountId,
      })
      .orderBy('run.run', 'DESC')
      .offset(offset)
      .limit(limit)
      .getMany();
  }

  /** One run with its results; null when the report has no such run kept. */
  find(
    accountId: string,
    reportId: string,
    run: number,
  ): Promise<ReportRun | null> {
    return this.runs.findOneBy({ accountId, reportId, run });
  }

  /**
   * The newest completed run numbers of the report, newest first, at most `limit`,
   * and below `before` when it is given.
   */
  async latestCompleted(
    accountId: string,
    reportId: string,
    limit: number,
    before?: number,
  ): Promise<number[]> {
    const query = this.runs
      .createQueryBuilder('run')
      .select('run.run', 'run')
      .where('run.report_id = :reportId AND run.account_id = :accountId', {
        reportId,
        accountId,
      })
      .andWhere(`run.status = 'completed'`)
      .orderBy('run.run', 'DESC')
      .limit(limit);
    if (before !== undefined) query.andWhere('run.run < :before', { before });
    const rows = await query.getRawMany<{ run: number }>();
    return rows.map((row) => Number(row.run));
  }

  /** The scores of the report's kept completed runs, oldest first. */
  async scoreHistory(reportId: string): Promise<ScorePoint[]> {
    const rows = await this.runs
      .createQueryBuilder('run')
      .select(['run.run', 'run.score', 'run.finishedAt'])
      .where(`run.report_id = :reportId AND run.status = 'completed'`, {
        reportId,
      })
      .orderBy('run.run', 'DESC')
      .limit(this.keep)
      .getMany();
    return rows.reverse().map((row) => ({
      run: row.run,
      score: row.score!,
      finishedAt: row.finishedAt,
    }));
  }
}
