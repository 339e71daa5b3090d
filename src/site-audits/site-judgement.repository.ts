import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type {
  AuditProbePlan,
  Rating,
  SiteLink,
  StoredResults,
  TargetProbe,
} from '../analysis/index.js';
import { IS_PAGE } from './site-audit-pages.repository.js';
import type { AuditFacts, CrawlSettings } from './site-audit.js';

/** Links read from the database at once: bounds the memory of one read. */
const LINKS_AT_ONCE = 50_000;

/** An audit ready to be judged: stopped, nothing in flight, not judged yet. */
export interface AuditToJudge {
  url: string;
  origin: string | null;
  settings: CrawlSettings;
  facts: AuditFacts | null;
}

/** A page of the audit as its judgement reads it. */
export interface JudgedPageRow {
  key: string;
  place: number;
  url: string;
  state: string;
  status_code: number | null;
  error: string | null;
  redirect_to: string | null;
  html: boolean;
  depth: number | null;
  in_sitemap: boolean;
  title: string | null;
  meta_description: string | null;
  noindex: boolean;
  canonical: string | null;
  hreflang: Array<{ lang: string; url: string }> | null;
  words: number | null;
  text_digest: string | null;
  robots: string[] | null;
}

/** What a page's first judgement stored: its page checks, compact, and its probe plan. */
export interface StoredPageResults {
  plan: AuditProbePlan | null;
  results: StoredResults | null;
}

/** What a page's judgement stores. */
export interface PageJudgement {
  key: string;
  score: number | null;
  result: Rating | null;
  failed: string[];
  siteChecks: Array<{ id: string; value: unknown }>;
  rejudged: Record<string, unknown> | null;
}

