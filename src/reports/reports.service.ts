import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { AnalysisError } from '../analysis/errors.js';
import {
  normaliseTargetUrl,
  parseTargetUrl,
  projectOf,
} from '../analysis/fetch/target-url.js';
import { NotFoundProblem, ValidationProblem } from '../common/problem.js';
import { checkFields, throwIfInvalid } from '../common/validation.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { CreateReportDto } from './dto/create-report.dto.js';
import type { ListReportsQuery, SortKey } from './dto/list-reports.query.js';
import { UpdateReportDto } from './dto/update-report.dto.js';
import { hashPassword } from './password-hash.js';
import { ReportAnalyser } from './report-analyser.js';
import { ReportRunner } from './report-runner.js';
import { Privacy, Report } from './report.entity.js';

/** A page of reports and the numbers the list envelope is made of. */
export interface ReportPage {
  reports: Report[];
  total: number;
  page: number;
  perPage: number;
}

/** How long the answer to create and re-run waits for the analysis. */
export type Completion = 'wait' | 'async';

/**
 * The column of each sort key besides id, which breaks its ties. Only the nullable
 * ones sort NULLS LAST explicitly: url is NOT NULL, and `url DESC NULLS LAST` would
 * not match a backward scan of its index (which gives DESC NULLS FIRST). `unindexed`
 * is the same order through an expression no index holds (see listQuery).
 */
const SORT_COLUMNS: Record<
  SortKey,
  { column: string; nullable: boolean; unindexed: string } | null
> = {
  id: null,
  generated_at: {
    column: 'report.generated_at',
    nullable: true,
    unindexed: 'report.generated_at + make_interval()',
  },
  url: {
    column: 'report.url',
    nullable: false,
    unindexed: 'concat(report.url)',
  },
  result: {
    column: 'report.result_rank',
    nullable: true,
    unindexed: 'report.result_rank + 0',
  },
};

/**
 * A search with at most this many matches in the account sorts its matches rather
 * than walking the account in order: the planner judges a term by the whole table,
 * and a term common elsewhere but rare here made it walk a million rows for a page.
 */
const FEW_MATCHES = 2_000;

/** Below this length a search term has no trigram for the url search index. */
const TRIGRAM_LENGTH = 3;

