import { Module } from '@nestjs/common';
import { AuditDiffs } from '../diff/audit-diffs.js';
import { SiteAuditDiffRepository } from '../diff/site-audit-diff.repository.js';
import { AnalysisJobsModule } from '../../analysis-jobs/analysis-jobs.module.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';
import { SiteAuditLab } from '../templates/site-audit-lab.js';
import { SiteAuditLabRepository } from '../templates/site-audit-lab.repository.js';
import { PageTemplatesRepository } from '../templates/page-templates.repository.js';
import { JudgementJobs } from './judgement-jobs.js';
import { LabPhaseJobs } from './lab-phase-jobs.js';
import { SiteAuditOutcomes } from './site-audit-events.js';
import { SiteCrawlOutcomes } from './site-crawl-outcomes.js';
import { SiteJudgement } from './site-judgement.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';

/**
 * How a site audit ends once its crawl has: judged (the site checks, each page's
 * score and template, the audit's findings, then with lab: true its templates measured), or failed; and the events it publishes then. The crawler hears
 * of it through SiteCrawlOutcomes, its port; the rest of site audits reads the audits
 * and their diffs through what this module shares.
 */
@Module({
  imports: [AnalysisJobsModule],
  providers: [
    SiteAuditsRepository,
    SiteAuditDiffRepository,
    AuditDiffs,
    SiteAuditOutcomes,
    SiteJudgementRepository,
    SiteJudgement,
    JudgementJobs,
    LabPhaseJobs,
    SiteCrawlOutcomes,
    SiteAuditLabRepository,
    PageTemplatesRepository,
    SiteAuditLab,
  ],
  exports: [
    SiteAuditsRepository,
    SiteAuditDiffRepository,
    AuditDiffs,
    SiteCrawlOutcomes,
    SiteAuditLabRepository,
    PageTemplatesRepository,
    SiteAuditLab,
  ],
})
export class JudgementModule {}
