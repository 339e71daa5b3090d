import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { IS_PAGE } from '../site-audit-pages.repository.js';
import type { DiffPage } from './audit-diff.js';

/** The reads of a diff: the audit to compare with, and the pages of each side. */
@Injectable()
export class SiteAuditDiffRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The latest completed audit of this account and start URL created before `beforeId`; null when none. */
  async previousCompleted(
    accountId: string,
    url: string,
    beforeId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<string | null> {
    const [row]: Array<{ id: string }> = await manager.query(
      `SELECT id FROM site_audits
       WHERE account_id = $1 AND url = $2 AND id < $3 AND status = 'completed'
       ORDER BY id DESC LIMIT 1`,
      [accountId, url, beforeId],
    );
    return row ? String(row.id) : null;
  }

  /** Scores of the account's completed audits of `url` up to `uptoId`, newest first. */
  async scoresUpTo(
    accountId: string,
    url: string,
    uptoId: string,
    limit: number,
  ): Promise<Array<{ id: string; score: number; finished_at: Date }>> {
    return this.db.query(
      `SELECT id, score, finished_at FROM site_audits
       WHERE account_id = $1 AND url = $2 AND id <= $3 AND status = 'completed'
         AND score IS NOT NULL AND finished_at IS NOT NULL
       ORDER BY id DESC LIMIT $4`,
      [accountId, url, uptoId, limit],
    );
  }

  /** Every page of the audit with the fields a diff compares, by URL. */
  pagesOf(
    auditId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<DiffPage[]> {
    return manager.query(
      `SELECT u.url, u.html, u.status_code, u.redirect_to, u.indexable, u.noindex,
              u.title, u.meta_description, u.canonical, u.hreflang, u.failed_checks,
              (SELECT (c ->> 3)::float8 FROM jsonb_array_elements(u.results -> 'checks') c
               WHERE c ->> 0 = 'response_time' AND jsonb_typeof(c -> 3) = 'number'
               LIMIT 1) AS response_ms
       FROM site_audit_page_rows u WHERE u.audit_id = $1 AND ${IS_PAGE}
       ORDER BY u.url`,
      [auditId],
    );
  }
}