/** Ids are positive integers of at most 18 digits; anything else is not a report. */
function parseId(id: string): string {
  if (!/^[1-9]\d{0,17}$/.test(id))
    throw new NotFoundProblem('There is no such report.');
  return id;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly analyser: ReportAnalyser,
    private readonly runner: ReportRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get reports() {
    return this.dataSource.getRepository(Report);
  }

  async list(accountId: string, query: ListReportsQuery): Promise<ReportPage> {
    const perPage = query.per_page ?? 10;
    const page = query.page ?? 1;
    const counted = await this.listCountQuery(accountId, query).getRawOne<{
      total: string;
    }>();
    const total = Number(counted?.total ?? 0);
    const offset = (page - 1) * perPage;
    // Counted first: an empty answer or a page past the end reads no rows. (A search
    // for a term of other accounts counts nothing through the account's trigram
    // index, where walking the account's rows in order would look at every one.)
    const reports =
      offset < total
        ? await this.listQuery(accountId, query, total)
            .offset(offset)
            .limit(perPage)
            .getMany()
        : [];
    return { reports, total, page, perPage };
  }

  /**
   * The list's total: a plain COUNT(*) of the filtered rows, with no ORDER BY
   * (getManyAndCount counts DISTINCT ids, which sorts or hashes every one).
   */
  listCountQuery(
    accountId: string,
    query: ListReportsQuery,
  ): SelectQueryBuilder<Report> {
    return this.listFilter(accountId, query).select('COUNT(*)', 'total');
  }

  /**
   * The list's query: one account, its filters and its order (no page yet). Each
   * order matches an index of the account (migration ListSortIndexes), so a page is
   * read in index order and nothing is sorted but the matches of a trigram search.
   * Given the count (`total`), a search with few matches orders by expressions no
   * index holds, so the planner fetches the matches from the trigram index and
   * sorts them instead of walking the account hoping to meet them.
   */
  listQuery(
    accountId: string,
    query: ListReportsQuery,
    total?: number,
  ): SelectQueryBuilder<Report> {
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const builder = this.listFilter(accountId, query).select([
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
    ]);
    const sortMatches =
      Boolean(query.search) && total !== undefined && total <= FEW_MATCHES;
    // Every row under a result filter has the same rank: that order is id order.
    const sortBy =
      query.sort_by === 'result' && query.result ? 'id' : query.sort_by;
    const sort = SORT_COLUMNS[sortBy ?? 'id'];
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
    query: ListReportsQuery,
  ): SelectQueryBuilder<Report> {
    const builder = this.reports
      .createQueryBuilder('report')
      .where('report.account_id = :accountId', { accountId });
    if (query.search) {
      builder.andWhere(`report.url ILIKE :search ESCAPE '\\'`, {
        search: likePattern(query.search),
      });
      // The account key of the url trigram index (AccountUrlSearchIndex): the index
      // then yields only this account's matches. A shorter term has no trigram and
      // is read through the account's B-tree indexes instead.
      if (query.search.length >= TRIGRAM_LENGTH) {
        builder.andWhere(
          'ARRAY[report.account_id] @> ARRAY[CAST(:accountId AS bigint)]',
        );
      }
    }
    if (query.project) {
      builder.andWhere('report.project = :project', {
        project: query.project.toLowerCase(),
      });
    }
    if (query.result) {
      builder.andWhere('report.result = :result', { result: query.result });
    }
    return builder;
  }

  async get(accountId: string, id: string): Promise<Report> {
    const report = await this.reports.findOneBy({
      id: parseId(id),
      accountId,
    });
    if (!report) throw new NotFoundProblem('There is no such report.');
    return report;
  }

  /**
   * Validates the body (fields, then the address policy for a well-formed url, so
   * one 422 names every bad field), stores the report and analyses it.
   */
  async create(
    accountId: string,
    body: object,
    completion: Completion,
  ): Promise<Report> {
    const { value: dto, errors } = await checkFields(CreateReportDto, body);
    const target = errors.url ? null : parseTargetUrl(dto.url);
    if (target) {
      try {
        await this.analyser.assertAllowed(target);
      } catch (error) {
        if (!(error instanceof AnalysisError && error.code === 'blocked')) {
          throw error;
        }
        errors.url = [error.message];
      }
    }
    throwIfInvalid(errors);
    const privacy = dto.privacy ?? Privacy.Private;
    const url = normaliseTargetUrl(target!);
    const saved = await this.reports.save(
      this.reports.create({
        accountId,
        url,
        project: projectOf(url),
        status: 'queued',
        result: null,
        score: null,
        privacy,
        passwordHash:
          privacy === Privacy.Password && dto.password
            ? await hashPassword(dto.password)
            : null,
        generatedAt: null,
        error: null,
        results: null,
      }),
    );
    return this.analyse(accountId, saved.id, completion);
  }

  /**
   * Changes privacy and password and/or re-runs the analysis. The report is read
   * under a row lock, so two updates at once cannot leave a password on a report
   * that is no longer password-protected.
   */
  async update(
    accountId: string,
    id: string,
    body: object,
    completion: Completion,
  ): Promise<{ report: Report; rerun: boolean }> {
    parseId(id);
    const { value: dto, errors } = await checkFields(UpdateReportDto, body);
    if (
      Object.keys(errors).length === 0 &&
      dto.privacy === undefined &&
      dto.password === undefined &&
      dto.results === undefined
    ) {
      throw new ValidationProblem(
        {
          privacy: ['send at least one of privacy, password or results'],
          password: ['send at least one of privacy, password or results'],
          results: ['send at least one of privacy, password or results'],
        },
        'Send at least one of privacy, password or results.',
      );
    }
    // Hashed before the lock is taken: scrypt is slow on purpose.
    const passwordHash =
      dto.password === undefined || errors.password
        ? null
        : await hashPassword(dto.password);
    const report = await this.dataSource.transaction(async (manager) => {
      const locked = await manager.getRepository(Report).findOne({
        where: { id, accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) throw new NotFoundProblem('There is no such report.');
      const privacy = errors.privacy
        ? locked.privacy
        : (dto.privacy ?? locked.privacy);
      if (dto.password !== undefined && !errors.password) {
        if (privacy !== Privacy.Password) {
          errors.password = [
            'password is only accepted on a report with privacy 2 (password)',
          ];
        }
      } else if (
        dto.password === undefined &&
        privacy === Privacy.Password &&
        !locked.passwordHash
      ) {
        errors.password = ['password is required when privacy is 2 (password)'];
      }
      throwIfInvalid(errors);
      const changes: QueryDeepPartialEntity<Report> = {};
      if (passwordHash) changes.passwordHash = passwordHash;
      // Only a real change of privacy counts, so re-sending the same value keeps
      // the shared-page cookies of people who unlocked the report valid.
      if (dto.privacy !== undefined && dto.privacy !== locked.privacy) {
        changes.privacy = dto.privacy;
        if (dto.privacy !== Privacy.Password) changes.passwordHash = null;
      }
      if (dto.results === 1) changes.status = 'queued';
      if (Object.keys(changes).length > 0) {
        const shareChanged = 'passwordHash' in changes || 'privacy' in changes;
        await manager
          .getRepository(Report)
          .update(
            { id, accountId },
            shareChanged
              ? { ...changes, shareVersion: () => 'share_version + 1' }
              : changes,
          );
      }
      return locked;
    });
    if (dto.results === 1) {
      return {
        report: await this.analyse(accountId, report.id, completion),
        rerun: true,
      };
    }
    return { report: await this.get(accountId, report.id), rerun: false };
  }

  async remove(accountId: string, id: string): Promise<void> {
    const result = await this.reports.delete({ id: parseId(id), accountId });
    if (!result.affected) throw new NotFoundProblem('There is no such report.');
  }

  /**
   * Starts the analysis; with 'wait', answers when it ends or when the analysis
   * deadline (plus a second) has passed in the queue, whichever comes first.
   */
  private async analyse(
    accountId: string,
    id: string,
    completion: Completion,
  ): Promise<Report> {
    if (completion === 'async') {
      const queued = await this.get(accountId, id);
      void this.runner.run(id);
      return queued;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.runner.run(id),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.config.analyser.deadlineMs + 1_000);
      }),
    ]);
    clearTimeout(timer);
    return this.get(accountId, id);
  }
}
