import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Not, Repository } from 'typeorm';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { AnalysisResults, Rating } from '../analysis/index.js';
import type { SortKey } from './dto/list-reports.query.js';
import type { ListCursor } from './list-cursor.js';
import { Privacy, Report } from './report.entity.js';
import type { ReportError, ReportStatus } from './report.entity.js';
import { nextRunAfter } from './schedule.js';
import type { Schedule } from './schedule.js';
import { ReportRun } from './runs/report-run.entity.js';
import { ReportRunsRepository } from './runs/report-runs.repository.js';

/** The filters and order of a list, named as the API names them. */
export interface ReportListFilter {
  search?: string;
  project?: string;
  result?: Rating;
  sort_by: SortKey;
  sort: 'asc' | 'desc';
}

/** A list's total, and whether it is exact or an estimate (searches past EXACT_SEARCH_TOTAL). */
export interface ListTotal {
  total: number;
  exact: boolean;
}

/**
 * Which rows of the ordered list a page reads; `total` is the count taken first. With
 * a cursor, the `limit` rows next to its position on its side, and `offset` is unused.
 */
export interface ReportListWindow {
  offset: number;
  limit: number;
  total?: number;
  cursor?: ListCursor;
}

/** A report of a page, with its value of the sort key as a cursor carries it. */
export interface PageRow {
  report: Report;
  sortValue: string | null;
}

/** What a search's sample met: matches, reports read, the oldest one's id. */
interface Sampled {
  matches: number;
  examined: number;
  lastId: string | null;
}

/** A statement as it is sent, for EXPLAIN in the list-index tests and the benchmark. */
export interface Statement {
  sql: string;
  parameters: unknown[];
  /** Planner settings it runs under, SET LOCAL in its own transaction. */
  settings?: Record<string, string>;
}

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
}

/** More writes of a settle, in its transaction: they happen if and only if the run settles. */
export type SettleStep = (manager: EntityManager) => Promise<void>;

