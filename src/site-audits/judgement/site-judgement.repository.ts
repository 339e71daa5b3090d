import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type {
  AuditProbePlan,
  Rating,
  SitePage,
  StoredResults,
  TargetProbe,
} from '../../analysis/index.js';
import {
  JUDGED_FACT_NAMES,
  SERVICE_ERROR,
  judgedValue,
  pageFact,
} from '../../analysis/index.js';
import type { TemplateIssues } from '../findings/findings.js';
import { IS_PAGE } from '../site-audit-pages.repository.js';
import type { AuditFacts, AuditSettings } from '../site-audit.js';

/** The columns of the facts the site checks read, named as a SitePage names them. */
const JUDGED_FACT_COLUMNS = JUDGED_FACT_NAMES.map(
  (name) => `${pageFact(name).column} AS "${name}"`,
).join(', ');

/** schema.org types an audit counts pages of: a site's own vocabulary may name thousands. */
const STRUCTURED_DATA_TYPES_MAX = 100;

/** An audit ready to be judged: its crawl stopped with nothing in flight, not judged yet. */
export interface AuditToJudge {
  url: string;
  origin: string | null;
  settings: AuditSettings;
  facts: AuditFacts | null;
}

/**
 * A page of the audit as its judgement reads it: the page as the site checks take
 * it, and its row's keys. One object a page, so 100,000 pages stay a few tens of MB.
 */
export interface JudgedPageRow extends SitePage {
  key: string;
  hash: string;
}

/** A link whose target is a page the crawl did not get a 2xx from, by the pages' keys. */
export interface TroubledLink {
  from_hash: string;
  to_hash: string;
  followed: boolean;
  anchor: string;
}

/** What a page's first judgement stored: its page checks, compact, and its probe plan. */
export interface StoredPageResults {
  plan: AuditProbePlan | null;
  results: StoredResults | null;
}

/** What the judgement of a whole audit says. */
export interface AuditJudgement {
  score: number | null;
  result: Rating | null;
  issues: Record<string, number>;
  templateIssues: TemplateIssues;
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

/**
 * The reads and writes of an audit's judgement. The link graph stays in the database:
 * inlinks are counted there, and only the links to pages not answered 2xx (what the
 * link checks judge) are read, so memory follows the pages, not the links.
 */
@Injectable()
export class SiteJudgementRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The audit, when its crawl has stopped and it is not judged yet; else null. */
  async auditToJudge(auditId: string): Promise<AuditToJudge | null> {
    const [audit]: Array<
      AuditToJudge & {
        stopped_at: Date | null;
        judged_at: Date | null;
        finished_at: Date | null;
      }
    > = await this.db.query(
      `SELECT url, origin, settings, facts, stopped_at, judged_at, finished_at
       FROM site_audits WHERE id = $1`,
      [auditId],
    );
    if (
      !audit ||
      audit.finished_at !== null ||
      audit.judged_at !== null ||
      audit.stopped_at === null
    ) {
      return null;
    }
    return audit;
  }

  /** The settings of an audit judged and waiting for its lab phase; null when it is not. */
  async judgedAwaitingLab(auditId: string): Promise<AuditSettings | null> {
    const [audit]: Array<{ settings: AuditSettings }> = await this.db.query(
      `SELECT settings FROM site_audits
       WHERE id = $1 AND judged_at IS NOT NULL AND finished_at IS NULL`,
      [auditId],
    );
    return audit?.settings ?? null;
  }

