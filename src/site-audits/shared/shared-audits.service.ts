import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '../../common/problem.js';
import type { SiteAudit } from '../site-audit.js';
import { SiteAuditPagesRepository } from '../site-audit-pages.repository.js';
import { SiteAuditPagesService } from '../site-audit-pages.service.js';
import type {
  AffectedPage,
  AuditPageWithResults,
} from '../site-audit-pages.service.js';
import type { FindingScope } from '../findings/findings.js';
import { TARGETED_CHECKS } from '../findings/targets.js';
import { PageTemplatesRepository } from '../templates/page-templates.repository.js';
import type { FindingTarget } from '../findings/targets.js';
import { depthBars, statusBars } from '../../common/svg-charts.js';
import type { AuditSummary, Paging } from './audit-page.js';
import type { AuditIssue } from '../site-audit-pages.service.js';

/** Issues on one page of the summary's list. */
const ISSUES_PER_PAGE = 10;
/** Affected pages each issue shows on the summary; the rest are a link away. */
const PAGES_PER_ISSUE = 5;
/** Affected pages on one page of an issue's list. */
const AFFECTED_PER_PAGE = 50;
/** Targets (missing pages, redirects) on a page of a link or canonical finding. */
const TARGETS_PER_PAGE = 20;

/** The page of a list asked for, within 1 and the last page. */
function pagingOf(page: number, total: number, perPage: number): Paging {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { page: Math.min(Math.max(1, page), lastPage), lastPage };
}

/** What the shared pages of an audit read, once the gate has let the reader in. */
@Injectable()
export class SharedAudits {
  constructor(
    private readonly pages: SiteAuditPagesRepository,
    private readonly pageResults: SiteAuditPagesService,
    private readonly templates: PageTemplatesRepository,
  ) {}

  /** The summary: its issues (a page of them, with their first pages) and its charts. */
  async summary(audit: SiteAudit, page: number): Promise<AuditSummary> {
    const issues =
      audit.finishedAt === null ? [] : await this.pageResults.findingsOf(audit);
    const host = issues.filter((issue) => issue.scope === 'host');
    const others = issues.filter((issue) => issue.scope !== 'host');
    const paging = pagingOf(page, others.length, ISSUES_PER_PAGE);
    const from = (paging.page - 1) * ISSUES_PER_PAGE;
    const shown = await Promise.all(
      others.slice(from, from + ISSUES_PER_PAGE).map(async (issue) => ({
        ...issue,
        affected: await this.pageResults.pagesOfFinding(
          audit,
          issue,
          0,
          PAGES_PER_ISSUE,
        ),
      })),
    );
    const [statusCodes, depths, templates] = await Promise.all([
      this.pages.statusCodeCounts(audit.id),
      this.pages.depthCounts(audit.id),
      this.templates.templatesOf(audit.id),
    ]);
    return {
      audit,
      issues,
      host,
      shown,
      paging,
      statusCodes: statusBars(statusCodes),
      depths: depthBars(depths),
      templates,
    };
  }

  /** A page of the pages one issue affects; 404 for a check that affects none of them. */
  async issue(
    audit: SiteAudit,
    checkId: string,
    page: number,
    scope: FindingScope | null = null,
  ): Promise<{
    issue: AuditIssue;
    affected: AffectedPage[];
    paging: Paging;
    targets: FindingTarget[] | null;
  }> {
    const issue =
      audit.finishedAt === null
        ? undefined
        : (await this.pageResults.findingsOf(audit))
            .filter((one) => one.id === checkId)
            .find((one, i, all) =>
              // A split check's scope picks its finding; else its first.
              all.some((f) => f.scope === scope)
                ? one.scope === scope
                : i === 0,
            );
    if (!issue) {
      throw new NotFoundProblem('No page of this site audit fails that check.');
    }
    if (TARGETED_CHECKS.has(checkId)) {
      // Each target once with the pages pointing at it: the list pages by target.
      const targets = await this.pageResults.targetsOf(audit.id, checkId);
      const paging = pagingOf(page, targets.length, TARGETS_PER_PAGE);
      const from = (paging.page - 1) * TARGETS_PER_PAGE;
      return {
        issue,
        affected: [],
        paging,
        targets: targets.slice(from, from + TARGETS_PER_PAGE),
      };
    }
    const paging = pagingOf(page, issue.pages, AFFECTED_PER_PAGE);
    const affected = await this.pageResults.pagesOfFinding(
      audit,
      issue,
      (paging.page - 1) * AFFECTED_PER_PAGE,
      AFFECTED_PER_PAGE,
    );
    return { issue, affected, paging, targets: null };
  }

  /** One page with its results; 404 when the audit has no such page. */
  page(audit: SiteAudit, pageId: number): Promise<AuditPageWithResults> {
    return this.pageResults.pageOf(audit.id, pageId);
  }
}
