import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SiteAuditStatus } from '../site-audit.js';
import {
  advanceWithin,
  lockAudit,
  markCancelled,
  placeFoundNow,
} from './crawl-waves.js';
import { discover, storeLinks, writeRecord } from './frontier-writes.js';
import type {
  Advance,
  ClaimedPage,
  Discovery,
  LinkRow,
  PageRecord,
  ProbeAnswer,
  RobotsRule,
} from './crawl-records.js';

/** Pages of one audit in flight at once: twice the host's concurrency keeps its turns busy while pages are judged. */
export function inFlightWindow(hostConcurrency: number): number {
  return hostConcurrency * 2;
}

/**
 * The crawl's frontier in PostgreSQL: which URLs are known, placed, requested and
 * settled. Each settle and each step of the crawl runs under its audit's row lock, so
 * two processes never dispatch one page twice, and a process that dies loses nothing
 * a sweep cannot pick up. Breadth-first: a wave (one depth) is placed, in the order
 * its pages were linked, when the wave before it has settled; then the waves of the
 * URLs only sitemaps, canonicals and hreflang name.
 */
@Injectable()
export class CrawlFrontier {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Starts a page's request: dispatched (or running, a dead worker's) → running. Null when there is nothing to do. */
  async claimPage(key: string): Promise<ClaimedPage | null> {
    const [rows]: [Array<ClaimedPage & { status: SiteAuditStatus }>, number] =
      await this.db.query(
        `UPDATE site_audit_urls u SET state = 'running', updated_at = now()
         FROM site_audits a
         WHERE u.key = $1 AND u.state IN ('dispatched', 'running')
           AND a.id = u.audit_id
         RETURNING u.key, u.audit_id AS "auditId", a.account_id AS "accountId",
                   u.url, u.depth, u.place, u.attempts, a.status`,
        [key],
      );
    const [row] = rows;
    if (!row) return null;
    return {
      key: String(row.key),
      auditId: String(row.auditId),
      accountId: String(row.accountId),
      url: row.url,
      depth: row.depth,
      place: row.place,
      attempts: row.attempts,
    };
  }

  /** Whether the audit's crawl goes on: read before each request, so a cancel stops them at once. */
  async isCrawling(auditId: string): Promise<boolean> {
    const [row]: Array<{ crawling: boolean }> = await this.db.query(
      `SELECT status = 'running' AND stopped_at IS NULL AS crawling
       FROM site_audits WHERE id = $1`,
      [auditId],
    );
    return row?.crawling ?? false;
  }

  /** A start that stopped before seeding (its audit was cancelled): the audit is cancelled. */
  async abandonStart(auditId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await lockAudit(manager, auditId);
      await markCancelled(manager, auditId);
    });
  }

  /** A transient failure: the page waits for its next attempt (running → dispatched, counted). */
  async retryLater(key: string): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.db.query(
      `UPDATE site_audit_urls SET state = 'dispatched', attempts = attempts + 1, updated_at = now()
       WHERE key = $1 AND state = 'running'`,
      [key],
    );
    return affected > 0;
  }

  /**
   * Takes the probes of these URLs for this job: the ones no job of the audit asked
   * yet are marked `probing` and answered (each URL is probed once an audit); the
   * others are left to whoever took them, or to the crawl.
   */
  async claimProbes(
    auditId: string,
    targets: Array<{ url: string; inScope: boolean }>,
  ): Promise<string[]> {
    if (targets.length === 0) return [];
    const rows: Array<{ url: string }> = await this.db.query(
      `INSERT INTO site_audit_urls (audit_id, url, in_scope, state)
       SELECT $1::bigint, t.url, t.in_scope, 'probing'
       FROM unnest($2::text[], $3::boolean[]) AS t(url, in_scope)
       ON CONFLICT (audit_id, url) DO UPDATE SET state = 'probing'
         WHERE site_audit_urls.state = 'known'
       RETURNING url`,
      [auditId, targets.map((t) => t.url), targets.map((t) => t.inScope)],
    );
    return rows.map((row) => row.url);
  }

  /** The answers of this audit's URLs, as far as the crawl and its probes know them. */
  async answersOf(
    auditId: string,
    urls: string[],
  ): Promise<Map<string, ProbeAnswer>> {
    if (urls.length === 0) return new Map();
    const rows: Array<{
      url: string;
      status_code: number | null;
      error: string | null;
      redirect_to: string | null;
      robots: string[] | null;
    }> = await this.db.query(
      `SELECT url, status_code, error, redirect_to, robots FROM site_audit_urls
       WHERE audit_id = $1 AND url = ANY($2::text[])
         AND state IN ('done', 'probed')`,
      [auditId, urls],
    );
    return new Map(
      rows.map((row) => [
        row.url,
        {
          url: row.url,
          statusCode: row.status_code,
          error: row.error,
          redirectTo: row.redirect_to,
          robots: row.robots ?? [],
        },
      ]),
    );
  }

  /** Stores probes' answers. */
  async recordProbes(auditId: string, answers: ProbeAnswer[]): Promise<void> {
    if (answers.length === 0) return;
    await this.db.query(
      `UPDATE site_audit_urls u
       SET state = 'probed', status_code = a.status_code, error = a.error,
           redirect_to = a.redirect_to, robots = string_to_array(a.robots, E'\n'),
           updated_at = now()
       FROM (SELECT * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[])
             AS t(url, status_code, error, redirect_to, robots)) a
       WHERE u.audit_id = $1 AND u.url = a.url AND u.state = 'probing'`,
      [
        auditId,
        answers.map((a) => a.url),
        answers.map((a) => a.statusCode),
        answers.map((a) => a.error),
        answers.map((a) => a.redirectTo),
        answers.map((a) => (a.robots.length > 0 ? a.robots.join('\n') : null)),
      ],
    );
  }

  /**
   * Settles a requested page and decides what the crawl does next, in one
   * transaction under the audit's lock: the page's record, the URLs it makes known,
   * its links, the inlinks of their targets, the audit's counts, then the advance.
   * False (nothing stored) when the page was not running.
   */
  async settlePage(
    page: ClaimedPage,
    record: PageRecord,
    discoveries: Discovery[],
    links: LinkRow[],
    robots: RobotsRule,
    windowSize: number,
  ): Promise<{ settled: boolean; advance: Advance }> {
    return this.db.transaction(async (manager) => {
      const audit = await lockAudit(manager, page.auditId);
      const settled = await writeRecord(manager, page.key, record, true);
      if (!settled) {
        return { settled: false, advance: { dispatch: [], stopped: false } };
      }
      await discover(manager, page.auditId, page.place, discoveries);
      await storeLinks(manager, page.auditId, page.key, links);
      await manager.query(
        `UPDATE site_audits SET crawled = crawled + 1,
           failed = failed + $2, updated_at = now()
         WHERE id = $1`,
        [page.auditId, record.error === null ? 0 : 1],
      );
      // A redirect target joins the wave it was found in, at its end.
      await placeFoundNow(
        manager,
        audit,
        discoveries.filter((d) => d.via === 'redirect' && d.inScope),
        robots,
      );
      return {
        settled: true,
        advance: await advanceWithin(manager, page.auditId, robots, windowSize),
      };
    });
  }

  /**
   * Gives back a page claimed but not requested (its audit was cancelled meanwhile):
   * it is no page, and does not count against max_pages.
   */
  async unrequest(page: ClaimedPage): Promise<Advance> {
    return this.db.transaction(async (manager) => {
      await lockAudit(manager, page.auditId);
      const [, affected]: [unknown, number] = await manager.query(
        `UPDATE site_audit_urls SET state = 'found', place = NULL, wave = NULL, updated_at = now()
         WHERE key = $1 AND state = 'running'`,
        [page.key],
      );
      if (affected > 0) {
        await manager.query(
          `UPDATE site_audits SET requested = requested - 1, updated_at = now() WHERE id = $1`,
          [page.auditId],
        );
      }
      return advanceWithin(manager, page.auditId, () => true, 0);
    });
  }

  /**
   * Seeds a started audit: the pages of the start (the start URL's redirects and where
   * they end, already requested), what they make known, the sitemap URLs, and the
   * crawl's politeness; then the first advance.
   */
  async seed(
    auditId: string,
    start: {
      origin: string;
      crawlDelayMs: number;
      facts: unknown;
      pages: Array<{ url: string; record: PageRecord }>;
      discoveries: Discovery[];
      links: LinkRow[];
      /** The URLs of the last start page's links. */
      linkingPage: string | null;
      sitemapUrls: string[];
    },
    robots: RobotsRule,
    windowSize: number,
  ): Promise<Advance> {
    return this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE site_audits SET origin = $2, crawl_delay_ms = $3, facts = $4,
           wave = 0, updated_at = now()
         WHERE id = $1`,
        [
          auditId,
          start.origin,
          start.crawlDelayMs,
          JSON.stringify(start.facts),
        ],
      );
      // The start pages: requested by the start step, each in crawl order, depth 0.
      for (const { url, record } of start.pages) {
        // An INSERT answers its rows (an UPDATE answers [rows, count]).
        const rows: Array<{ key: string; place: number }> = await manager.query(
          `WITH placed AS (
               UPDATE site_audits SET next_place = next_place + 1, requested = requested + 1,
                 crawled = crawled + 1, failed = failed + $3
               WHERE id = $1 RETURNING next_place)
             INSERT INTO site_audit_urls (audit_id, url, in_scope, state, crawlable, via, depth, wave, place)
             SELECT $1::bigint, $2::text, true, 'running', true, 'start', 0, 0, next_place FROM placed
             ON CONFLICT (audit_id, url) DO NOTHING
             RETURNING key, place`,
          [auditId, url, record.error === null ? 0 : 1],
        );
        if (rows.length === 0) continue;
        const claimed: ClaimedPage = {
          key: String(rows[0].key),
          auditId,
          accountId: '',
          url,
          depth: 0,
          place: rows[0].place,
          attempts: 0,
        };
        await writeRecord(manager, claimed.key, record, false);
        if (url === start.linkingPage) {
          await discover(manager, auditId, claimed.place, start.discoveries);
          await storeLinks(manager, auditId, claimed.key, start.links);
        }
      }
      if (start.sitemapUrls.length > 0) {
        await manager.query(
          `INSERT INTO site_audit_urls (audit_id, url, in_scope, state, crawlable, via, in_sitemap, sitemap_position)
           SELECT $1::bigint, t.url, true, 'found', true, 'sitemap', true, t.n
           FROM unnest($2::text[]) WITH ORDINALITY AS t(url, n)
           ON CONFLICT (audit_id, url) DO UPDATE SET in_sitemap = true,
             sitemap_position = coalesce(site_audit_urls.sitemap_position, EXCLUDED.sitemap_position),
             crawlable = site_audit_urls.crawlable OR site_audit_urls.in_scope`,
          [auditId, start.sitemapUrls],
        );
      }
      const audit = await lockAudit(manager, auditId);
      await placeFoundNow(
        manager,
        audit,
        start.discoveries.filter((d) => d.via === 'redirect' && d.inScope),
        robots,
      );
      return advanceWithin(manager, auditId, robots, windowSize);
    });
  }

  /** The advance of an audit outside a settle (a sweep, after a cancel). */
  advance(
    auditId: string,
    robots: RobotsRule,
    windowSize: number,
  ): Promise<Advance> {
    return this.db.transaction(async (manager) => {
      await lockAudit(manager, auditId);
      return advanceWithin(manager, auditId, robots, windowSize);
    });
  }

  /** Pages dispatched or running and untouched since `before`: their jobs may be lost. */
  async findStalePages(
    before: Date,
    limit: number,
  ): Promise<Array<{ key: string; place: number; accountId: string }>> {
    const rows: Array<{ key: string; place: number; account_id: string }> =
      await this.db.query(
        `SELECT u.key, u.place, a.account_id FROM site_audit_urls u
         JOIN site_audits a ON a.id = u.audit_id
         WHERE u.state IN ('dispatched', 'running') AND u.updated_at < $1
         ORDER BY u.updated_at LIMIT $2`,
        [before, limit],
      );
    return rows.map((row) => ({
      key: String(row.key),
      place: row.place,
      accountId: String(row.account_id),
    }));
  }

  /** Which of these pages have settled. */
  async settledAmong(keys: string[]): Promise<string[]> {
    const rows: Array<{ key: string }> = await this.db.query(
      `SELECT key FROM site_audit_urls WHERE key = ANY($1::bigint[]) AND state NOT IN ('dispatched', 'running')`,
      [keys],
    );
    return rows.map((row) => String(row.key));
  }
}
