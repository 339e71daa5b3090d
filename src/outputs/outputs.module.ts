import { Module } from '@nestjs/common';
import { AnalysisJobsModule } from '../analysis-jobs/analysis-jobs.module.js';
import { JudgementModule } from '../site-audits/judgement/judgement.module.js';
import { SiteAuditsModule } from '../site-audits/site-audits.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { BrandingModule } from '../branding/branding.module.js';
import {
  ReportOutputsController,
  SiteAuditOutputsController,
} from './outputs.controller.js';
import { OutputsService } from './outputs.service.js';
import { SharedOutputsController } from './shared-outputs.controller.js';
import { SharingModule } from '../sharing/sharing.module.js';
import { ReportDocuments } from './report-documents.js';
import { SiteAuditDocuments } from './site-audit-documents.js';

/**
 * One way out for an audit (docs/outputs.md): its document loaded once, written by a
 * registry of formats, served by one route. It reads site audits and reports; they
 * know nothing of it.
 */
@Module({
  imports: [
    AnalysisJobsModule,
    BrandingModule,
    JudgementModule,
    ReportsModule,
    SharingModule,
    SiteAuditsModule,
  ],
  controllers: [
    SiteAuditOutputsController,
    ReportOutputsController,
    SharedOutputsController,
  ],
  providers: [SiteAuditDocuments, ReportDocuments, OutputsService],
  exports: [OutputsService],
})
export class OutputsModule {}
