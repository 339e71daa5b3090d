import { Injectable } from '@nestjs/common';
import { ProblemException } from '../../common/problem.js';
import { findingsOf } from '../findings/findings.js';
import type { AuditFinding, TemplateIssues } from '../findings/findings.js';
import { SiteAuditPagesRepository } from '../site-audit-pages.repository.js';
import type { AuditPageRow } from '../site-audit-pages.repository.js';
import { SiteAuditsService } from '../site-audits.service.js';
import type { IssueExportRow } from './export-columns.js';
import { SiteAuditExportsRepository } from './site-audit-exports.repository.js';
import type { FailingPageRow } from './site-audit-exports.repository.js';

/** Pages read at once: bounds the memory of an export whatever the audit's size. */
export const EXPORT_PAGES_AT_ONCE = 500;

/** The rows of an audit's CSV exports, for the account it belongs to, read in batches. */
@Injectable()
export class SiteAuditExportsService {
  constructor(
    private readonly audits: SiteAuditsService,
    private readonly store: SiteAuditExportsRepository,
    private readonly auditPages: SiteAuditPagesRepository,
  ) {}

  /** Every page so far, in crawl order; 404 when the account has no such audit. */
  async pages(
    accountId: string,
    auditId: string,
  ): Promise<AsyncIterable<AuditPageRow>> {
    await this.audits.find(accountId, auditId);
    return keyset(
      (after) => this.store.pagesAfter(auditId, after, EXPORT_PAGES_AT_ONCE),
      (page) => page.id,
    );
  }

  /** Every affected page of every check; 404 as above, 409 until the audit is judged. */
  async issues(
    accountId: string,
    auditId: string,
  ): Promise<AsyncIterable<IssueExportRow>> {
    const audit = await this.audits.find(accountId, auditId);
    if (audit.finishedAt === null || audit.issues === null) {
      throw new ProblemException(
        409,
        'The site checks of this audit are judged once it has stopped; ask again then.',
      );
    }
    const pages = keyset(
      (after) =>
        this.store.failingPagesAfter(auditId, after, EXPORT_PAGES_AT_ONCE),
      (page) => page.place,
    );
    const findings = findingsOf(
      audit.issues,
      await this.auditPages.htmlPageCount(auditId),
      audit.templateIssues && { issues: audit.templateIssues, templates: [] },
    );
    return issueRowsOf(pages, findings, audit.templateIssues ?? {});
  }
}

/** Every row of batches read after the key of the last row, until a short batch. */
async function* keyset<T>(
  batchAfter: (after: number) => Promise<T[]>,
  keyOf: (row: T) => number,
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const batch = await batchAfter(after);
    yield* batch;
    if (batch.length < EXPORT_PAGES_AT_ONCE) return;
    after = keyOf(batch[batch.length - 1]);
  }
}

async function* issueRowsOf(
  pages: AsyncIterable<FailingPageRow>,
  findings: AuditFinding[],
  templateIssues: TemplateIssues,
): AsyncGenerator<IssueExportRow> {
  // A split check's template finding holds its templates' pages; the other, the rest.
  const byId = new Map<string, AuditFinding>();
  for (const finding of [...findings].reverse()) {
    if (finding.scope !== 'template' || !byId.has(finding.id)) {
      byId.set(finding.id, finding);
    }
  }
  for await (const page of pages) {
    for (const checkId of page.failed_checks) {
      const finding = byId.get(checkId);
      const ofTemplate = (templateIssues[checkId] ?? []).some(
        (defect) => defect.ordinal === page.template,
      );
      yield {
        check_id: checkId,
        scope: ofTemplate ? 'template' : (finding?.scope ?? 'page'),
        importance: finding?.importance ?? 'low',
        page_id: page.place,
        url: page.url,
        status_code: page.status_code,
        depth: page.depth,
        template: page.template_name,
        value: evidenceOf(page, checkId),
      };
    }
  }
}

/** A check's evidence for a page, as `/issues/{check_id}` answers it: the site check's, the page check judged again, or its first judgement. */
export function evidenceOf(page: FailingPageRow, checkId: string): unknown {
  const site = page.site_checks?.find((finding) => finding.id === checkId);
  if (site) return site.value ?? null;
  if (page.rejudged && checkId in page.rejudged) {
    return page.rejudged[checkId].value ?? null;
  }
  return page.page_values?.[checkId] ?? null;
}
