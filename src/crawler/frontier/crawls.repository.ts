import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CrawlSettings } from '../crawl.js';

/**
 * A crawl as the crawler reads it: the crawl columns of its audit's row. The product
 * owns the rest of the row (privacy, score, issues); the crawler writes only what
 * its crawl is (origin, facts, waves, counts, why and when it stopped) and marks the
 * audit running when its crawl starts.
 */
export interface CrawlRow {
  id: string;
  accountId: string;
  url: string;
  settings: CrawlSettings;
  status: string;
  /** Why the crawl stops (or stopped): set by a cancel, or by the crawl when nothing is left. */
  stopReason: string | null;
  /** The origin the start URL ended on; null until the start has seeded the crawl. */
  origin: string | null;
  /** What the start learned of the site (robots.txt, sitemaps, …), as the start stored it. */
  facts: unknown;
  /** When the crawl stopped with nothing in flight; null while it crawls. */
  stoppedAt: Date | null;
  finishedAt: Date | null;
}

const CRAWL_COLUMNS = `id, account_id AS "accountId", url, settings, status,
  stop_reason AS "stopReason", origin, facts, stopped_at AS "stoppedAt",
  finished_at AS "finishedAt"`;

function crawlOf(row: CrawlRow): CrawlRow {
  return { ...row, id: String(row.id), accountId: String(row.accountId) };
}

/** The statements on a crawl's own row. */
@Injectable()
export class CrawlsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(id: string): Promise<CrawlRow | null> {
    const [row]: CrawlRow[] = await this.db.query(
      `SELECT ${CRAWL_COLUMNS} FROM site_audits WHERE id = $1`,
      [id],
    );
    return row ? crawlOf(row) : null;
  }

  /** queued → running, once: false when it is no longer queued. */
  async markRunning(id: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.db.query(
      `UPDATE site_audits SET status = 'running', started_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'queued'`,
      [id],
    );
    return affected > 0;
  }

  /**
   * Whether the crawl goes on, read before requests (a runner shares one read among
   * its pages for 100 ms), so a cancel stops them.
   */
  async isCrawling(id: string): Promise<boolean> {
    const [row]: Array<{ crawling: boolean }> = await this.db.query(
      `SELECT status = 'running' AND stop_reason IS NULL AS crawling
       FROM site_audits WHERE id = $1`,
      [id],
    );
    return row?.crawling ?? false;
  }

  /** Which of these crawls no longer go on (cancelled, or ended). */
  async notCrawling(ids: string[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id::text FROM site_audits
       WHERE id = ANY($1::bigint[]) AND (status <> 'running' OR stop_reason IS NOT NULL)`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** A crawl that never started (cancelled while queued) has stopped: nothing of it is in flight. */
  async stopUnstarted(id: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.db.query(
      `UPDATE site_audits SET stop_reason = coalesce(stop_reason, 'cancelled'),
         stopped_at = now(), updated_at = now()
       WHERE id = $1 AND stopped_at IS NULL AND origin IS NULL`,
      [id],
    );
    return affected > 0;
  }

  /**
   * Crawls not stopped and untouched since `before`: a job of theirs may be lost
   * (the start, or the advance after a wave).
   */
  async findStale(
    before: Date,
    limit: number,
  ): Promise<Array<Pick<CrawlRow, 'id' | 'status' | 'origin'>>> {
    const rows: Array<Pick<CrawlRow, 'id' | 'status' | 'origin'>> =
      await this.db.query(
        `SELECT id, status, origin FROM site_audits
         WHERE finished_at IS NULL AND stopped_at IS NULL AND updated_at < $1
         ORDER BY updated_at LIMIT $2`,
        [before, limit],
      );
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }
}
