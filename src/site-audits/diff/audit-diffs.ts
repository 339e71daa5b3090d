import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SiteAudit } from '../site-audit.js';
import { diffAudits } from './audit-diff.js';
import type { AuditChange } from './audit-diff.js';
import { SiteAuditDiffRepository } from './site-audit-diff.repository.js';

/** The changes between two audits, read from the database and judged by diffAudits. */
@Injectable()
export class AuditDiffs {
  constructor(private readonly store: SiteAuditDiffRepository) {}

  /** The previous completed audit of the audit's account and start URL; null when none. */
  previousOf(
    audit: SiteAudit,
    manager?: EntityManager,
  ): Promise<string | null> {
    return this.store.previousCompleted(
      audit.accountId,
      audit.url,
      audit.id,
      manager,
    );
  }

  /** The audit's score and those of the completed audits of its start URL before it, oldest first. */
  async scoreHistory(
    audit: SiteAudit,
    limit: number,
  ): Promise<Array<{ id: number; score: number; finished_at: string }>> {
    const rows = await this.store.scoresUpTo(
      audit.accountId,
      audit.url,
      audit.id,
      limit,
    );
    return rows.reverse().map((row) => ({
      id: Number(row.id),
      score: row.score,
      finished_at: new Date(row.finished_at).toISOString(),
    }));
  }

  /** What changed from one audit to the other, each change's pages capped at `cap`. */
  async between(
    fromId: string,
    toId: string,
    cap: number,
    manager?: EntityManager,
  ): Promise<AuditChange[]> {
    const before = await this.store.pagesOf(fromId, manager);
    const after = await this.store.pagesOf(toId, manager);
    return diffAudits(before, after, cap);
  }
}
