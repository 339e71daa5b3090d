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
import type { ListReportsQuery } from './dto/list-reports.query.js';
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

const SORT_COLUMNS = {
  id: null,
  generated_at: 'report.generated_at',
  url: 'report.url',
  result: 'report.result_rank',
} as const;

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
    const [reports, total] = await this.listQuery(accountId, query)
      .offset((page - 1) * perPage)
      .limit(perPage)
      .getManyAndCount();
    return { reports, total, page, perPage };
  }

  /** The list's query: one account, its filters and its order (no page yet). */
  listQuery(
    accountId: string,
    query: ListReportsQuery,
  ): SelectQueryBuilder<Report> {
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const builder = this.reports
      .createQueryBuilder('report')
      .select([
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
      ])
      .where('report.account_id = :accountId', { accountId });
    if (query.search) {
      builder.andWhere(`report.url ILIKE :search ESCAPE '\\'`, {
        search: likePattern(query.search),
      });
    }
    if (query.project) {
      builder.andWhere('report.project = :project', {
        project: query.project.toLowerCase(),
      });
    }
    if (query.result) {
      builder.andWhere('report.result = :result', { result: query.result });
    }
    const column = SORT_COLUMNS[query.sort_by ?? 'id'];
    if (column) builder.orderBy(column, direction, 'NULLS LAST');
    return builder.addOrderBy('report.id', direction);
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
