import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { AnalysisJobsModule } from '../analysis-jobs/analysis-jobs.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { DATABASE_TARGET } from '../database/database.module.js';
import type { DatabaseTarget } from '../database/database.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { Clock, SystemClock } from '../common/clock.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { AuditSchedules } from './audit-schedules.js';
import { REDIS } from '../redis/redis.module.js';
import { AuditContexts } from './crawl/audit-context.js';
import { AuditPages } from './crawl/audit-pages.subject.js';
import { CrawlFrontier } from './crawl/crawl-frontier.js';
import { CrawlSteps } from './crawl/crawl-steps.js';
import { HostGate } from './crawl/host-gate.js';
import { MemoryHostGate } from './crawl/memory-host-gate.js';
import { PageWork } from './crawl/page-work.js';
import { PostgresHostGate } from './crawl/postgres-host-gate.js';
import { RedisHostGate } from './crawl/redis-host-gate.js';
import { SiteStarts } from './crawl/site-start.js';
import { AuditDiffs } from './diff/audit-diffs.js';
import { SiteAuditDiffController } from './diff/site-audit-diff.controller.js';
import { SiteAuditDiffRepository } from './diff/site-audit-diff.repository.js';
import { SiteAuditDiffService } from './diff/site-audit-diff.service.js';
import { SiteAuditExportsController } from './exports/site-audit-exports.controller.js';
import { SiteAuditExportsRepository } from './exports/site-audit-exports.repository.js';
import { SiteAuditExportsService } from './exports/site-audit-exports.service.js';
import { SiteAuditPagesController } from './site-audit-pages.controller.js';
import { SiteAuditPagesRepository } from './site-audit-pages.repository.js';
import { SiteAuditPagesService } from './site-audit-pages.service.js';
import { SiteAuditsController } from './site-audits.controller.js';
import { SiteAuditsRepository } from './site-audits.repository.js';
import { SiteAuditsService } from './site-audits.service.js';
import { SiteAuditOutcomes } from './site-audit-events.js';
import { SiteJudgement } from './site-judgement.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';
import { AuditAccess } from './shared/audit-access.js';
import { SharedAudits } from './shared/shared-audits.service.js';
import { SharedAuditsController } from './shared/shared-audits.controller.js';

/**
 * Site audits: the keyed API of audits, their pages, issues and links; the crawl, its
 * pages a subject of the analysis engine (crawl/); the judgement once it stops. A
 * worker process uses the same module to crawl.
 */
@Module({
  imports: [
    AnalysisJobsModule,
    AuthModule,
    IdempotencyModule,
    RateLimitsModule,
    SchedulesModule,
  ],
  controllers: [
    SiteAuditsController,
    SiteAuditPagesController,
    SharedAuditsController,
    SiteAuditExportsController,
    SiteAuditDiffController,
  ],
  providers: [
    SiteAuditsRepository,
    SiteAuditsService,
    SiteAuditPagesRepository,
    SiteAuditPagesService,
    SiteAuditExportsRepository,
    SiteAuditExportsService,
    SiteAuditDiffRepository,
    AuditDiffs,
    SiteAuditDiffService,
    SiteJudgement,
    SiteAuditOutcomes,
    SiteJudgementRepository,
    CrawlFrontier,
    AuditContexts,
    PageWork,
    SiteStarts,
    AuditPages,
    CrawlSteps,
    AuditSchedules,
    AuditAccess,
    SharedAudits,
    { provide: Clock, useClass: SystemClock },
    {
      provide: HostGate,
      inject: [REDIS, getDataSourceToken(), DATABASE_TARGET, APP_CONFIG],
      useFactory: (
        redis: Redis | null,
        db: DataSource,
        target: DatabaseTarget,
        config: AppConfig,
      ): HostGate =>
        redis
          ? new RedisHostGate(redis, config.redisPrefix)
          : target.embedded
            ? new MemoryHostGate()
            : new PostgresHostGate(db),
    },
  ],
})
export class SiteAuditsModule {}
