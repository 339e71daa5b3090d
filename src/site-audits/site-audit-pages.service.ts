import { Injectable } from '@nestjs/common';
import { expandResults, SITE_CHECKS } from '../analysis/index.js';
import type { AnalysisResults } from '../analysis/index.js';
import {
  checkEntryOf,
  findingsOf,
  partOf,
  unknownCheckIdMessage,
} from './findings/findings.js';
import type { AuditFinding, FindingPart } from './findings/findings.js';
import { TARGETED_CHECKS, targetsOf } from './findings/targets.js';
import type { FindingTarget } from './findings/targets.js';
import { countThenPage } from '../common/pagination/paginate.js';
import type { NumberedPage } from '../common/pagination/paginate.js';
import { NotFoundProblem, ProblemException } from '../common/problem.js';
import type {
  AffectedPagesQuery,
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
import type { PageTemplateView } from './site-audit-page.view.js';
import { PageTemplatesRepository } from './templates/page-templates.repository.js';
import { SiteAuditsService } from './site-audits.service.js';

/** A page a finding affects, with the check's evidence for it. */
export interface AffectedPage {
  page_id: number;
  url: string;
  value: unknown;
}

/** A finding as /issues lists it: with the first pages it affects. */
export interface AuditIssue extends AuditFinding {
  examples: string[];
}

/** Pages a finding names in /issues, so a template or host fact shows where it is. */
const EXAMPLES_PER_FINDING = 3;

const SITE_CHECK_BY_ID = new Map(SITE_CHECKS.map((check) => [check.id, check]));

/** A page with its results as the API shows them. */
export interface AuditPageWithResults extends AuditPageRow {
  results: AnalysisResults | null;
  site_checks: Array<{ id: string; value: unknown }>;
  template: PageTemplateView | null;
}

/** Reading an audit's pages, issues and links, for the account it belongs to. */
@Injectable()
export class SiteAuditPagesService {
  constructor(
    private readonly audits: SiteAuditsService,
    private readonly pages: SiteAuditPagesRepository,
    private readonly templates: PageTemplatesRepository,
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

  /** Every check that affects a page, highest priority first; 409 until the audit is judged. */
  async issues(accountId: string, auditId: string): Promise<AuditIssue[]> {
    return this.findingsOf(await this.judged(accountId, auditId));
  }

  /** The findings of a judged audit, highest priority first, each with its first pages. */
  async findingsOf(audit: SiteAudit): Promise<AuditIssue[]> {
    if (audit.issues === null) return [];
    const findings = findingsOf(
      audit.issues,
      await this.pages.htmlPageCount(audit.id),
      audit.templateIssues && {
        issues: audit.templateIssues,
        templates: await this.templates.templatesOf(audit.id),
      },
    );
    const examples = await this.pages.examples(
      audit.id,
      findings.map((finding) => ({
        id: finding.id,
        part: partOf(finding, audit.templateIssues),
      })),
      EXAMPLES_PER_FINDING,
    );
    return findings.map((finding, i) => ({
      ...finding,
      examples: examples[i],
    }));
  }

  /** The pages one finding affects (of its templates, or outside them), in crawl order. */
  pagesOfFinding(
    audit: SiteAudit,
    finding: Pick<AuditFinding, 'id' | 'scope'>,
    offset: number,
    limit: number,
  ): Promise<AffectedPage[]> {
    return this.pages.affected(
      audit.id,
      finding.id,
      offset,
      limit,
      partOf(finding, audit.templateIssues),
    );
  }

  /** The pages a check affects, with its evidence; 404 for a check id that names no check. */
  async affected(
    accountId: string,
    auditId: string,
    checkId: string,
    query: AffectedPagesQuery,
  ): Promise<NumberedPage<AffectedPage>> {
    const part = await this.partAsked(accountId, auditId, checkId, query.scope);
    return countThenPage(
      query,
      () => this.pages.countAffected(auditId, checkId, part),
      (offset, limit) =>
        this.pages.affected(auditId, checkId, offset, limit, part),
    );
  }

  /** Every URL a check affects (of a scope's part), in crawl order, in one read: the command line's export. */
  async affectedUrls(
    accountId: string,
    auditId: string,
    checkId: string,
    scope?: AffectedPagesQuery['scope'],
  ): Promise<string[]> {
    const part = await this.partAsked(accountId, auditId, checkId, scope);
    return this.pages.affectedUrls(auditId, checkId, part);
  }

  /** The part of its pages a scope asks of a check of a judged audit; 404 for a check id that names no check. */
  private async partAsked(
    accountId: string,
    auditId: string,
    checkId: string,
    scope: AffectedPagesQuery['scope'],
  ): Promise<FindingPart | null> {
    const audit = await this.judged(accountId, auditId);
    if (!checkEntryOf(checkId)) {
      throw new NotFoundProblem(unknownCheckIdMessage('check_id', checkId));
    }
    return scope
      ? (partOf({ id: checkId, scope }, audit.templateIssues) ??
          (scope === 'template' ? { templates: [], inside: true } : null))
      : null;
  }

  /** Each target of a link or canonical finding once, with every page pointing at it. */
  async targets(
    accountId: string,
    auditId: string,
    checkId: string,
    query: AuditPageQuery,
  ): Promise<NumberedPage<FindingTarget>> {
    await this.judged(accountId, auditId);
    if (!checkEntryOf(checkId)) {
      throw new NotFoundProblem(unknownCheckIdMessage('check_id', checkId));
    }
    // Grouped from every affected page at once: the page of targets is a slice of them.
    const targets = await this.targetsOf(auditId, checkId);
    return countThenPage(
      query,
      () => Promise.resolve(targets.length),
      (offset, limit) => Promise.resolve(targets.slice(offset, offset + limit)),
    );
  }

  /** The targets of a check of an audit the caller may read; 422 for a check without targets. */
  async targetsOf(auditId: string, checkId: string): Promise<FindingTarget[]> {
    if (!TARGETED_CHECKS.has(checkId)) {
      throw new ProblemException(
        422,
        `${checkId} names no targets; the checks that do: ${[...TARGETED_CHECKS].join(', ')}.`,
      );
    }
    const count = await this.pages.countAffected(auditId, checkId);
    return targetsOf(await this.pages.affected(auditId, checkId, 0, count));
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
  const {
    results,
    rejudged,
    site_checks,
    html,
    template,
    template_lab,
    ...row
  } = page;
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
    template: template && {
      ...template,
      measured: template_lab?.measured ?? false,
      note: template_lab?.measured
        ? `Measured in the lab as one of the representatives of its template ${template.name}.`
        : template_lab?.planned
          ? `Not measured in the lab: it inherits the verdict of its template ${template.name}, whose representatives were.`
          : `Of the template ${template.name}; no page of it was measured in the lab.`,
    },
  };
}
