import { Injectable } from '@nestjs/common';
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
import type { CreateReportDto } from './dto/create-report.dto.js';
import type { ListReportsQuery } from './dto/list-reports.query.js';
import type { UpdateReportDto } from './dto/update-report.dto.js';
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

  async create(
    accountId: string,
    dto: CreateReportDto,
    completion: Completion,
  ): Promise<Report> {
    const target = parseTargetUrl(dto.url);
    try {
      await this.analyser.assertAllowed(target);
    } catch (error) {
      if (error instanceof AnalysisError && error.code === 'blocked') {
        throw new ValidationProblem({ url: [error.message] });
      }
      throw error;
    }
    const privacy = dto.privacy ?? Privacy.Private;
    const url = normaliseTargetUrl(target);
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

  async update(
    accountId: string,
    id: string,
    dto: UpdateReportDto,
    completion: Completion,
  ): Promise<Report> {
    if (
      dto.privacy === undefined &&
      dto.password === undefined &&
      dto.results === undefined
    ) {
      throw new ValidationProblem(
        {},
        'Send at least one of privacy, password or results.',
      );
    }
    const report = await this.get(accountId, id);
    const changes: QueryDeepPartialEntity<Report> = {};
    const privacy = dto.privacy ?? report.privacy;
    if (dto.password !== undefined) {
      if (privacy !== Privacy.Password) {
        throw new ValidationProblem({
          password: [
            'password is only accepted on a report with privacy 2 (password)',
          ],
        });
      }
      changes.passwordHash = await hashPassword(dto.password);
    } else if (privacy === Privacy.Password && !report.passwordHash) {
      throw new ValidationProblem({
        password: ['password is required when privacy is 2 (password)'],
      });
    }
    // Only a real change of privacy counts, so re-sending the same value keeps
    // the shared-page cookies of people who unlocked the report valid.
    if (dto.privacy !== undefined && dto.privacy !== report.privacy) {
      changes.privacy = dto.privacy;
      if (dto.privacy !== Privacy.Password) changes.passwordHash = null;
    }
    if (Object.keys(changes).length > 0) {
      await this.reports.update(
        { id: report.id, accountId },
        { ...changes, shareVersion: () => 'share_version + 1' },
      );
    }
    if (dto.results === 1) {
      await this.reports.update(
        { id: report.id, accountId },
        { status: 'queued' },
      );
      return this.analyse(accountId, report.id, completion);
    }
    return this.get(accountId, report.id);
  }

  async remove(accountId: string, id: string): Promise<void> {
    const result = await this.reports.delete({ id: parseId(id), accountId });
    if (!result.affected) throw new NotFoundProblem('There is no such report.');
  }

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
    await this.runner.run(id);
    return this.get(accountId, id);
  }
}
