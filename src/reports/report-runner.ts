import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThan } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { AnalysisError } from '../analysis/errors.js';
import { ratingOf } from '../analysis/score.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { ReportAnalyser } from './report-analyser.js';
import { Report } from './report.entity.js';
import type { ReportError } from './report.entity.js';

/**
 * Runs report analyses in this process, at most `analysisConcurrency` at a time; the
 * rest wait in order. A report is analysed once at a time: asking again while it is
 * queued or running joins the run under way.
 */
@Injectable()
export class ReportRunner
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('ReportRunner');
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly analyser: ReportAnalyser,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Picks up analyses a previous process left unfinished (a crash or a restart). */
  async onApplicationBootstrap(): Promise<void> {
    const staleBefore = new Date(
      Date.now() - this.config.analyser.deadlineMs - 30_000,
    );
    const orphans = await this.dataSource.getRepository(Report).find({
      select: { id: true },
      where: {
        status: In(['queued', 'running']),
        updatedAt: LessThan(staleBefore),
      },
      order: { id: 'ASC' },
    });
    for (const { id } of orphans) void this.run(id);
  }

  onApplicationShutdown(): void {
    this.stopping = true;
  }

  /** Analyses the report (queued already by the caller); resolves when it is stored. */
  run(id: string): Promise<void> {
    const existing = this.inFlight.get(id);
    if (existing) return existing;
    const run = this.analyseInTurn(id).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, run);
    return run;
  }

  private async analyseInTurn(id: string): Promise<void> {
    if (this.running >= this.config.analysisConcurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      await this.analyseNow(id);
    } catch (error) {
      this.logger.error(`Report ${id}: ${(error as Error).message}`);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async analyseNow(id: string): Promise<void> {
    if (this.stopping) return;
    const reports = this.dataSource.getRepository(Report);
    const report = await reports.findOne({
      select: { id: true, url: true },
      where: { id },
    });
    if (!report) return; // deleted while it waited
    await reports.update({ id }, { status: 'running' });
    try {
      const results = await this.analyser.analyse(report.url);
      await reports.update({ id }, {
        status: 'completed',
        results,
        score: results.score,
        result: ratingOf(results.score),
        generatedAt: new Date(),
        error: null,
      } as QueryDeepPartialEntity<Report>);
    } catch (error) {
      await reports.update(
        { id },
        { status: 'failed', error: this.describe(error, report.url) },
      );
    }
  }

  private describe(error: unknown, url: string): ReportError {
    if (error instanceof AnalysisError) {
      return { code: error.code, message: error.message };
    }
    this.logger.error(
      `Analysis of ${url} failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`,
    );
    return {
      code: 'internal',
      message: 'The analyser failed on this page. The error was logged.',
    };
  }
}
