import { Module } from '@nestjs/common';
import type {
  MiddlewareConsumer,
  NestModule,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Analyser, JudgePool } from '../analysis/index.js';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { Clock, SystemClock } from '../common/clock.js';
import { ReportAnalyses } from './report-analyses.js';
import { ReportOutcomes } from './report-outcomes.js';
import { ReportSchedules } from './report-schedules.js';
import { ReportSettlement } from './report-settlement.js';
import { Report } from './report.entity.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { ReportRun } from './runs/report-run.entity.js';
import { ReportRunsController } from './runs/report-runs.controller.js';
import { ReportRunsRepository } from './runs/report-runs.repository.js';
import { ReportRunsService } from './runs/report-runs.service.js';
import { ReportAccess } from './shared/report-access.js';
import {
  EMBEDDING_HEADERS,
  SharedReportsController,
} from './shared/shared-reports.controller.js';

/** Judging runs on worker threads; the threads end with the process. */
class ClosingJudgePool extends JudgePool implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/**
 * Reports: the keyed API, the shared pages, their analyses as jobs and their table.
 * A worker process uses the same module without serving HTTP.
 */
@Module({
  imports: [
    AuthModule,
    IdempotencyModule,
    RateLimitsModule,
    TypeOrmModule.forFeature([Report, ReportRun]),
  ],
  controllers: [
    ReportsController,
    ReportRunsController,
    SharedReportsController,
  ],
  providers: [
    ReportsRepository,
    ReportsService,
    ReportAnalyses,
    ReportSchedules,
    ReportSettlement,
    ReportOutcomes,
    { provide: Clock, useClass: SystemClock },
    ReportAccess,
    ReportRunsRepository,
    ReportRunsService,
    { provide: JudgePool, useFactory: () => new ClosingJudgePool() },
    {
      provide: Analyser,
      inject: [APP_CONFIG, JudgePool],
      useFactory: (config: AppConfig, judgePool: JudgePool) =>
        new Analyser(config.analyser, { judgePool }),
    },
  ],
  exports: [ReportOutcomes],
})
export class ReportsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Set before anything can fail, so a page on another origin can read every answer.
    consumer
      .apply((_request: Request, response: Response, next: NextFunction) => {
        response.set(EMBEDDING_HEADERS);
        next();
      })
      .forRoutes('api/v1/shared/*path');
  }
}
