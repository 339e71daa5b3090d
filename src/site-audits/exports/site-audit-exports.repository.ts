import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IS_PAGE, PAGE_COLUMNS } from '../site-audit-pages.repository.js';
import type { AuditPageRow } from '../site-audit-pages.repository.js';

/** A page that fails checks, with the evidence of each, as the issues export reads it. */
export interface FailingPageRow {
  place: number;
  url: string;
  status_code: number | null;
  depth: number | null;
  /** Its template's id and name; null for a page that is not HTML answered 2xx. */
  template: number | null;
  template_name: string | null;
  failed_checks: string[];
  /** The site checks it fails, with their evidence. */
  site_checks: Array<{ id: string; value: unknown }> | null;
  /** Page checks judged again once the crawl stopped, by id. */
  rejudged: Record<string, { value?: unknown }> | null;
  /** The evidence its first judgement stored for the page checks it fails (and were not judged again), by id. */
  page_values: Record<string, unknown> | null;
}

/**
 * The reads of the exports: pages in crawl order after a place (keyset on the audit's
 * page index), a bounded batch each, so a file of any size is read in constant memory.
 */
@Injectable()
export class SiteAuditExportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Up to `limit` pages after `afterPlace`, in crawl order. */
  pagesAfter(
    auditId: string,
    afterPlace: number,
    limit: number,
  ): Promise<AuditPageRow[]> {
    return this.db.query(
      `SELECT ${PAGE_COLUMNS} FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.place > $2
       ORDER BY u.place LIMIT $3`,
      [auditId, afterPlace, limit],
    );
  }

  /** Up to `limit` pages after `afterPlace` that fail a check, in crawl order, with the evidence of each. */
  failingPagesAfter(
    auditId: string,
    afterPlace: number,
    limit: number,
  ): Promise<FailingPageRow[]> {
    return this.db.query(
      `SELECT u.place, u.url, u.status_code, u.depth, u.failed_checks, u.site_checks,
              u.rejudged, u.template,
              (SELECT t.name FROM site_audit_templates t
               WHERE t.audit_id = u.audit_id AND t.ordinal = u.template) AS template_name,
              (SELECT jsonb_object_agg(c ->> 0, c -> 3)
               FROM jsonb_array_elements(u.results -> 'checks') c
               WHERE c ->> 0 = ANY (u.failed_checks)) AS page_values
       FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.place > $2
         AND cardinality(u.failed_checks) > 0
       ORDER BY u.place LIMIT $3`,
      [auditId, afterPlace, limit],
    );
  }
}
