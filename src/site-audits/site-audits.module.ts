import { BrandingModule } from '../branding/branding.module.js';
import { Module } from '@nestjs/common';
import { AnalysisJobsModule } from '../analysis-jobs/analysis-jobs.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { Clock, SystemClock } from '../common/clock.js';
import { CrawlerModule } from '../crawler/crawler.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { SharingModule } from '../sharing/sharing.module.js';
import { SiteAuditDiffController } from './diff/site-audit-diff.controller.js';
import { SiteAuditDiffService } from './diff/site-audit-diff.service.js';
import { SiteAuditExportsController } from './exports/site-audit-exports.controller.js';
import { SiteAuditExportsRepository } from './exports/site-audit-exports.repository.js';
import { SiteAuditExportsService } from './exports/site-audit-exports.service.js';
import { JudgementModule } from './judgement/judgement.module.js';
import { SiteCrawlOutcomes } from './judgement/site-crawl-outcomes.js';
import { SiteAuditPagesController } from './site-audit-pages.controller.js';
import { SiteAuditPagesRepository } from './site-audit-pages.repository.js';
import { SiteAuditPagesService } from './site-audit-pages.service.js';
import { SiteAuditsController } from './site-audits.controller.js';
import { SiteAuditsService } from './site-audits.service.js';
import { SharedAudits } from './shared/shared-audits.service.js';
import { SharedAuditsController } from './shared/shared-audits.controller.js';
import { SiteAuditTemplatesController } from './templates/site-audit-templates.controller.js';
import { SiteAuditTemplates } from './templates/site-audit-templates.service.js';

/**
 * Site audits: the keyed API of audits, their pages, issues and links, exports and
 * diffs; a shareable kind (AUDIT_SHARES) and a schedulable one (SiteAuditsService),
 * whose shared pages and schedules sharing/ and schedules/ run. The crawl is the crawler's (crawler/), told how it
 * ends through the judgement (judgement/). A worker process uses the same module to
 * crawl and judge.
 */
@Module({
  imports: [
    BrandingModule,
    // The crawl and its judgement first, then what the keyed API and its shared pages use.
    CrawlerModule.register({
      imports: [JudgementModule, AnalysisJobsModule],
      outcomes: SiteCrawlOutcomes,
      pageReading: new URL('./crawled-page-reading.js', import.meta.url),
    }),
    JudgementModule,
    AnalysisJobsModule,
    AuthModule,
    IdempotencyModule,
    RateLimitsModule,
    SharingModule,
  ],
  controllers: [
    SiteAuditsController,
    SiteAuditPagesController,
    SharedAuditsController,
    SiteAuditExportsController,
    SiteAuditDiffController,
    SiteAuditTemplatesController,
  ],
  providers: [
    SiteAuditsService,
    SiteAuditPagesRepository,
    SiteAuditPagesService,
    SiteAuditExportsRepository,
    SiteAuditExportsService,
    SiteAuditDiffService,
    SharedAudits,
    SiteAuditTemplates,
    { provide: Clock, useClass: SystemClock },
  ],
  // What the outputs read to write an audit's document.
  exports: [
    SiteAuditsService,
    SiteAuditPagesService,
    SiteAuditPagesRepository,
    SiteAuditTemplates,
  ],
})
export class SiteAuditsModule {}
