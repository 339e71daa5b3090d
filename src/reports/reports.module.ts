import { BrandingModule } from '../branding/branding.module.js';
import { Module } from '@nestjs/common';
import type { MiddlewareConsumer, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisJobsModule } from '../analysis-jobs/analysis-jobs.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { SharingModule } from '../sharing/sharing.module.js';
import { Clock, SystemClock } from '../common/clock.js';
import { ReportListRepository } from './report-list.repository.js';
import { ReportSubjects } from './report-subjects.js';
import { Report } from './report.entity.js';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { ReportRun } from './runs/report-run.entity.js';
import { ReportRunsController } from './runs/report-runs.controller.js';
import { ReportRunsRepository } from './runs/report-runs.repository.js';
import { ReportRunsService } from './runs/report-runs.service.js';
import {
  EMBEDDING_HEADERS,
  SharedReportsController,
} from './shared/shared-reports.controller.js';

/**
 * Reports: the keyed API, the shared pages, the run history and the table; a subject
 * of the analysis engine (report-subjects.ts), a shareable kind (REPORT_SHARES) and a
 * schedulable one (ReportsService). A worker process uses the same module without
 * serving HTTP.
 */
@Module({
  imports: [
    BrandingModule,
    AnalysisJobsModule,
    AuthModule,
    IdempotencyModule,
    RateLimitsModule,
    SharingModule,
    TypeOrmModule.forFeature([Report, ReportRun]),
  ],
  controllers: [
    ReportsController,
    ReportRunsController,
    SharedReportsController,
  ],
  providers: [
    ReportsRepository,
    ReportListRepository,
    ReportsService,
    ReportSubjects,
    { provide: Clock, useClass: SystemClock },
    ReportRunsRepository,
    ReportRunsService,
  ],
  // What the outputs read to write a report's document.
  exports: [ReportsService, ReportRunsRepository],
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
