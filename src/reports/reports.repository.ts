import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { AnalysisResults, Rating } from '../analysis/index.js';
import type { QueuedRun } from '../analysis-jobs/analysis-subject.js';
import { lockAccounts } from '../database/account-locks.js';
import { Privacy, Report } from './report.entity.js';
import type { ReportError, ReportStatus } from './report.entity.js';
import { nextRunAfter } from '../schedules/schedule.js';
import type { Schedule } from '../schedules/schedule.js';
import { ReportRun } from './runs/report-run.entity.js';
import { ReportRunsRepository } from './runs/report-runs.repository.js';

/** A report as create stores it, queued for its first analysis. */
export interface NewReport {
  accountId: string;
  url: string;
  project: string;
  privacy: Privacy;
  passwordHash: string | null;
  /** Set when the report is shared from the start. */
  shareToken: string | null;
  schedule: Schedule | null;
  nextRunAt: Date | null;
  /** Judged as a browser renders the page. */
  render: boolean;
  /** Also measured in a lab browser. */
  lab: boolean;
}

/** What a write that adds to an account's reports finds of them, under the account's lock. */
export interface AccountReportCounts {
  /** Analyses queued or running. */
  inFlight: number;
  /** Reports with a schedule. */
  scheduled: number;
}

/** Judges whether a write may go ahead on the account's counts; throws to refuse it. */
export type AdmitReports = (counts: AccountReportCounts) => void;

/** The lock (lockAccounts) of the caps on an account's reports: in flight and scheduled. */
const REPORT_CAPS = 'reports';

/** More writes of a settle, in its transaction: they happen if and only if the run settles. */
export type SettleStep = (manager: EntityManager) => Promise<void>;

/** A scheduled run just started: where it goes among its account's, and whether the lab measures it. */
export interface ScheduledRun extends QueuedRun {
  lab: boolean;
}

/** A run as claim starts it: the result the report had before it stays until it completes. */
export interface ClaimedRun {
  url: string;
  /** Judge the page as a browser renders it. */
  render: boolean;
  /** Also measure the page in a lab browser. */
  lab: boolean;
  attempts: number;
  accountId: string;
  /** The latest completed result so far; both null before the first completion. */
  previous: { score: number | null; result: Rating | null };
}

/** What an update writes: privacy, password (as a hash), share token, schedule, a re-run. */
export interface ReportChange {
  privacy?: Privacy;
  passwordHash?: string | null;
  shareToken?: string;
  schedule?: Schedule | null;
  nextRunAt?: Date | null;
  requeue?: boolean;
}

/** What asks for a new run of a report: a re-run request, or its schedule. */
const REQUEUE_COLUMNS: QueryDeepPartialEntity<Report> = {
  status: 'queued',
  run: () => 'run + 1',
  attempts: 0,
};
/** Every selected column of a report, named as the entity names it (see findForAccount). */
const REPORT_COLUMNS = `id, account_id AS "accountId", url, project, status, result,
  score, privacy, password_hash AS "passwordHash", run, attempts,
  share_token AS "shareToken", share_version AS "shareVersion", schedule, render, lab,
  next_run_at AS "nextRunAt", generated_at AS "generatedAt",
  created_at AS "createdAt", updated_at AS "updatedAt", error, results`;
/** What a completed analysis sets on its report. */
export function completedColumns(results: AnalysisResults): Partial<Report> {
  return {
    status: 'completed',
    results,
    score: results.score,
    result: results.rating,
    generatedAt: new Date(),
    error: null,
  };
}

/** What an insert of a new report answers. */
interface InsertedRow {
  id: string;
  created_at: Date;
  updated_at: Date;
}

/** The report a new report's row is, queued for its first analysis (run 1). */
function queuedReport(report: NewReport, row: InsertedRow): Report {
  return Object.assign(new Report(), {
    ...report,
    id: String(row.id),
    status: 'queued',
    result: null,
    score: null,
    run: 1,
    attempts: 0,
    shareVersion: 0,
    generatedAt: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    error: null,
    results: null,
  } satisfies Omit<Report, 'resultRank'>);
}
/**
 * The reports table row by row: reads of one report, creates, changes, deletes, and
 * the lifecycle of its analyses' runs (claim, complete, fail, retry) and schedules.
 * The list's statements are in report-list.repository.ts.
 */
