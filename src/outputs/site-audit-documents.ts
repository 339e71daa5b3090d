import { Inject, Injectable } from '@nestjs/common';
import { BrandingService } from '../branding/branding.service.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { AuditDiffs } from '../site-audits/diff/audit-diffs.js';
import { checkEntryOf } from '../site-audits/findings/findings.js';
import { RULED_CHECK, rulesOfPages } from '../site-audits/findings/rules.js';
import type { FindingRule } from '../site-audits/findings/rules.js';
import { TARGETED_CHECKS } from '../site-audits/findings/targets.js';
import type { SiteAudit } from '../site-audits/site-audit.js';
import { SiteAuditPagesRepository } from '../site-audits/site-audit-pages.repository.js';
import { SiteAuditPagesService } from '../site-audits/site-audit-pages.service.js';
import type { AuditIssue } from '../site-audits/site-audit-pages.service.js';
import { toSiteAuditView } from '../site-audits/site-audit.view.js';
import { SiteAuditsService } from '../site-audits/site-audits.service.js';
import { SiteAuditTemplates } from '../site-audits/templates/site-audit-templates.service.js';
import type {
  DocumentFinding,
  PreviousAudit,
  SiteAuditDocument,
} from './audit-document.js';

/** Pages read at a time when a format wants every affected page. */
const PAGES_PER_READ = 1000;
/** Audits the score history goes back. */
const HISTORY_AUDITS = 10;
/** Pages each change of the diff names. */
const PAGES_PER_CHANGE = 5;

/** How much of the audit a format needs: every affected page, or the first of them. */
export interface DocumentNeeds {
  pagesPerFinding: number | 'all';
}

/** Loads a site audit's document once, for any format to write (docs/outputs.md). */
@Injectable()
export class SiteAuditDocuments {
  constructor(
    private readonly audits: SiteAuditsService,
    private readonly findings: SiteAuditPagesService,
    private readonly pages: SiteAuditPagesRepository,
    private readonly templates: SiteAuditTemplates,
    private readonly diffs: AuditDiffs,
    private readonly branding: BrandingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 404: no such audit in the account; 409: it has not stopped and been judged yet. */
  async load(
    accountId: string,
    auditId: string,
    needs: DocumentNeeds,
    origin: string,
  ): Promise<SiteAuditDocument> {
    const issues = await this.findings.issues(accountId, auditId);
    const { audit, queued, renderTemplates } = await this.audits.get(
      accountId,
      auditId,
    );
    const rules = issues.some((issue) => issue.id === RULED_CHECK)
      ? await this.pages.accessibilityRules(audit.id)
      : [];
    const [findings, templates, history, previous, statusCodes, depths] =
      await Promise.all([
        Promise.all(
          issues.map((issue) => this.findingOf(audit, issue, needs, rules)),
        ),
        this.templates.list(accountId, auditId),
        this.diffs.scoreHistory(audit, HISTORY_AUDITS),
        this.previousOf(audit),
        this.pages.statusCodeCounts(audit.id),
        this.pages.depthCounts(audit.id),
      ]);
    return {
      subject: 'site_audit',
      audit: toSiteAuditView(
        audit,
        queued,
        origin,
        new Date(),
        renderTemplates ?? null,
      ),
      findings,
      templates,
      history,
      previous,
      statusCodes,
      depths,
      userAgent: this.config.analyser.userAgent,
      branding: await this.branding.brandingFor(accountId),
      generatedAt: new Date().toISOString(),
    };
  }

  private async findingOf(
    audit: SiteAudit,
    issue: AuditIssue,
    { pagesPerFinding }: DocumentNeeds,
    rules: FindingRule[],
  ): Promise<DocumentFinding> {
    const entry = checkEntryOf(issue.id);
    const urls: string[] = [];
    const wanted = pagesPerFinding === 'all' ? issue.pages : pagesPerFinding;
    while (urls.length < wanted) {
      const limit = Math.min(PAGES_PER_READ, wanted - urls.length);
      const read = await this.findings.pagesOfFinding(
        audit,
        issue,
        urls.length,
        limit,
      );
      urls.push(...read.map((page) => page.url));
      if (read.length < limit) break;
    }
    return {
      ...issue,
      category: entry?.category ?? 'miscellaneous',
      explains: entry?.explains ?? '',
      urls,
      ...(TARGETED_CHECKS.has(issue.id)
        ? { targets: await this.findings.targetsOf(audit.id, issue.id) }
        : {}),
      ...(issue.id === RULED_CHECK ? { rules: rulesOfPages(rules, urls) } : {}),
    };
  }

  private async previousOf(audit: SiteAudit): Promise<PreviousAudit | null> {
    const previousId = await this.diffs.previousOf(audit);
    if (previousId === null || audit.status !== 'completed') return null;
    const previous = await this.audits.find(audit.accountId, previousId);
    return {
      id: Number(previous.id),
      finished_at: previous.finishedAt!.toISOString(),
      score: previous.score,
      changes: await this.diffs.between(
        previous.id,
        audit.id,
        PAGES_PER_CHANGE,
      ),
    };
  }
}
