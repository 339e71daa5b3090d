import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuditTemplate } from '../findings/findings.js';
import type { PageTemplate, TemplatePage } from './page-templates.js';

/** The reads and writes of an audit's templates: what they are, and each page's. */
@Injectable()
export class PageTemplatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The audit's HTML pages answered 2xx, in crawl order: what templates group. */
  pagesToGroup(auditId: string): Promise<TemplatePage[]> {
    return this.db.query(
      `SELECT key::text, url, skeleton FROM site_audit_page_rows
       WHERE audit_id = $1 AND state = 'done' AND html
         AND status_code BETWEEN 200 AND 299
       ORDER BY place`,
      [auditId],
    );
  }

  /**
   * Stores the templates (numbered from 1, in the order given) and each page's, in
   * place of any an interrupted judgement stored.
   */
  async replaceTemplates(
    auditId: string,
    templates: PageTemplate[],
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `DELETE FROM site_audit_templates WHERE audit_id = $1`,
        [auditId],
      );
      await manager.query(
        `INSERT INTO site_audit_templates (audit_id, ordinal, name, pattern, skeleton, page_count)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[])`,
        [
          auditId,
          templates.map((_, i) => i + 1),
          templates.map((t) => t.name),
          templates.map((t) => t.pattern),
          templates.map((t) => t.skeleton),
          templates.map((t) => t.pageCount),
        ],
      );
      await manager.query(
        `INSERT INTO site_audit_page_judgements AS j (key, template)
         SELECT t.key, t.ordinal FROM unnest($2::bigint[], $3::int[]) AS t(key, ordinal)
         JOIN site_audit_urls u ON u.audit_id = $1 AND u.key = t.key
         ON CONFLICT (key) DO UPDATE SET template = excluded.template`,
        [
          auditId,
          templates.flatMap((t) => t.pages.map((page) => page.key)),
          templates.flatMap((t, i) => t.pages.map(() => i + 1)),
        ],
      );
    });
  }

  /** The audit's templates, the biggest first; empty before its judgement groups them. */
  templatesOf(auditId: string): Promise<AuditTemplate[]> {
    return this.db.query(
      `SELECT ordinal, name, pattern, page_count AS "pageCount"
       FROM site_audit_templates WHERE audit_id = $1 ORDER BY ordinal`,
      [auditId],
    );
  }
}