@Injectable()
export class ReportsRepository {
  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly runs: ReportRunsRepository,
  ) {}

  /**
   * One report of the account, with its analysis; null when it has no such report.
   * A written statement, not the query builder: building its SELECT was a tenth of
   * the CPU of a GET of one report (test/bench/RESULTS.md).
   */
  async findForAccount(
    accountId: string,
    id: string,
    manager: EntityManager = this.reports.manager,
  ): Promise<Report | null> {
    const [row]: Report[] = await manager.query(
      `SELECT ${REPORT_COLUMNS} FROM reports WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return row ? Object.assign(new Report(), row) : null;
  }

  /** Whether the account has this report, read without its analysis. */
  async exists(accountId: string, id: string): Promise<boolean> {
    return this.reports.existsBy({ id, accountId });
  }

  /** The report a share token opens (public or password); null otherwise. */
  findShared(shareToken: string): Promise<Report | null> {
    return this.reports.findOneBy({
      shareToken,
      privacy: Not(Privacy.Private),
    });
  }

  /**
   * Stores new reports, queued for their first analysis (run 1), in one statement,
   * answered in the order given, once `admit` has judged the account's counts;
   * `admit` may throw to store none. The counts are read and the reports stored under
   * the account's lock, so creates at the same instant each see the others' reports
   * and no cap is passed.
   */
  insertQueued(reports: NewReport[], admit: AdmitReports): Promise<Report[]> {
    const [accountId] = reports.map((report) => report.accountId);
    return this.reports.manager.transaction(async (manager) => {
      await lockAccounts(manager, REPORT_CAPS, [accountId]);
      admit(await this.countsOf(manager, accountId));
      const rows: InsertedRow[] = await manager.query(
        `INSERT INTO reports (account_id, url, project, status, privacy, password_hash, share_token,
                              schedule, next_run_at, render, lab)
         SELECT $1, item.url, item.project, 'queued', item.privacy, item.password_hash,
                item.share_token, item.schedule, item.next_run_at, item.render, item.lab
         FROM unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::text[], $6::text[],
                     $7::text[], $8::timestamptz[], $9::boolean[], $10::boolean[])
              WITH ORDINALITY AS item(url, project, privacy, password_hash, share_token,
                                      schedule, next_run_at, render, lab, n)
         ORDER BY item.n
         RETURNING id, created_at, updated_at`,
        [
          accountId,
          reports.map((report) => report.url),
          reports.map((report) => report.project),
          reports.map((report) => report.privacy),
          reports.map((report) => report.passwordHash),
          reports.map((report) => report.shareToken),
          reports.map((report) => report.schedule),
          reports.map((report) => report.nextRunAt),
          reports.map((report) => report.render),
          reports.map((report) => report.lab),
        ],
      );
      // Ids are drawn in the order the rows are inserted: the order given.
      const inOrder = rows.sort((a, b) =>
        BigInt(a.id) < BigInt(b.id) ? -1 : 1,
      );
      return reports.map((report, i) => queuedReport(report, inOrder[i]));
    });
  }

  /**
   * Reads the report under a row lock and writes the change `decide` makes of it, in
   * one transaction: two updates at once see each other's result. `decide` also gets
   * the account's counts, read under the account's lock (a requeue or a schedule
   * counts against a cap), and may throw to write nothing. Null when the account has
   * no such report.
   */
  changeLocked(
    accountId: string,
    id: string,
    decide: (locked: Report, counts: AccountReportCounts) => ReportChange,
  ): Promise<Report | null> {
    return this.reports.manager.transaction(async (manager) => {
      const reports = manager.getRepository(Report);
      const locked = await reports.findOne({
        where: { id, accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) return null;
      // After the row's lock, as the schedule tick takes them: never the other way round.
      await lockAccounts(manager, REPORT_CAPS, [accountId]);
      const change = decide(locked, await this.countsOf(manager, accountId));
      const columns: QueryDeepPartialEntity<Report> = {};
      if (change.privacy !== undefined) columns.privacy = change.privacy;
      if (change.passwordHash !== undefined) {
        columns.passwordHash = change.passwordHash;
      }
      if (change.shareToken !== undefined)
        columns.shareToken = change.shareToken;
      if (Object.keys(columns).length > 0) {
        // Cookies of the shared page carry share_version: a privacy, password or token change voids them.
        columns.shareVersion = () => 'share_version + 1';
      }
      if (change.schedule !== undefined) {
        columns.schedule = change.schedule;
        columns.nextRunAt = change.nextRunAt ?? null;
      }
      if (change.requeue) Object.assign(columns, REQUEUE_COLUMNS);
      if (Object.keys(columns).length === 0) return locked;
      await reports.update({ id, accountId }, columns);
      return (await reports.findOneBy({ id }))!;
    });
  }

  /**
   * Starts the runs of up to `limit` scheduled reports due at `now`, in one
   * transaction, and moves each one's next run on (nextRunAfter). Rows another tick
   * holds are skipped (SKIP LOCKED). A report whose analysis is under way joins it,
   * as a re-run request does; one whose account has `maxInFlight` analyses queued or
   * running is postponed to `postponeTo`, to be tried again then. Answers the runs
   * started, whose jobs the caller adds, and how many due reports it took (fewer than
   * `limit`: none is left due).
   */
  runDueSchedules(
    now: Date,
    limit: number,
    maxInFlight: number,
    postponeTo: Date,
  ): Promise<{ started: ScheduledRun[]; taken: number }> {
    return this.reports.manager.transaction(async (manager) => {
      // Taken fairly: every account's first due report before any account's second.
      const due: Array<{
        id: string;
        account_id: string;
        status: ReportStatus;
        schedule: Schedule;
        next_run_at: Date;
        lab: boolean;
      }> = await manager.query(
        `WITH due AS (
           SELECT id, row_number() OVER (PARTITION BY account_id ORDER BY next_run_at, id) AS place
           FROM reports WHERE next_run_at <= $1)
         SELECT r.id, r.account_id, r.status, r.schedule, r.next_run_at, r.lab
         FROM reports r JOIN due ON due.id = r.id
         ORDER BY due.place, r.next_run_at, r.id
         LIMIT $2
         FOR UPDATE OF r SKIP LOCKED`,
        [now, limit],
      );
      if (due.length === 0) return { started: [], taken: 0 };
      const accountIds = [...new Set(due.map((row) => String(row.account_id)))];
      await lockAccounts(manager, REPORT_CAPS, accountIds);
      const counted: Array<{ account_id: string; n: number }> =
        await manager.query(
          `SELECT account_id, count(*)::int AS n FROM reports
           WHERE account_id = ANY($1::bigint[]) AND status IN ('queued', 'running')
           GROUP BY account_id`,
          [accountIds],
        );
      const inFlight = new Map(
        counted.map((row) => [String(row.account_id), row.n]),
      );
      const reports = manager.getRepository(Report);
      const started: ScheduledRun[] = [];
      for (const row of due) {
        const accountId = String(row.account_id);
        const id = String(row.id);
        const underWay = row.status === 'queued' || row.status === 'running';
        const busy = !underWay && (inFlight.get(accountId) ?? 0) >= maxInFlight;
        const columns: QueryDeepPartialEntity<Report> = {
          nextRunAt: busy
            ? postponeTo
            : nextRunAfter(row.schedule, row.next_run_at, now),
        };
        if (!underWay && !busy) Object.assign(columns, REQUEUE_COLUMNS);
        const updated = await reports
          .createQueryBuilder()
          .update()
          .set(columns)
          .where('id = :id', { id })
          .returning(['run'])
          .execute();
        if (underWay || busy) continue;
        const position = (inFlight.get(accountId) ?? 0) + 1;
        inFlight.set(accountId, position);
        const [{ run }] = updated.raw as Array<{ run: number }>;
        started.push({ id, run, accountId, position, lab: row.lab });
      }
      return { started, taken: due.length };
    });
  }

  /** Deletes one report of the account; false when it has no such report. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const result = await this.reports.delete({ id, accountId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Starts the analysis of the report's run `run`: queued (or running, when a worker
   * died on it) becomes running. Null when there is nothing to do: the run is
   * settled, a newer run was asked for, or the report was deleted.
   */
  async claim(id: string, run: number): Promise<ClaimedRun | null> {
    const result = await this.transition(id, run, ['queued', 'running'], {
      status: 'running',
      // The run's first claim starts it; a retry or a dead worker's job keeps that start.
      runStartedAt: () =>
        `CASE WHEN status = 'queued' AND attempts = 0 THEN now() ELSE coalesce(run_started_at, now()) END`,
    })
      .returning('url, render, lab, attempts, account_id, score, result')
      .execute();
    const [row] = result.raw as Array<{
      url: string;
      render: boolean;
      lab: boolean;
      attempts: number;
      account_id: string;
      score: number | null;
      result: Rating | null;
    }>;
    if (!row) return null;
    return {
      url: row.url,
      render: row.render,
      lab: row.lab,
      attempts: row.attempts,
      accountId: String(row.account_id),
      previous: { score: row.score, result: row.result },
    };
  }

  /**
   * Stores a completed analysis as the report's latest result, and as a run of its
   * history; false when the run is not running.
   */
  complete(
    id: string,
    run: number,
    results: AnalysisResults,
    alsoInTransaction?: SettleStep,
  ): Promise<boolean> {
    return this.settle(
      id,
      run,
      completedColumns(results) as QueryDeepPartialEntity<Report>,
      {
        status: 'completed',
        score: results.score,
        result: results.rating,
        results,
        error: null,
      },
      alsoInTransaction,
    );
  }

  /**
   * Marks the run failed (a result of an earlier run stays) and records it in the
   * history; false when it is not running.
   */
  fail(
    id: string,
    run: number,
    error: ReportError,
    alsoInTransaction?: SettleStep,
  ): Promise<boolean> {
    return this.settle(
      id,
      run,
      { status: 'failed', error },
      { status: 'failed', score: null, result: null, results: null, error },
      alsoInTransaction,
    );
  }

  /** Queues the run again after a transient failure, counting it; false when it is not running. */
  async retryLater(id: string, run: number): Promise<boolean> {
    const result = await this.transition(id, run, ['running'], {
      status: 'queued',
      attempts: () => 'attempts + 1',
    }).execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Queued or running reports untouched since `before`, oldest first: their jobs may
   * be lost. Each with its place among its account's (the oldest first).
   */
  async findUnsettledSince(
    before: Date,
    limit: number,
    lab?: boolean,
  ): Promise<QueuedRun[]> {
    const rows: Array<{
      id: string;
      run: number;
      account_id: string;
      position: string;
    }> = await this.reports.query(
      `SELECT id, run, account_id,
              row_number() OVER (PARTITION BY account_id ORDER BY updated_at, id) AS position
       FROM (SELECT id, run, account_id, updated_at FROM reports
             WHERE status IN ('queued', 'running') AND updated_at < $1
               AND ($3::boolean IS NULL OR lab = $3)
             ORDER BY updated_at LIMIT $2) stale
       ORDER BY updated_at`,
      [before, limit, lab ?? null],
    );
    return rows.map((row) => ({
      id: String(row.id),
      run: row.run,
      accountId: String(row.account_id),
      position: Number(row.position),
    }));
  }

  /** The account's analyses queued or running. */
  async inFlightCount(accountId: string): Promise<number> {
    const [row]: Array<{ n: string }> = await this.reports.query(
      `SELECT count(*) AS n FROM reports
       WHERE account_id = $1 AND status IN ('queued', 'running')`,
      [accountId],
    );
    return Number(row.n);
  }

  /** Which of these reports have settled (completed or failed). */
  async settledAmong(ids: string[]): Promise<string[]> {
    const rows = await this.reports.find({
      select: { id: true },
      where: { id: In(ids), status: In(['completed', 'failed']) },
    });
    return rows.map((row) => row.id);
  }

  /** The account's analyses in flight and scheduled reports, read in `manager`'s transaction. */
  private async countsOf(
    manager: EntityManager,
    accountId: string,
  ): Promise<AccountReportCounts> {
    const [row]: Array<{ in_flight: number; scheduled: number }> =
      await manager.query(
        `SELECT (SELECT count(*) FROM reports
                 WHERE account_id = $1 AND status IN ('queued', 'running'))::int AS in_flight,
                (SELECT count(*) FROM reports
                 WHERE account_id = $1 AND schedule IS NOT NULL)::int AS scheduled`,
        [accountId],
      );
    return { inFlight: row.in_flight, scheduled: row.scheduled };
  }

  /**
   * Settles the running run `run` with `columns` and records `outcome` as a run of the
   * report's history, in one transaction: the move is conditional, so a job that runs
   * twice records its run once. False when the run is not running.
   */
  private settle(
    id: string,
    run: number,
    columns: QueryDeepPartialEntity<Report>,
    outcome: Pick<
      ReportRun,
      'status' | 'score' | 'result' | 'results' | 'error'
    >,
    alsoInTransaction?: SettleStep,
  ): Promise<boolean> {
    return this.reports.manager.transaction(async (manager) => {
      const settled = await this.transition(
        id,
        run,
        ['running'],
        columns,
        manager,
      )
        .returning('account_id, run_started_at, updated_at')
        .execute();
      const [row] = settled.raw as Array<{
        account_id: string;
        run_started_at: Date | null;
        updated_at: Date;
      }>;
      if (!row) return false;
      await this.runs.recordIn(
        manager,
        Object.assign(new ReportRun(), {
          reportId: id,
          run,
          accountId: String(row.account_id),
          ...outcome,
          startedAt: row.run_started_at ?? row.updated_at,
          finishedAt: row.updated_at,
        }),
      );
      await alsoInTransaction?.(manager);
      return true;
    });
  }

  /** An UPDATE of the run `run` of report `id`, only while its status is one of `from`. */
  private transition(
    id: string,
    run: number,
    from: ReportStatus[],
    columns: QueryDeepPartialEntity<Report>,
    manager: EntityManager = this.reports.manager,
  ) {
    return manager
      .createQueryBuilder()
      .update(Report)
      .set(columns)
      .where('id = :id AND run = :run AND status IN (:...from)', {
        id,
        run,
        from,
      });
  }
}
