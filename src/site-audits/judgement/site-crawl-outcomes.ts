import { Injectable } from '@nestjs/common';
import { CrawlOutcomes } from '../../crawler/crawl-outcomes.js';
import type { CrawlError } from '../../crawler/crawl.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';
import { JudgementJobs } from './judgement-jobs.js';
import { SiteAuditOutcomes } from './site-audit-events.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';

/**
 * How a site audit hears that its crawl ended: a stopped crawl is judged (a cancelled
 * one says `cancelled` at once, before its judgement); a crawl that could not start
 * fails the audit, and says so to whoever listens (site_audit.failed).
 */
@Injectable()
export class SiteCrawlOutcomes extends CrawlOutcomes {
  constructor(
    private readonly store: SiteJudgementRepository,
    private readonly jobs: JudgementJobs,
    private readonly audits: SiteAuditsRepository,
    private readonly outcomes: SiteAuditOutcomes,
  ) {
    super();
  }

  async stopped(auditId: string): Promise<void> {
    await this.store.markCancelled(auditId);
    await this.jobs.add(auditId);
  }

  async failed(auditId: string, error: CrawlError): Promise<void> {
    const outbox = this.outcomes.outbox();
    await this.audits.fail(
      auditId,
      error,
      this.outcomes.publishIn(outbox, auditId),
    );
    await outbox.flush();
  }
}