/** A run as claim starts it: the result the report had before it stays until it completes. */
export interface ClaimedRun {
  url: string;
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

/**
 * The column of each sort key besides id, which breaks its ties. Only the nullable
 * ones sort NULLS LAST explicitly: url is NOT NULL, and `url DESC NULLS LAST` would
 * not match a backward scan of its index (which gives DESC NULLS FIRST). `unindexed`
 * is the same order through an expression no index holds (see listPageQuery).
 */
const SORT_COLUMNS: Record<
  SortKey,
  { column: string; type: string; nullable: boolean; unindexed: string } | null
> = {
  id: null,
  generated_at: {
    column: 'report.generated_at',
    type: 'timestamptz',
    nullable: true,
    unindexed: 'report.generated_at + make_interval()',
  },
  url: {
    column: 'report.url',
    type: 'varchar',
    nullable: false,
    unindexed: 'concat(report.url)',
  },
  result: {
    column: 'report.result_rank',
    type: 'smallint',
    nullable: true,
    unindexed: 'report.result_rank + 0',
  },
};

/**
 * Each report's value of the sort key as a cursor carries it: text that casts back
 * to the same value (generated_at to the microsecond, which a JS Date would lose).
 */
const CURSOR_VALUES: Record<SortKey, string> = {
  id: 'NULL',
  generated_at: `to_char(report.generated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  url: 'report.url',
  result: 'CAST(report.result_rank AS text)',
};

/** Every selected column of a report, named as the entity names it (see findForAccount). */
const REPORT_COLUMNS = `id, account_id AS "accountId", url, project, status, result,
  score, privacy, password_hash AS "passwordHash", run, attempts,
  share_token AS "shareToken", share_version AS "shareVersion", schedule,
  next_run_at AS "nextRunAt", generated_at AS "generatedAt",
  created_at AS "createdAt", updated_at AS "updatedAt", error, results`;

/** What a list shows of each report: everything but the analysis and the password. */
const SUMMARY_COLUMNS = [
  'report.id',
  'report.url',
  'report.project',
  'report.status',
  'report.result',
  'report.score',
  'report.privacy',
  'report.generatedAt',
  'report.createdAt',
  'report.updatedAt',
  'report.error',
  'report.schedule',
  'report.nextRunAt',
];

/**
 * A search with at most this many matches in the account sorts its matches rather
 * than walking the account in order: the planner judges a term by the whole table,
 * and a term common elsewhere but rare here made it walk a million rows for a page.
 */
const FEW_MATCHES = 2_000;

/**
 * A page this far into its list picks its ids from the sort's index first (an
 * index-only scan), then reads its rows: OFFSET 49,990 read 50,000 rows (2,386
 * pages, 12 ms) to throw all but ten away.
 */
const DEEP_OFFSET = 1_000;

/**
 * A search counts its matches exactly up to this many (one more is read to know it
 * is past); beyond, the total is an estimate. The same bound as FEW_MATCHES: an exact
 * total is what lets a page sort a search's few matches.
 */
export const EXACT_SEARCH_TOTAL = FEW_MATCHES;

/**
 * How many of the newest reports a search's count reads first, to judge its term: a
 * term the sample projects to few matches is counted through the trigram index, a
 * common one by walking on. About a millisecond of index entries.
 */
export const SEARCH_SAMPLE = 2_000;

/**
 * How many of the newest reports the walk of a common term reads at most (sample
 * included) before it turns to the trigram index: a term in more than one in 25 of
 * them is past the bound by then. Reading them costs about 8 ms at most.
 */
export const SEARCH_WALK = 50_000;

/** How far a search's count reads the newest reports: the sample, then the walk. */
export interface SearchReach {
  sample: number;
  walk: number;
}

/**
 * Whether a sample of `examined` reports with `matches` among them leaves it likely
 * that at most EXACT_SEARCH_TOTAL of the `kept` reports match: the matches less two
 * standard deviations (a Poisson count), projected. Such a term is counted through
 * the trigram index first (its bitmap is small, the count exact); a term the sample
 * shows to be past the bound is walked instead.
 */
export function mayBeFew(
  matches: number,
  examined: number,
  kept: number,
): boolean {
  const low = Math.max(0, matches - 2 * Math.sqrt(matches));
  return (low / examined) * kept <= EXACT_SEARCH_TOTAL;
}

/**
 * How long a term the sample judged rare may take in the trigram index: a term rare
 * among the newest reports but common among older ones builds a large bitmap, and is
 * cut short and walked.
 */
export const TRIGRAM_FIRST_MS = 50;

/** PostgreSQL's SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** The planner settings of a count through the trigram index: bitmap scans only. */
const TRIGRAM_COUNT_SETTINGS = {
  enable_seqscan: 'off',
  enable_indexscan: 'off',
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The pattern of a walk, tested against url_folded (UrlFolded): the term lowered as
 * PostgreSQL's lower() in the C collation does, ASCII letters only.
 */
function foldedPattern(text: string): string {
  return likePattern(text.replace(/[A-Z]/g, (c) => c.toLowerCase()));
}

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

function statementOf(builder: SelectQueryBuilder<Report>): Statement {
  const [sql, parameters] = builder.getQueryAndParameters();
  return { sql, parameters };
}

/** Every statement on the reports table, named by what it answers. */
@Injectable()
export class ReportsRepository {
  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly runs: ReportRunsRepository,
  ) {}

  /**
   * How many of the account's reports the filter keeps. Without a search, the kept
   * count of report_counts (migration ReportCounts): one row, exact. A search reads a
   * sample of the newest reports the other filters keep (searchSampleStatement): a term
   * it projects to few matches is counted through the account's trigram index, exact
   * up to EXACT_SEARCH_TOTAL; a common one walks on until more than that many match,
   * and its total is estimated from how far the walk went (flagged inexact). Each
   * statement run is handed to `ran`, for the benchmark to time the same ones.
   */
  async countMatching(
    accountId: string,
    filter: ReportListFilter,
    reach: SearchReach = { sample: SEARCH_SAMPLE, walk: SEARCH_WALK },
    ran: (statement: Statement) => void = () => {},
  ): Promise<ListTotal> {
    if (!filter.search) {
      return {
        total: await this.keptCount(accountId, filter, ran),
        exact: true,
      };
    }
    const kept = await this.keptCount(
      accountId,
      { ...filter, search: undefined },
      ran,
    );
    const need = EXACT_SEARCH_TOTAL + 1;
    const sample = await this.sample(accountId, filter, reach.sample, ran);
    // Fewer than the sample holds: it read every report the filters keep.
    if (sample.examined < reach.sample) {
      return { total: sample.matches, exact: true };
    }
    // The share of matches a walk met, applied to every report the filters keep.
    const estimate = (matches: number, examined: number): ListTotal => ({
      total: Math.max(
        need,
        Math.min(kept, Math.round((matches / examined) * kept)),
      ),
      exact: false,
    });
    let counted: number | null = null;
    if (mayBeFew(sample.matches, sample.examined, kept)) {
      counted = await this.trigramCount(
        accountId,
        filter,
        ran,
        TRIGRAM_FIRST_MS,
      );
      if (counted !== null && counted < need) {
        return { total: counted, exact: true };
      }
    }
    const walked = await this.walkMatches(
      accountId,
      filter,
      reach.walk,
      sample,
      ran,
    );
    if (walked.matches >= need) {
      return estimate(walked.matches, walked.examined);
    }
    if (kept <= reach.walk) return { total: walked.matches, exact: true };
    // Fewer than the bound among the newest: the trigram index tells how many in all.
    counted ??= await this.trigramCount(accountId, filter, ran);
    if (counted !== null && counted < need) {
      return { total: counted, exact: true };
    }
    return estimate(walked.matches, walked.examined);
  }

  /**
   * One page of the account's filtered, ordered reports, without their analyses, in
   * list order. From a cursor, the reports with a value of the sort key are read
   * apart from those without one (which come last): each part is one range of the
   * sort's index, where one query would need an OR the index cannot serve.
   */
  async page(
    accountId: string,
    filter: ReportListFilter,
    window: ReportListWindow,
  ): Promise<PageRow[]> {
    const rows: PageRow[] = [];
    for (const part of this.listPageQueries(accountId, filter, window)) {
      if (rows.length >= window.limit) break;
      const { entities, raw } = await part
        .limit(window.limit - rows.length)
        .getRawAndEntities<{ sort_value: string | null }>();
      entities.forEach((report, i) =>
        rows.push({ report, sortValue: raw[i].sort_value }),
      );
    }
    return window.cursor?.towards === 'prev' ? rows.reverse() : rows;
  }

  /** The one row of report_counts that holds a total without a search. */
  keptCountStatement(accountId: string, filter: ReportListFilter): Statement {
    return {
      sql: `SELECT n FROM report_counts
            WHERE account_id = $1 AND project = $2 AND result = $3`,
      parameters: [
        accountId,
        filter.project?.toLowerCase() ?? '',
        filter.result ?? '',
      ],
    };
  }

  /**
   * The sample of a search's count: how many of the newest `sample` reports the
   * other filters keep match, how many there were (fewer: every one of them), and
   * the id of the oldest, where a walk goes on from.
   */
  searchSampleStatement(
    accountId: string,
    filter: ReportListFilter,
    sample = SEARCH_SAMPLE,
  ): Statement {
    const { sql, parameters } = this.newestStatement(accountId, filter, sample);
    return {
      sql: `SELECT COUNT(*) FILTER (WHERE url LIKE $${parameters.length + 1} ESCAPE '\\') AS matches,
                   COUNT(*) AS examined, MIN(id) AS last_id
            FROM (${sql}) newest`,
      parameters: [...parameters, foldedPattern(filter.search ?? '')],
    };
  }

  /**
   * The walk of a common term's count: the newest `walk` reports the other filters
   * keep, until EXACT_SEARCH_TOTAL + 1 of them match. Given the sample (`after`), it
   * goes on past the sample's reports with what is left of both. Answers the matches
   * it met and the id of the last (see walkedStatement).
   */
  searchWalkStatement(
    accountId: string,
    filter: ReportListFilter,
    walk = SEARCH_WALK,
    after?: Sampled,
  ): Statement {
    const { sql, parameters } = this.newestStatement(
      accountId,
      filter,
      walk - (after?.examined ?? 0),
      after?.lastId ?? undefined,
    );
    const need = EXACT_SEARCH_TOTAL + 1 - (after?.matches ?? 0);
    return {
      sql: `SELECT COUNT(*) AS matches, MIN(id) AS last_id
            FROM (SELECT id FROM (${sql}) newest
                  WHERE url LIKE $${parameters.length + 1} ESCAPE '\\'
                  LIMIT ${need}) matched`,
      parameters: [...parameters, foldedPattern(filter.search ?? '')],
    };
  }

  /**
   * How many reports the walk of a common term read: those the other filters keep
   * from the last match it met (`lastId`) on, counted in the same index.
   */
  walkedStatement(
    accountId: string,
    filter: ReportListFilter,
    lastId: string,
  ): Statement {
    return statementOf(
      this.listFilter(accountId, { ...filter, search: undefined })
        .select('COUNT(*)', 'n')
        .andWhere('report.id >= :lastId', { lastId }),
    );
  }

  /**
   * The newest `limit` reports the other filters keep (older than `before`, if
   * given), with their folded url, in id order.
   */
  private newestStatement(
    accountId: string,
    filter: ReportListFilter,
    limit: number,
    before?: string,
  ): Statement {
    const newest = this.listFilter(accountId, { ...filter, search: undefined })
      .select('report.id', 'id')
      .addSelect('report.url_folded', 'url');
    if (before) newest.andWhere('report.id < :before', { before });
    return statementOf(
      newest.orderBy('report.id', 'DESC', 'NULLS LAST').limit(limit),
    );
  }

  /**
   * A search's count through the account's trigram index: a COUNT(*) of at most
   * EXACT_SEARCH_TOTAL + 1 matches. Run with the planner kept off sequential and
   * plain index scans (`settings`): its estimate of a term, taken over every account,
   * would otherwise walk the table or the account hoping to meet matches early.
   */
  listCountStatement(
    accountId: string,
    filter: ReportListFilter,
    timeoutMs?: number,
  ): Statement {
    const { sql, parameters } = statementOf(
      this.listFilter(accountId, filter)
        .select('1')
        .limit(EXACT_SEARCH_TOTAL + 1),
    );
    return {
      sql: `SELECT COUNT(*) AS total FROM (${sql}) matches`,
      parameters,
      settings: {
        ...TRIGRAM_COUNT_SETTINGS,
        ...(timeoutMs ? { statement_timeout: `${timeoutMs}ms` } : {}),
      },
    };
  }

  /** The statements of a page, one per part read (see page). */
  listPageStatements(
    accountId: string,
    filter: ReportListFilter,
    window: ReportListWindow,
  ): Statement[] {
    return this.listPageQueries(accountId, filter, window).map((part) =>
      statementOf(part.limit(window.limit)),
    );
  }

  listPageStatement(
    accountId: string,
    filter: ReportListFilter,
    window: ReportListWindow,
  ): Statement {
    return this.listPageStatements(accountId, filter, window)[0];
  }

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
   * Stores a new report, queued for its first analysis (run 1), unless its account
   * already has `maxInFlight` analyses queued or running: then 'busy', nothing stored.
   * One statement, no lock: creates at the same instant may pass the cap by as many
   * as are in flight together, a bound on fairness rather than an exact quota.
   */
  async insertQueued(
    report: NewReport,
    maxInFlight: number,
  ): Promise<Report | 'busy'> {
    const rows: InsertedRow[] = await this.reports.query(
      `INSERT INTO reports (account_id, url, project, status, privacy, password_hash, share_token,
                            schedule, next_run_at)
       SELECT $1, $2, $3, 'queued', $4, $5, $7, $8, $9
       WHERE (SELECT count(*) FROM reports
              WHERE account_id = $1 AND status IN ('queued', 'running')) < $6
       RETURNING id, created_at, updated_at`,
      [
        report.accountId,
        report.url,
        report.project,
        report.privacy,
        report.passwordHash,
        maxInFlight,
        report.shareToken,
        report.schedule,
        report.nextRunAt,
      ],
    );
    if (rows.length === 0) return 'busy';
    return queuedReport(report, rows[0]);
  }

  /**
   * Stores every report of a batch, queued, in one statement, or none of them when
   * the account's analyses in flight and the batch together would pass `maxInFlight`:
   * then 'busy'. The reports are answered in the batch's order.
   */
  async insertQueuedBatch(
    reports: NewReport[],
    maxInFlight: number,
  ): Promise<Report[] | 'busy'> {
    const [accountId] = reports.map((report) => report.accountId);
    const rows: InsertedRow[] = await this.reports.query(
      `INSERT INTO reports (account_id, url, project, status, privacy, password_hash, share_token,
                            schedule, next_run_at)
       SELECT $1, item.url, item.project, 'queued', item.privacy, item.password_hash,
              item.share_token, item.schedule, item.next_run_at
       FROM unnest($2::varchar[], $3::varchar[], $4::smallint[], $5::text[], $6::text[],
                   $9::text[], $10::timestamptz[])
            WITH ORDINALITY AS item(url, project, privacy, password_hash, share_token,
                                    schedule, next_run_at, n)
       WHERE (SELECT count(*) FROM reports
              WHERE account_id = $1 AND status IN ('queued', 'running')) + $7 <= $8
       ORDER BY item.n
       RETURNING id, created_at, updated_at`,
      [
        accountId,
        reports.map((report) => report.url),
        reports.map((report) => report.project),
        reports.map((report) => report.privacy),
        reports.map((report) => report.passwordHash),
        reports.map((report) => report.shareToken),
        reports.length,
        maxInFlight,
        reports.map((report) => report.schedule),
        reports.map((report) => report.nextRunAt),
      ],
    );
    if (rows.length === 0) return 'busy';
    // Ids are drawn in the order the rows are inserted: the batch's order.
    const inOrder = rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    return reports.map((report, i) => queuedReport(report, inOrder[i]));
  }

  /**
   * Reads the report under a row lock and writes the change `decide` makes of it, in
   * one transaction: two updates at once see each other's result. `decide` may throw
   * to write nothing. A requeue asks for a new run, unless the account already has
   * `maxInFlight` analyses queued or running: then 'busy' and nothing is written.
   * Null when the account has no such report.
   */
  changeLocked(
    accountId: string,
    id: string,
    decide: (locked: Report) => ReportChange,
    maxInFlight: number,
  ): Promise<Report | 'busy' | null> {
    return this.reports.manager.transaction(async (manager) => {
      const reports = manager.getRepository(Report);
      const locked = await reports.findOne({
        where: { id, accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) return null;
      const change = decide(locked);
      if (
        change.requeue &&
        (await manager.getRepository(Report).countBy({
          accountId,
          status: In(['queued', 'running']),
        })) >= maxInFlight
      ) {
        return 'busy';
      }
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
   * started, whose jobs the caller adds.
   */
  runDueSchedules(
    now: Date,
    limit: number,
    maxInFlight: number,
    postponeTo: Date,
  ): Promise<Array<{ id: string; run: number }>> {
    return this.reports.manager.transaction(async (manager) => {
      const due: Array<{
        id: string;
        account_id: string;
        status: ReportStatus;
        schedule: Schedule;
        next_run_at: Date;
      }> = await manager.query(
        `SELECT id, account_id, status, schedule, next_run_at FROM reports
         WHERE next_run_at <= $1
         ORDER BY next_run_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      if (due.length === 0) return [];
      const counted: Array<{ account_id: string; n: number }> =
        await manager.query(
          `SELECT account_id, count(*)::int AS n FROM reports
           WHERE account_id = ANY($1::bigint[]) AND status IN ('queued', 'running')
           GROUP BY account_id`,
          [[...new Set(due.map((row) => row.account_id))]],
        );
      const inFlight = new Map(
        counted.map((row) => [String(row.account_id), row.n]),
      );
      const reports = manager.getRepository(Report);
      const started: Array<{ id: string; run: number }> = [];
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
        inFlight.set(accountId, (inFlight.get(accountId) ?? 0) + 1);
        const [{ run }] = updated.raw as Array<{ run: number }>;
        started.push({ id, run });
      }
      return started;
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
      .returning('url, attempts, account_id, score, result')
      .execute();
    const [row] = result.raw as Array<{
      url: string;
      attempts: number;
      account_id: string;
      score: number | null;
      result: Rating | null;
    }>;
    if (!row) return null;
    return {
      url: row.url,
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

  /** Queued or running reports untouched since `before`, oldest first: their jobs may be lost. */
  async findUnsettledSince(
    before: Date,
    limit: number,
  ): Promise<Array<{ id: string; run: number }>> {
    const rows = await this.reports.find({
      select: { id: true, run: true },
      where: { status: In(['queued', 'running']), updatedAt: LessThan(before) },
      order: { updatedAt: 'ASC' },
      take: limit,
    });
    return rows.map(({ id, run }) => ({ id, run }));
  }

  /** Which of these reports have settled (completed or failed). */
  async settledAmong(ids: string[]): Promise<string[]> {
    const rows = await this.reports.find({
      select: { id: true },
      where: { id: In(ids), status: In(['completed', 'failed']) },
    });
    return rows.map((row) => row.id);
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

  /** The kept count of the account's reports under the project and result filters. */
  private async keptCount(
    accountId: string,
    filter: ReportListFilter,
    ran: (statement: Statement) => void,
  ): Promise<number> {
    const rows = await this.read<{ n: string }>(
      this.keptCountStatement(accountId, filter),
      ran,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The rows of a statement of a count, handed to `ran` first. */
  private read<Row>(
    statement: Statement,
    ran: (statement: Statement) => void,
  ): Promise<Row[]> {
    ran(statement);
    return this.reports.query(statement.sql, statement.parameters);
  }

  /** The sample of a search's count (searchSampleStatement), read. */
  private async sample(
    accountId: string,
    filter: ReportListFilter,
    sample: number,
    ran: (statement: Statement) => void,
  ): Promise<Sampled> {
    const [row] = await this.read<{
      matches: string;
      examined: string;
      last_id: string | null;
    }>(this.searchSampleStatement(accountId, filter, sample), ran);
    return {
      matches: Number(row.matches),
      examined: Number(row.examined),
      lastId: row.last_id,
    };
  }

  /**
   * The newest reports' matches, the sample's and the walk's past it
   * (searchWalkStatement), and, past the bound, how many reports were read to meet
   * them, counted from the newest.
   */
  private async walkMatches(
    accountId: string,
    filter: ReportListFilter,
    walk: number,
    sample: Sampled,
    ran: (statement: Statement) => void,
  ): Promise<{ matches: number; examined: number }> {
    if (walk <= sample.examined) return { ...sample, examined: walk };
    const [row] = await this.read<{ matches: string; last_id: string | null }>(
      this.searchWalkStatement(accountId, filter, walk, sample),
      ran,
    );
    const matches = sample.matches + Number(row.matches);
    if (matches <= EXACT_SEARCH_TOTAL) return { matches, examined: walk };
    const [read] = await this.read<{ n: string }>(
      this.walkedStatement(accountId, filter, row.last_id!),
      ran,
    );
    return { matches, examined: Number(read.n) };
  }

  /**
   * A search's matches through the trigram index, up to the bound (listCountStatement);
   * null when it took longer than `timeoutMs`.
   */
  private async trigramCount(
    accountId: string,
    filter: ReportListFilter,
    ran: (statement: Statement) => void,
    timeoutMs?: number,
  ): Promise<number | null> {
    const statement = this.listCountStatement(accountId, filter, timeoutMs);
    ran(statement);
    try {
      return await this.countUnder(
        statement.settings!,
        statement.sql,
        statement.parameters,
      );
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED) return null;
      throw error;
    }
  }

  /** A COUNT statement under planner settings, SET LOCAL in its own transaction. */
  private countUnder(
    settings: Record<string, string>,
    sql: string,
    parameters: unknown[],
  ): Promise<number> {
    return this.reports.manager.transaction(async (db) => {
      await db.query(
        `SELECT ${Object.keys(settings)
          .map((name, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`)
          .join(', ')}`,
        Object.entries(settings).flat(),
      );
      const [counted]: Array<{ total: string }> = await db.query(
        sql,
        parameters,
      );
      return Number(counted?.total ?? 0);
    });
  }

  /**
   * The queries of a page, in the order they are read: one, or from a cursor on a
   * nullable sort key, the part with values and the part without (see page).
   */
  private listPageQueries(
    accountId: string,
    filter: ReportListFilter,
    window: ReportListWindow,
  ): Array<SelectQueryBuilder<Report>> {
    const { cursor } = window;
    // Every row under a result filter has the same rank: that order is id order.
    const sortBy =
      filter.sort_by === 'result' && filter.result ? 'id' : filter.sort_by;
    const sort = SORT_COLUMNS[sortBy];
    const listed = filter.sort === 'asc' ? 'ASC' : 'DESC';
    // Before a cursor, the list is read backwards from it and turned round after.
    const flipped = listed === 'ASC' ? 'DESC' : 'ASC';
    const direction = cursor?.towards === 'prev' ? flipped : listed;
    // A search with more matches than FEW_MATCHES walks the sort's index, filtering.
    const walks =
      Boolean(filter.search) &&
      window.total !== undefined &&
      window.total > FEW_MATCHES;
    const deep = !cursor && window.offset >= DEEP_OFFSET;
    const part = (where?: (builder: SelectQueryBuilder<Report>) => void) => {
      const builder = this.listFilter(accountId, filter, walks)
        .select(SUMMARY_COLUMNS)
        .addSelect(CURSOR_VALUES[filter.sort_by], 'sort_value');
      where?.(builder);
      const ordered = this.ordered(
        builder,
        filter,
        sortBy,
        direction,
        window.total,
      );
      if (!walks && !deep) return ordered;
      // The walk (or a deep page's OFFSET) picks the page's ids from the sort's index
      // alone (the folded url is there), and only the page's rows are read: the rows
      // it passes by are never fetched.
      const ids = ordered.clone().select('report.id').limit(window.limit);
      const page = this.reports
        .createQueryBuilder('report')
        .select(SUMMARY_COLUMNS)
        .addSelect(CURSOR_VALUES[filter.sort_by], 'sort_value')
        .where(`report.id IN (${ids.getQuery()})`)
        .setParameters(ids.getParameters());
      return this.ordered(page, filter, sortBy, direction, undefined);
    };
    if (!cursor) return [part((b) => b.offset(window.offset))];
    const beyond = direction === 'ASC' ? '>' : '<';
    const at = { cursorId: cursor.id, cursorValue: cursor.value };
    if (!sort) {
      return [part((b) => b.andWhere(`report.id ${beyond} :cursorId`, at))];
    }
    const valued = `(${sort.column}, report.id) ${beyond} (CAST(:cursorValue AS ${sort.type}), :cursorId)`;
    if (!sort.nullable) return [part((b) => b.andWhere(valued, at))];
    const withValue = (b: SelectQueryBuilder<Report>) =>
      b.andWhere(`${sort.column} IS NOT NULL`);
    const withoutValue = (b: SelectQueryBuilder<Report>) =>
      b.andWhere(`${sort.column} IS NULL`);
    const nullsAfter = (b: SelectQueryBuilder<Report>) =>
      withoutValue(b).andWhere(`report.id ${beyond} :cursorId`, at);
    if (cursor.towards === 'next') {
      // Reports without a value come after every report with one.
      return cursor.value === null
        ? [part(nullsAfter)]
        : [part((b) => b.andWhere(valued, at)), part(withoutValue)];
    }
    return cursor.value === null
      ? [part(nullsAfter), part(withValue)]
      : [part((b) => b.andWhere(valued, at))];
  }

  /**
   * The order of a page. Each order matches an index of the account (migration
   * ListSortIndexes), so a page is read in index order and nothing is sorted but the
   * matches of a trigram search. Given the count (`total`), a search with few
   * matches orders by expressions no index holds, so the planner fetches the matches
   * from the trigram index and sorts them instead of walking the account hoping to
   * meet them.
   */
  private ordered(
    builder: SelectQueryBuilder<Report>,
    filter: ReportListFilter,
    sortBy: SortKey,
    direction: 'ASC' | 'DESC',
    total: number | undefined,
  ): SelectQueryBuilder<Report> {
    const sortMatches =
      Boolean(filter.search) && total !== undefined && total <= FEW_MATCHES;
    const sort = SORT_COLUMNS[sortBy];
    if (sortMatches) {
      if (sort) {
        builder.orderBy(
          sort.unindexed,
          direction,
          sort.nullable ? 'NULLS LAST' : undefined,
        );
      }
      return builder.addOrderBy('report.id + 0', direction);
    }
    if (!sort) {
      // id is never null: NULLS FIRST ascending (LAST descending) is plain id order,
      // which the account's (…, id NULLS FIRST) indexes give and the primary key,
      // holding every account, does not.
      return builder.orderBy(
        'report.id',
        direction,
        direction === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST',
      );
    }
    return builder
      .orderBy(sort.column, direction, sort.nullable ? 'NULLS LAST' : undefined)
      .addOrderBy('report.id', direction);
  }

  /** The account's rows that the list's filters keep. */
  private listFilter(
    accountId: string,
    filter: ReportListFilter,
    walked = false,
  ): SelectQueryBuilder<Report> {
    const builder = this.reports
      .createQueryBuilder('report')
      .where('report.account_id = :accountId', { accountId });
    if (filter.search && walked) {
      // Checked on each entry of an index walk: the folded url the walked indexes
      // carry (UrlFolded), with a plain LIKE (no trigram index serves it).
      builder.andWhere(`report.url_folded LIKE :search ESCAPE '\\'`, {
        search: foldedPattern(filter.search),
      });
    } else if (filter.search) {
      builder.andWhere(`report.url ILIKE :search ESCAPE '\\'`, {
        search: likePattern(filter.search),
      });
      // The account key of the url trigram index (AccountUrlSearchIndex): the index
      // then yields only this account's matches (a term has 3 characters at least).
      builder.andWhere(
        'ARRAY[report.account_id] @> ARRAY[CAST(:accountId AS bigint)]',
      );
    }
    if (filter.project) {
      builder.andWhere('report.project = :project', {
        project: filter.project.toLowerCase(),
      });
    }
    if (filter.result) {
      builder.andWhere('report.result = :result', { result: filter.result });
    }
    return builder;
  }
}