/** The reads and writes of an audit's judgement, each bounded for 10,000 pages and 500,000 links. */
@Injectable()
export class SiteJudgementRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The audit, when it has stopped, has nothing in flight and is not judged yet; else null. */
  async auditToJudge(auditId: string): Promise<AuditToJudge | null> {
    const [audit]: Array<
      AuditToJudge & { stopped_at: Date | null; finished_at: Date | null }
    > = await this.db.query(
      `SELECT url, origin, settings, facts, stopped_at, finished_at FROM site_audits WHERE id = $1`,
      [auditId],
    );
    if (!audit || audit.finished_at !== null || audit.stopped_at === null) {
      return null;
    }
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audit_urls
       WHERE audit_id = $1 AND state IN ('dispatched', 'running')`,
      [auditId],
    );
    return Number(n) > 0 ? null : audit;
  }

  /** Every page of the audit, in crawl order. */
  pagesOf(auditId: string): Promise<JudgedPageRow[]> {
    return this.db.query(
      `SELECT key, place, url, state, status_code, error, redirect_to, html, depth,
              in_sitemap, title, meta_description, noindex, canonical, hreflang,
              words, text_digest, robots
       FROM site_audit_urls u WHERE audit_id = $1 AND ${IS_PAGE}
       ORDER BY place`,
      [auditId],
    );
  }

  /** Every link from a page, by the pages' ids, read in chunks, its anchor texts shared. */
  async linksOf(auditId: string, pages: JudgedPageRow[]): Promise<SiteLink[]> {
    const pageOf = new Map(pages.map((row) => [String(row.key), row]));
    const anchors = new Map<string, string>();
    const links: SiteLink[] = [];
    let after = '0';
    for (;;) {
      const chunk: Array<{
        from_key: string;
        to_key: string;
        followed: boolean;
        anchor: string;
        to_url: string;
      }> = await this.db.query(
        `SELECT l.from_key, l.to_key, l.followed, l.anchor, t.url AS to_url
         FROM site_audit_links l JOIN site_audit_urls t ON t.key = l.to_key
         WHERE l.audit_id = $1 AND l.from_key > $2
           AND l.from_key <= (SELECT coalesce(max(from_key), 0) FROM (
             SELECT from_key FROM site_audit_links WHERE audit_id = $1 AND from_key > $2
             ORDER BY from_key LIMIT $3) upto)
         ORDER BY l.from_key`,
        [auditId, after, LINKS_AT_ONCE],
      );
      if (chunk.length === 0) return links;
      for (const link of chunk) {
        const from = pageOf.get(String(link.from_key));
        if (!from) continue;
        const to = pageOf.get(String(link.to_key));
        let anchor = anchors.get(link.anchor);
        if (anchor === undefined) {
          anchor = link.anchor;
          anchors.set(anchor, anchor);
        }
        links.push({
          from: from.place,
          to: to?.place ?? null,
          toUrl: to?.url ?? link.to_url,
          followed: link.followed,
          anchor,
        });
      }
      after = String(chunk.at(-1)!.from_key);
    }
  }

  /** What every URL the crawl requested or probed answered, as a probe carries it. */
  async answersOf(
    auditId: string,
    pages: JudgedPageRow[],
  ): Promise<Map<string, TargetProbe>> {
    const answers = new Map<string, TargetProbe>();
    const add = (row: {
      url: string;
      status_code: number | null;
      error: string | null;
      redirect_to: string | null;
      robots: string[] | null;
    }) =>
      answers.set(row.url, {
        url: row.url,
        status: row.status_code,
        location: row.redirect_to,
        robots: row.robots ?? [],
        error: row.error,
      });
    for (const row of pages) if (row.state === 'done') add(row);
    const probed: JudgedPageRow[] = await this.db.query(
      `SELECT url, status_code, error, redirect_to, robots FROM site_audit_urls
       WHERE audit_id = $1 AND state = 'probed'`,
      [auditId],
    );
    for (const row of probed) add(row);
    return answers;
  }

  /** The stored page-check results and probe plans of these pages, by key. */
  async storedResultsOf(
    keys: string[],
  ): Promise<Map<string, StoredPageResults>> {
    const rows: Array<StoredPageResults & { key: string }> =
      await this.db.query(
        `SELECT key, plan, results FROM site_audit_urls WHERE key = ANY($1::bigint[])`,
        [keys],
      );
    return new Map(rows.map((row) => [String(row.key), row]));
  }

  /** Stores the judgements of a batch of pages in one statement. */
  async writeJudgements(judgements: PageJudgement[]): Promise<void> {
    await this.db.query(
      `UPDATE site_audit_urls u SET score = p.score, result = p.result,
         failed_checks = p.failed::text[], site_checks = p.site_checks, rejudged = p.rejudged,
         updated_at = now()
       FROM (SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[])
             AS t(key, score, result, failed, site_checks, rejudged)) p
       WHERE u.key = p.key`,
      [
        judgements.map((u) => u.key),
        judgements.map((u) => u.score),
        judgements.map((u) => u.result),
        judgements.map((u) => `{${u.failed.map((id) => `"${id}"`).join(',')}}`),
        judgements.map((u) => JSON.stringify(u.siteChecks)),
        judgements.map((u) => (u.rejudged ? JSON.stringify(u.rejudged) : null)),
      ],
    );
  }

  /**
   * The audit is judged: its score, rating and issues; completed, unless it was
   * cancelled. `inTransaction` runs in the same transaction once it is (an outbox).
   */
  async finish(
    auditId: string,
    judged: {
      score: number | null;
      result: Rating | null;
      issues: Record<string, number>;
    },
    inTransaction: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      const [finished]: [unknown[], number] = await manager.query(
        `UPDATE site_audits SET score = $2, result = $3, issues = $4,
           status = CASE WHEN status <> 'running' THEN status
                         WHEN stop_reason = 'cancelled' THEN 'cancelled'
                         ELSE 'completed' END,
           finished_at = now(), updated_at = now()
         WHERE id = $1 AND finished_at IS NULL
         RETURNING id`,
        [auditId, judged.score, judged.result, JSON.stringify(judged.issues)],
      );
      if (finished.length > 0) await inTransaction(manager);
    });
  }
}
