import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Pool, QueryResult } from 'pg';
import type { ClaimedPage } from './crawl-records.js';

/** How often a process looks for pages of processes that died (leases run 30 s). */
const LEASES_CHECKED_EVERY_MS = 5_000;

/**
 * The frontier's queue as processes take from it: queued pages of running crawls taken
 * by their place, across crawls (a new crawl's first pages before an old one's next),
 * with SKIP LOCKED, each under a lease its process renews; handed back, retried later,
 * or given back; a dead process's pages requeued once their lease ran out.
 */
@Injectable()
export class PageLeasesRepository {
  private leasesCheckedAt = 0;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes up to `limit` queued pages of running crawls, by place, running under a
   * lease of `leaseMs`; first, now and then, requeues the pages of processes whose
   * lease ran out (they died).
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedPage[]> {
    if (limit <= 0) return [];
    if (Date.now() - this.leasesCheckedAt >= LEASES_CHECKED_EVERY_MS) {
      await this.requeueExpired();
      this.leasesCheckedAt = Date.now();
    }
    if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(leaseMs)) {
      throw new RangeError(`claim(${limit}, ${leaseMs}): integers expected`);
    }
    // One round trip: the statements of one simple query run as one transaction, so
    // the settings hold for the UPDATE alone. The queue's index is already in place
    // order: without fresh statistics (no autovacuum) the planner would sort every
    // queued row of a crawl instead. Integers only are written into the text.
    const results = await this.simpleQuery<
      Omit<ClaimedPage, 'key' | 'hash'> & { key: string; hash: string }
    >(
      `SET LOCAL enable_sort = off;
       SET LOCAL enable_bitmapscan = off;
       UPDATE site_audit_urls u SET state = 'running',
         lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
       FROM site_audits a
       WHERE a.id = u.audit_id
         AND u.key IN (
           SELECT q.key FROM site_audit_urls q
           WHERE q.state = 'queued' AND (q.not_before IS NULL OR q.not_before <= now())
             AND q.audit_id = ANY(ARRAY(SELECT id FROM site_audits
                                        WHERE status = 'running' AND stop_reason IS NULL))
           ORDER BY q.place LIMIT ${limit} FOR UPDATE OF q SKIP LOCKED)
       RETURNING u.key, u.url_hash AS hash, u.audit_id AS "auditId",
                 a.account_id AS "accountId", u.url, u.depth, u.place, u.attempts`,
    );
    const rows = results[2];
    return rows.map((row) => ({
      ...row,
      key: String(row.key),
      hash: String(row.hash),
      auditId: String(row.auditId),
      accountId: String(row.accountId),
    }));
  }

  /**
   * Statements without parameters sent together in one simple query (one round trip,
   * one implicit transaction): the rows each answered, in order.
   */
  private async simpleQuery<T>(sql: string): Promise<T[][]> {
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const answered = (await pool.query(sql)) as unknown as
      QueryResult | QueryResult[];
    return (Array.isArray(answered) ? answered : [answered]).map(
      (result) => result.rows as T[],
    );
  }

  /** Pages whose process's lease ran out go back to the queue, in their place. */
  async requeueExpired(): Promise<void> {
    await this.db.query(
      `UPDATE site_audit_urls SET state = 'queued', lease_until = NULL, updated_at = now()
       WHERE key IN (SELECT key FROM site_audit_urls
                     WHERE state = 'running' AND lease_until < now()
                     FOR UPDATE SKIP LOCKED)`,
    );
  }

  /** Keeps this process's pages its own a while longer. */
  async renew(keys: string[], leaseMs: number): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `UPDATE site_audit_urls SET lease_until = now() + $2 * interval '1 millisecond'
       WHERE key = ANY($1::bigint[]) AND state = 'running'`,
      [keys, leaseMs],
    );
  }

  /** Hands pages back to the queue (the process stops): another takes them. */
  async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `UPDATE site_audit_urls SET state = 'queued', lease_until = NULL, updated_at = now()
       WHERE key = ANY($1::bigint[]) AND state = 'running'`,
      [keys],
    );
  }

  /** A transient failure: the page waits `delayMs` for its next attempt, counted. */
  async retryLater(key: string, delayMs: number): Promise<void> {
    await this.db.query(
      `UPDATE site_audit_urls SET state = 'queued', attempts = attempts + 1,
         not_before = now() + $2 * interval '1 millisecond', lease_until = NULL,
         updated_at = now()
       WHERE key = $1 AND state = 'running'`,
      [key, delayMs],
    );
  }

  /**
   * Gives back a page claimed but not requested (its crawl was cancelled meanwhile):
   * it is no page, and does not count against max_pages.
   */
  async giveBack(page: ClaimedPage): Promise<void> {
    await this.db.transaction(async (manager) => {
      const [, affected]: [unknown, number] = await manager.query(
        `UPDATE site_audit_urls SET state = 'found', place = NULL, wave = NULL,
           lease_until = NULL, updated_at = now()
         WHERE key = $1 AND state = 'running'`,
        [page.key],
      );
      if (affected > 0) {
        await manager.query(
          `UPDATE site_audits SET requested = requested - 1, updated_at = now() WHERE id = $1`,
          [page.auditId],
        );
      }
    });
  }
}
