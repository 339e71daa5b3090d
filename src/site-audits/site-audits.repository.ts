import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { nextRunAfter } from '../schedules/schedule.js';
import type { Schedule } from '../schedules/schedule.js';
import type { DueRuns } from '../schedules/schedulable.js';
import { shareTokenFor } from '../sharing/share-token.js';
import type { Privacy } from '../sharing/privacy.js';
import type {
  AuditSettings,
  SiteAudit,
  SiteAuditError,
  SiteAuditStatus,
} from './site-audit.js';

/** An audit as create stores it, queued. */
export interface NewSiteAudit {
  accountId: string;
  url: string;
  project: string;
  settings: AuditSettings;
  privacy: Privacy;
  passwordHash: string | null;
  shareToken: string | null;
  schedule: Schedule | null;
  nextRunAt: Date | null;
}

/** What an update changes of an audit; an absent field is left as it is. */
export interface AuditChange {
  privacy?: Privacy;
  passwordHash?: string | null;
  shareToken?: string | null;
  schedule?: Schedule | null;
  nextRunAt?: Date | null;
}

/** The filters of the list of audits. */
export interface SiteAuditFilter {
  status?: SiteAuditStatus;
  project?: string;
}

/** Every column of an audit, named as SiteAudit names it. */
const AUDIT_COLUMNS = `id, account_id AS "accountId", url, project, status,
  stop_reason AS "stopReason", settings, privacy, password_hash AS "passwordHash",
  share_token AS "shareToken", share_version AS "shareVersion", origin,
  crawl_delay_ms AS "crawlDelayMs", requested, crawled, failed, unprocessed, score, result, issues, template_issues AS "templateIssues", structured_data AS "structuredData", accessibility,
  lab_pages AS "labPages", lab_measured AS "labMeasured",
  error, created_at AS "createdAt", updated_at AS "updatedAt",
  started_at AS "startedAt", stopped_at AS "stoppedAt", judged_at AS "judgedAt",
  finished_at AS "finishedAt",
  schedule, next_run_at AS "nextRunAt", scheduled_from AS "scheduledFrom"`;

function auditOf(row: SiteAudit): SiteAudit {
  return {
    ...row,
    id: String(row.id),
    accountId: String(row.accountId),
    scheduledFrom:
      row.scheduledFrom === null ? null : String(row.scheduledFrom),
  };
}

/** A scheduled audit that is due, as the tick reads it, locked. */
interface DueAudit {
  id: string;
  account_id: string;
  url: string;
  project: string;
  settings: AuditSettings;
  privacy: Privacy;
  password_hash: string | null;
  schedule: Schedule;
  next_run_at: Date;
}

/** Serialises the in-flight count and the insert of one account's audits. */
function lockAccountAudits(
  manager: EntityManager,
  accountId: string,
): Promise<unknown> {
  return manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
    `site-audits:${accountId}`,
  ]);
}

async function inFlightOf(
  manager: EntityManager,
  accountId: string,
): Promise<number> {
  const [{ n }]: Array<{ n: string }> = await manager.query(
    `SELECT count(*) AS n FROM site_audits
     WHERE account_id = $1 AND status IN ('queued', 'running')`,
    [accountId],
  );
  return Number(n);
}

/** The account's audits with a schedule (index site_audits_account_scheduled). */
async function scheduledOf(
  manager: EntityManager,
  accountId: string,
): Promise<number> {
  const [{ n }]: Array<{ n: string }> = await manager.query(
    `SELECT count(*) AS n FROM site_audits
     WHERE account_id = $1 AND schedule IS NOT NULL`,
    [accountId],
  );
  return Number(n);
}

/** What a create finds of its account's audits, under the account's lock. */
export interface AccountAuditCounts {
  /** Audits queued or running. */
  inFlight: number;
  /** Audits with a schedule. */
  scheduled: number;
}