  /** Audits judged before `before` and not finished: their lab job may be lost. */
  async findAwaitingLab(before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM site_audits
       WHERE finished_at IS NULL AND judged_at IS NOT NULL AND updated_at < $1
       ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => String(row.id));
  }

  /** Audits whose crawl stopped before `before` and that are not judged: their job may be lost. */
  async findUnjudged(before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM site_audits
       WHERE finished_at IS NULL AND stopped_at IS NOT NULL AND judged_at IS NULL
         AND updated_at < $1
       ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => String(row.id));
  }

  /** A cancelled audit whose crawl has stopped is `cancelled` at once, before it is judged. */
  async markCancelled(auditId: string): Promise<void> {
    await this.db.query(
      `UPDATE site_audits SET status = 'cancelled', updated_at = now()
       WHERE id = $1 AND status = 'running' AND stop_reason = 'cancelled'`,
      [auditId],
    );
  }

  /** Counts each page's inlinks: the distinct other pages with a followed link to it. */
  async countInlinks(auditId: string): Promise<void> {
    // A crawl wrote these rows moments ago: with the statistics of before, the planner
    // loops over the links once per page (87 s instead of 0.4 s at 10,000 pages).
    await this.db.query(
      `ANALYZE site_audit_urls, site_audit_links, site_audit_page_records`,
    );
    await this.db.query(
      `INSERT INTO site_audit_page_judgements AS j (key, inlinks)
       SELECT u.key, c.n
       FROM (SELECT to_hash, count(DISTINCT from_hash)::int AS n FROM site_audit_links
             WHERE audit_id = $1 AND followed AND from_hash <> to_hash
             GROUP BY to_hash) c
       JOIN site_audit_urls u ON u.audit_id = $1 AND u.url_hash = c.to_hash
       WHERE ${IS_PAGE}
       ON CONFLICT (key) DO UPDATE SET inlinks = excluded.inlinks`,
      [auditId],
    );
  }

  /** Every page of the audit, in crawl order, as the site checks take it: its facts are those the table says they judge. */
  async pagesOf(auditId: string): Promise<JudgedPageRow[]> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT key::text, url_hash::text AS hash, place AS id, url,
              state = 'done' AS requested, state = 'blocked' AS "blockedByRobots",
              status_code AS "statusCode", error, redirect_to AS "redirectTo", html, depth,
              in_sitemap AS "inSitemap", inlinks, ${JUDGED_FACT_COLUMNS}
       FROM site_audit_page_rows u WHERE audit_id = $1 AND ${IS_PAGE}
       ORDER BY place`,
      [auditId],
    );
    for (const row of rows) {
      for (const name of JUDGED_FACT_NAMES) {
        row[name] = judgedValue(name, row[name]);
      }
    }
    return rows as unknown as JudgedPageRow[];
  }

  /**
   * Counts, per schema.org type, the pages whose structured data carries it (the page
   * fact structuredDataTypes), the most carried first, at most STRUCTURED_DATA_TYPES_MAX.
   */
  async countStructuredData(auditId: string): Promise<void> {
    await this.db.query(
      `UPDATE site_audits SET structured_data = coalesce((
         SELECT jsonb_agg(jsonb_build_object('type', type, 'pages', pages)
                          ORDER BY pages DESC, type)
         FROM (SELECT t AS type, count(*)::int AS pages
               FROM site_audit_page_rows u, unnest(u.structured_data_types) t
               WHERE u.audit_id = $1 AND ${IS_PAGE}
               GROUP BY t ORDER BY pages DESC, t LIMIT ${STRUCTURED_DATA_TYPES_MAX}) c
       ), '[]'::jsonb)
       WHERE id = $1`,
      [auditId],
    );
  }

  /**
   * Counts the pages axe-core audited (the page fact accessibilityRules is not null) and,
   * per rule, the pages violating it, the most first: the site's accessibility at a glance.
   */
  async countAccessibility(auditId: string): Promise<void> {
    await this.db.query(
      `UPDATE site_audits SET accessibility = jsonb_build_object(
         'pages_audited', (SELECT count(*)::int FROM site_audit_page_rows u
                           WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.accessibility_rules IS NOT NULL),
         'rules', coalesce((
           SELECT jsonb_agg(jsonb_build_object('rule', rule, 'pages', pages)
                            ORDER BY pages DESC, rule)
           FROM (SELECT r AS rule, count(*)::int AS pages
                 FROM site_audit_page_rows u, unnest(u.accessibility_rules) r
                 WHERE u.audit_id = $1 AND ${IS_PAGE}
                 GROUP BY r) c
         ), '[]'::jsonb))
       WHERE id = $1`,
      [auditId],
    );
  }

  /** The links to pages answered anything but 2xx (or not at all), in page order. */
  troubledLinksOf(auditId: string): Promise<TroubledLink[]> {
    return this.db.query(
      `SELECT l.from_hash::text, l.to_hash::text, l.followed, l.anchor
       FROM site_audit_links l
       JOIN site_audit_page_rows t ON t.audit_id = l.audit_id AND t.url_hash = l.to_hash
       WHERE l.audit_id = $1 AND t.state = 'done'
         AND (t.status_code IS NULL OR t.status_code NOT BETWEEN 200 AND 299)
       ORDER BY l.from_hash, l.position`,
      [auditId],
    );
  }

  /** What these URLs answered the crawl (as pages or probes), as a probe carries it. */
  async answersOf(
    auditId: string,
    hashes: string[],
  ): Promise<Map<string, TargetProbe>> {
    if (hashes.length === 0) return new Map();
    const rows: Array<{
      url: string;
      status_code: number | null;
      error: string | null;
      redirect_to: string | null;
      robots: string[] | null;
    }> = await this.db.query(
      `SELECT url, status_code, error, redirect_to, robots FROM site_audit_page_rows
       WHERE audit_id = $1 AND url_hash = ANY($2::bigint[]) AND state IN ('done', 'probed')`,
      [auditId, hashes],
    );
    return new Map(
      rows.map((row) => [
        row.url,
        {
          url: row.url,
          status: row.status_code,
          location: row.redirect_to,
          robots: row.robots ?? [],
          error: row.error,
        },
      ]),
    );
  }

  /** The stored page-check results and probe plans of these pages, by key. */
  async storedResultsOf(
    keys: string[],
  ): Promise<Map<string, StoredPageResults>> {
    const rows: Array<StoredPageResults & { key: string }> =
      await this.db.query(
        `SELECT key, plan, results FROM site_audit_page_records WHERE key = ANY($1::bigint[])`,
        [keys],
      );
    return new Map(rows.map((row) => [String(row.key), row]));
  }

  /** Stores the judgements of a batch of pages in one statement. */
  async writeJudgements(judgements: PageJudgement[]): Promise<void> {
    await this.db.query(
      `INSERT INTO site_audit_page_judgements AS j
         (key, score, result, failed_checks, site_checks, rejudged)
       SELECT key, score, result, failed::text[], site_checks, rejudged
       FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[])
         AS t(key, score, result, failed, site_checks, rejudged)
       ON CONFLICT (key) DO UPDATE SET score = excluded.score, result = excluded.result,
         failed_checks = excluded.failed_checks, site_checks = excluded.site_checks,
         rejudged = excluded.rejudged`,
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
   * Keeps the audit's judgement aside and marks it judged, for its lab phase to finish
   * it (score, result and issues stay null until then); false when it was judged or
   * finished already.
   */
  async markJudged(auditId: string, judged: AuditJudgement): Promise<boolean> {
    const [, marked]: [unknown[], number] = await this.db.query(
      `UPDATE site_audits SET judgement = $2, judged_at = now(), updated_at = now()
       WHERE id = $1 AND judged_at IS NULL AND finished_at IS NULL`,
      [auditId, JSON.stringify(judged)],
    );
    return marked > 0;
  }

  /**
   * Finishes the audit with its judgement, or with the one kept when it was marked
   * judged (its lab phase ran after it): its score, rating and issues, its status, its
   * counts, and what `inTransaction` writes beside them (its events), once.
   */
  async finish(
    auditId: string,
    judged: AuditJudgement | null,
    inTransaction: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    const judgement = judged
      ? 'score = $3, result = $4, issues = $5, template_issues = $6,'
      : `score = (judgement->>'score')::int, result = judgement->>'result',
         issues = judgement->'issues', template_issues = judgement->'templateIssues',
         judgement = NULL,`;
    await this.db.transaction(async (manager) => {
      const [finished]: [unknown[], number] = await manager.query(
        `UPDATE site_audits a SET ${judgement}
           status = CASE WHEN status <> 'running' THEN status
                         WHEN stop_reason = 'cancelled' THEN 'cancelled'
                         ELSE 'completed' END,
           crawled = c.crawled, failed = c.failed, unprocessed = c.unprocessed,
           requested = c.crawled,
           finished_at = now(), updated_at = now()
         FROM (SELECT count(*)::int AS crawled,
                      count(*) FILTER (WHERE error IS NOT NULL AND error <> $2)::int AS failed,
                      count(*) FILTER (WHERE error = $2)::int AS unprocessed
               FROM site_audit_page_rows WHERE audit_id = $1 AND state = 'done') c
         WHERE a.id = $1 AND a.finished_at IS NULL
         RETURNING a.id`,
        [
          auditId,
          SERVICE_ERROR,
          ...(judged
            ? [
                judged.score,
                judged.result,
                JSON.stringify(judged.issues),
                JSON.stringify(judged.templateIssues),
              ]
            : []),
        ],
      );
      if (finished.length > 0) await inTransaction(manager);
    });
  }
}
