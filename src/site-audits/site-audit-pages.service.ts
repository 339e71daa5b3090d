import { Injectable } from '@nestjs/common';
import { CHECKS, expandResults, SITE_CHECKS } from '../analysis/index.js';
import type { AnalysisResults, Importance } from '../analysis/index.js';
import { countThenPage } from '../common/pagination/paginate.js';
import type { NumberedPage } from '../common/pagination/paginate.js';
import { NotFoundProblem, ProblemException } from '../common/problem.js';
import type {
  AuditPageQuery,
  ListLinksQuery,
  ListPagesQuery,
} from './dto/list-pages.query.js';
import type { SiteAudit } from './site-audit.js';
import { SiteAuditPagesRepository } from './site-audit-pages.repository.js';
import type {
  AuditLinkRow,
  AuditPageDetail,
  AuditPageRow,
} from './site-audit-pages.repository.js';
import { SiteAuditsService } from './site-audits.service.js';

/** A check that affects pages of an audit, as /issues lists it. */
export interface AuditIssue {
  id: string;
  scope: 'page' | 'site';
  title: string;
  importance: Importance;
  pages: number;
}

const PAGE_CHECKS = new Map(CHECKS.map((check) => [check.id, check]));
const SITE_CHECK_BY_ID = new Map(SITE_CHECKS.map((check) => [check.id, check]));

/** Every check that affects a page of a judged audit, most pages first. */
export function issuesOf(audit: SiteAudit): AuditIssue[] {
  return Object.entries(audit.issues ?? {})
    .map(([id, pages]): AuditIssue => {
      const site = SITE_CHECK_BY_ID.get(id);
      const page = PAGE_CHECKS.get(id);
      return {
        id,
        scope: site ? 'site' : 'page',
        title: site?.title ?? page?.title ?? id,
        importance: site?.importance ?? page?.importance ?? 'low',
        pages,
      };
    })
    .sort((a, b) => b.pages - a.pages || a.id.localeCompare(b.id));
}

/** A page with its results as the API shows them. */
export interface AuditPageWithResults extends AuditPageRow {
  results: AnalysisResults | null;
  site_checks: Array<{ id: string; value: unknown }>;
}

/** Reading an audit's pages, issues and links, for the account it belongs to. */
@Injectable()
export class SiteAuditPagesService {
  constructor(
    private readonly audits: SiteAuditsService,
    private readonly pages: SiteAuditPagesRepository,
  ) {}

  async list(
    accountId: string,
    auditId: string,
    query: ListPagesQuery,
  ): Promise<NumberedPage<AuditPageRow>> {
    await this.audits.find(accountId, auditId);
    return countThenPage(
      query,
      () => this.pages.countPages(auditId, query),
      (offset, limit) => this.pages.pages(auditId, query, offset, limit),
    );
  }

  async get(
    accountId: string,
    auditId: string,
    pageId: number,
  ): Promise<AuditPageWithResults> {
    await this.audits.find(accountId, auditId);
    return this.pageOf(auditId, pageId);
  }

  /** One page of an audit the caller may read, with its results; 404 when it has none such. */
  async pageOf(auditId: string, pageId: number): Promise<AuditPageWithResults> {
    const page = await this.pages.page(auditId, pageId);
    if (!page)
      throw new NotFoundProblem('There is no such page in this site audit.');
    return withResults(page);
  }

  /** Every check that affects a page, most pages first; 409 until the audit is judged. */
  async issues(accountId: string, auditId: string): Promise<AuditIssue[]> {
    return issuesOf(await this.judged(accountId, auditId));
  }

  /** The pages a check affects, with its evidence; 404 for a check id that names no check. */
  async affected(
    accountId: string,
    auditId: string,
    checkId: string,
    query: AuditPageQuery,
  ): Promise<NumberedPage<{ page_id: number; url: string; value: unknown }>> {
    await this.judged(accountId, auditId);
    if (!SITE_CHECK_BY_ID.has(checkId) && !PAGE_CHECKS.has(checkId)) {
      throw new NotFoundProblem(`There is no check ${checkId}.`);
    }
    return countThenPage(
      query,
      () => this.pages.countAffected(auditId, checkId),
      (offset, limit) => this.pages.affected(auditId, checkId, offset, limit),
    );
  }

  async links(
    accountId: string,
    auditId: string,
    query: ListLinksQuery,
  ): Promise<NumberedPage<AuditLinkRow>> {
    await this.audits.find(accountId, auditId);
    return countThenPage(
      query,
      () => this.pages.countLinks(auditId, query),
      (offset, limit) => this.pages.links(auditId, query, offset, limit),
    );
  }

  private async judged(accountId: string, auditId: string): Promise<SiteAudit> {
    const audit = await this.audits.find(accountId, auditId);
    if (audit.finishedAt === null || audit.issues === null) {
      throw new ProblemException(
        409,
        'The site checks of this audit are judged once it has stopped; ask again then.',
      );
    }
    return audit;
  }
}

function withResults(page: AuditPageDetail): AuditPageWithResults {
  const { results, rejudged, site_checks, html, ...row } = page;
  const siteChecks = site_checks ?? [];
  return {
    ...row,
    results:
      html && results
        ? expandResults(
            results,
            rejudged ?? {},
            siteChecks.map(({ id }) => ({
              id,
              importance: SITE_CHECK_BY_ID.get(id)?.importance ?? 'low',
            })),
          )
        : null,
    site_checks: siteChecks,
  };
}