/** Every statement on the site_audits table but the crawl's (the crawler's frontier/). */
@Injectable()
export class SiteAuditsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Stores a new audit, queued, once `admit` has judged the account's counts, read
   * under the account's lock; `admit` may throw to store nothing.
   */
  async insertQueued(
    audit: NewSiteAudit,
    admit: (counts: AccountAuditCounts) => void,
  ): Promise<SiteAudit> {
    return this.db.transaction(async (manager) => {
      await lockAccountAudits(manager, audit.accountId);
      admit({
        inFlight: await inFlightOf(manager, audit.accountId),
        scheduled: await scheduledOf(manager, audit.accountId),
      });
      return this.insert(manager, audit, null);
    });
  }

  private async insert(
    manager: EntityManager,
    audit: NewSiteAudit,
    scheduledFrom: string | null,
  ): Promise<SiteAudit> {
    const [row]: SiteAudit[] = await manager.query(
      `INSERT INTO site_audits (account_id, url, project, settings, privacy, password_hash,
                                share_token, schedule, next_run_at, scheduled_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING ${AUDIT_COLUMNS}`,
      [
        audit.accountId,
        audit.url,
        audit.project,
        JSON.stringify(audit.settings),
        audit.privacy,
        audit.passwordHash,
        audit.shareToken,
        audit.schedule,
        audit.nextRunAt,
        scheduledFrom,
      ],
    );
    return auditOf(row);
  }

  /**
   * Starts the audits of up to `limit` scheduled audits due at `now`, every account's
   * first before any account's second, in one transaction (SKIP LOCKED: two ticks
   * never take the same): each a new audit of the same site, settings and privacy
   * (with a share token of its own), unless its account has `maxInFlight` audits
   * queued or running; then its run waits until `postponeBusyTo`. Each one taken
   * moves on to its next run. Answers the new audits' ids and how many were taken.
   */
  async startDueSchedules(
    { now, limit, postponeBusyTo }: DueRuns,
    maxInFlight: number,
  ): Promise<{ started: string[]; taken: number }> {
    return this.db.transaction(async (manager) => {
      const due: DueAudit[] = await manager.query(
        `SELECT id, account_id, url, project, settings, privacy, password_hash,
                schedule, next_run_at
         FROM site_audits
         WHERE id IN (
           SELECT id FROM (
             SELECT id, next_run_at,
                    row_number() OVER (PARTITION BY account_id ORDER BY next_run_at) AS nth
             FROM site_audits WHERE schedule IS NOT NULL AND next_run_at <= $1) d
           ORDER BY nth, next_run_at LIMIT $2)
         ORDER BY next_run_at
         FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      const started: string[] = [];
      for (const audit of due) {
        const accountId = String(audit.account_id);
        await lockAccountAudits(manager, accountId);
        if ((await inFlightOf(manager, accountId)) >= maxInFlight) {
          await manager.query(
            `UPDATE site_audits SET next_run_at = $2 WHERE id = $1`,
            [audit.id, postponeBusyTo],
          );
          continue;
        }
        const created = await this.insert(
          manager,
          {
            accountId,
            url: audit.url,
            project: audit.project,
            settings: audit.settings,
            privacy: audit.privacy,
            passwordHash: audit.password_hash,
            shareToken: shareTokenFor(audit.privacy),
            schedule: null,
            nextRunAt: null,
          },
          String(audit.id),
        );
        started.push(created.id);
        await manager.query(
          `UPDATE site_audits SET next_run_at = $2 WHERE id = $1`,
          [audit.id, nextRunAfter(audit.schedule, audit.next_run_at, now)],
        );
      }
      return { started, taken: due.length };
    });
  }

  async findForAccount(
    accountId: string,
    id: string,
  ): Promise<SiteAudit | null> {
    const [row]: SiteAudit[] = await this.db.query(
      `SELECT ${AUDIT_COLUMNS} FROM site_audits WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return row ? auditOf(row) : null;
  }

  /** The audit a share token opens (public or password); null otherwise. */
  async findShared(shareToken: string): Promise<SiteAudit | null> {
    const [row]: SiteAudit[] = await this.db.query(
      `SELECT ${AUDIT_COLUMNS} FROM site_audits
       WHERE share_token = $1 AND privacy <> 1`,
      [shareToken],
    );
    return row ? auditOf(row) : null;
  }

  /**
   * Changes the account's audit as `decide` says of it, locked against other
   * updates, with the account's scheduled audits counted under the account's lock;
   * `decide` may throw to refuse. Answers the audit as it now is; null when the
   * account has no such audit.
   */
  async changeLocked(
    accountId: string,
    id: string,
    decide: (locked: SiteAudit, scheduled: number) => AuditChange,
  ): Promise<SiteAudit | null> {
    return this.db.transaction(async (manager) => {
      const [row]: SiteAudit[] = await manager.query(
        `SELECT ${AUDIT_COLUMNS} FROM site_audits
         WHERE id = $1 AND account_id = $2 FOR UPDATE`,
        [id, accountId],
      );
      if (!row) return null;
      const locked = auditOf(row);
      // After the row's lock, as the schedule tick takes them.
      await lockAccountAudits(manager, accountId);
      const change = decide(locked, await scheduledOf(manager, accountId));
      const sets: string[] = [];
      const parameters: unknown[] = [id];
      const set = (column: string, value: unknown) => {
        parameters.push(value);
        sets.push(`${column} = $${parameters.length}`);
      };
      if (change.privacy !== undefined) set('privacy', change.privacy);
      if (change.passwordHash !== undefined) {
        set('password_hash', change.passwordHash);
      }
      if (change.shareToken !== undefined)
        set('share_token', change.shareToken);
      // Cookies of the shared page carry share_version: a privacy, password or token change voids them.
      if (sets.length > 0) sets.push('share_version = share_version + 1');
      if (change.schedule !== undefined) {
        set('schedule', change.schedule);
        set('next_run_at', change.nextRunAt ?? null);
      }
      if (sets.length === 0) return locked;
      const [[updated]]: [SiteAudit[], number] = await manager.query(
        `UPDATE site_audits SET ${sets.join(', ')}
         WHERE id = $1 RETURNING ${AUDIT_COLUMNS}`,
        parameters,
      );
      return auditOf(updated);
    });
  }

  /** The audit, whoever's it is: for the crawl and its jobs. */
  async find(
    id: string,
    manager: EntityManager = this.db.manager,
  ): Promise<SiteAudit | null> {
    const [row]: SiteAudit[] = await manager.query(
      `SELECT ${AUDIT_COLUMNS} FROM site_audits WHERE id = $1`,
      [id],
    );
    return row ? auditOf(row) : null;
  }

  async countForAccount(
    accountId: string,
    filter: SiteAuditFilter,
  ): Promise<number> {
    const { where, parameters } = this.filterOf(accountId, filter);
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audits WHERE ${where}`,
      parameters,
    );
    return Number(n);
  }

  /** A page of the account's audits, newest first. */
  async pageForAccount(
    accountId: string,
    filter: SiteAuditFilter,
    offset: number,
    limit: number,
  ): Promise<SiteAudit[]> {
    const { where, parameters } = this.filterOf(accountId, filter);
    const rows: SiteAudit[] = await this.db.query(
      `SELECT ${AUDIT_COLUMNS} FROM site_audits WHERE ${where}
       ORDER BY id DESC OFFSET $${parameters.length + 1} LIMIT $${parameters.length + 2}`,
      [...parameters, offset, limit],
    );
    return rows.map(auditOf);
  }

  /** The pages waiting in the audit's frontier (placed or found and crawlable, not yet settled). */
  async queuedCount(id: string): Promise<number> {
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audit_urls
       WHERE audit_id = $1 AND in_scope
         AND (state IN ('queued', 'dispatched', 'running') OR (state = 'found' AND crawlable))`,
      [id],
    );
    return Number(n);
  }

  /** Deletes the audit and, by cascade, all of it; false when the account has no such audit. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.db.query(
      `DELETE FROM site_audits WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return affected > 0;
  }

  /**
   * Stops a queued or running audit: cancelled, stop_reason cancelled; the crawl's
   * jobs see it before each request. Answers the audit as it now is; null when the
   * account has no such audit.
   */
  async cancel(accountId: string, id: string): Promise<SiteAudit | null> {
    // A running crawl stops here; it is `cancelled` once nothing of it is in flight.
    await this.db.query(
      `UPDATE site_audits
       SET status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
           stop_reason = 'cancelled', updated_at = now()
       WHERE id = $1 AND account_id = $2 AND status IN ('queued', 'running')
         AND stop_reason IS NULL`,
      [id, accountId],
    );
    return this.findForAccount(accountId, id);
  }

  /**
   * Fails an audit that has not finished: why, in `error`; its pages so far are
   * kept. `inTransaction` runs in the same transaction once it has failed (an outbox).
   */
  async fail(
    id: string,
    error: SiteAuditError,
    inTransaction: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const [, affected]: [unknown, number] = await manager.query(
        `UPDATE site_audits
         SET status = 'failed', stop_reason = 'error', error = $2,
             stopped_at = coalesce(stopped_at, now()), finished_at = now(), updated_at = now()
         WHERE id = $1 AND finished_at IS NULL AND status <> 'cancelled'`,
        [id, JSON.stringify(error)],
      );
      if (affected > 0) await inTransaction(manager);
      return affected > 0;
    });
  }

  private filterOf(
    accountId: string,
    filter: SiteAuditFilter,
  ): { where: string; parameters: unknown[] } {
    const parameters: unknown[] = [accountId];
    const clauses = ['account_id = $1'];
    if (filter.status) {
      parameters.push(filter.status);
      clauses.push(`status = $${parameters.length}`);
    }
    if (filter.project) {
      parameters.push(filter.project.toLowerCase());
      clauses.push(`project = $${parameters.length}`);
    }
    return { where: clauses.join(' AND '), parameters };
  }
}
