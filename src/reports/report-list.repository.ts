import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { SelectQueryBuilder } from 'typeorm';
import type { Rating } from '../analysis/index.js';
import type { SortKey } from './dto/list-reports.query.js';
import type { ListCursor } from './list-cursor.js';
import { Report } from './report.entity.js';
import {
  EXACT_SEARCH_TOTAL,
  FEW_MATCHES,
  foldedPattern,
  likePattern,
  mayBeFew,
  QUERY_CANCELED,
  SEARCH_SAMPLE,
  SEARCH_WALK,
  TRIGRAM_COUNT_SETTINGS,
  TRIGRAM_FIRST_MS,
} from './search-count.js';
import type { SearchReach } from './search-count.js';

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
  'report.render',
  'report.lab',
];

/**
 * A page this far into its list picks its ids from the sort's index first (an
 * index-only scan), then reads its rows: OFFSET 49,990 read 50,000 rows (2,386
 * pages, 12 ms) to throw all but ten away.
 */
const DEEP_OFFSET = 1_000;
function statementOf(builder: SelectQueryBuilder<Report>): Statement {
  const [sql, parameters] = builder.getQueryAndParameters();
  return { sql, parameters };
}
/**
 * The list engine of reports: counts (counters, samples, walks, the trigram index)
 * and pages (offsets, deep pages, cursors), each statement named by what it answers.
 */
@Injectable()
export class ReportListRepository {
  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
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
