import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Pool, QueryResult } from 'pg';
import { PAGE_FACT_NAMES, pageFact } from '../../analysis/index.js';
import type { PageFactName } from '../../analysis/index.js';
import { urlHash } from '../crawl.js';
import type { CrawlSettings } from '../crawl.js';
import { SERVICE_ERROR } from './crawl-records.js';
import type {
  Advance,
  ClaimedPage,
  DecidedDiscovery,
  PageReading,
  PageRecord,
  ProbeAnswer,
} from './crawl-records.js';
import {
  batchDiscoveries,
  byCrawlAndHash,
  byHash,
  nextStep,
  placeWave,
} from './frontier-decisions.js';
import type { BatchDiscovery } from './frontier-decisions.js';
import { KnownUrls } from './known-urls.js';
import { storableJson, storableText } from './storable.js';

/** Links written by one statement at most (a page of 100,000 links takes several). */
const LINKS_AT_ONCE = 10_000;
/** How long probes a page took hold its crawl from stopping: past it, their process is taken for dead. */
const PROBES_HELD = '60 seconds';
/** How often a process looks for pages of processes that died (leases run 30 s). */
const LEASES_CHECKED_EVERY_MS = 5_000;
/** Where a crawl `a` stands (CrawlState), read from its row and its queue. */
const STATE_COLUMNS = `a.id::text,
  NOT EXISTS (SELECT 1 FROM site_audit_urls
              WHERE audit_id = a.id AND state = 'queued') AS empty,
  EXISTS (SELECT 1 FROM site_audit_urls
          WHERE audit_id = a.id AND state = 'running') AS flying,
  a.status = 'running' AND a.stop_reason IS NULL AS crawling`;
/** Breadth-first order's "none" for a parent place or a link position. */
const LAST = 2_147_483_647;

/** A page read, to be settled. */
export interface PageSettlement {
  page: ClaimedPage;
  reading: PageReading;
}

/** What a batch of settles did: the pages stored, and the URLs they made this process probe. */
export interface SettledBatch {
  settled: ClaimedPage[];
  probes: Array<{ auditId: string; url: string }>;
  /** Where the crawls of the pages settled stand after it (none when their counts were not written). */
  states: CrawlState[];
}

/** Where a crawl stands after a batch: whether anything is queued, or being requested, and whether it goes on. */
export interface CrawlState {
  id: string;
  /** Nothing queued. */
  empty: boolean;
  /** Pages being requested and read (by any process). */
  flying: boolean;
  crawling: boolean;
}

/** The crawl row as the advance reads it, locked. */
interface LockedCrawl {
  status: string;
  settings: CrawlSettings;
  wave: number | null;
  link_phase: boolean;
  requested: number;
  origin: string | null;
  stop_reason: string | null;
  stopped_at: Date | null;
}

/** A column a page's record fills: its name, its type in the unnest, and its value. */
type RecordColumn = [string, string, (record: PageRecord) => unknown];

/** How a fact of the page-fact table travels in the unnest: arrays do not nest, so a text[] goes as one text of lines. */
function factColumn(name: PageFactName): RecordColumn {
  const { column, sql } = pageFact(name);
  const value = (record: PageRecord): unknown => record[name];
  switch (sql) {
    case 'text':
      return [column, 'text', (r) => storableText(value(r) as string | null)];
    case 'jsonb':
      return [
        column,
        'jsonb',
        (r) => (value(r) === null ? null : storableJson(value(r))),
      ];
    case 'text[]':
      return [
        column,
        'text',
        (r) => {
          const lines = value(r) as string[] | null;
          return lines === null ? null : storableText(lines.join('\n'));
        },
      ];
    default:
      return [column, sql, value];
  }
}

/** The columns a page's record fills, from the unnest of recordArrays: its answer, its facts, its judgement. */
const RECORD_COLUMNS: RecordColumn[] = [
  ['status_code', 'int', (r) => r.statusCode],
  ['error', 'text', (r) => r.error],
  ['redirect_to', 'text', (r) => storableText(r.redirectTo)],
  ['content_type', 'text', (r) => storableText(r.contentType)],
  ['html', 'boolean', (r) => r.html],
  ['truncated', 'boolean', (r) => r.truncated],
  ['texts_cut', 'boolean', (r) => r.textsCut],
  ['links_cut', 'boolean', (r) => r.linksCut],
  ...PAGE_FACT_NAMES.map(factColumn),
  ['outlinks', 'int', (r) => r.outlinks],
  ['plan', 'jsonb', (r) => (r.plan === null ? null : storableJson(r.plan))],
  [
    'results',
    'jsonb',
    (r) => (r.results === null ? null : storableJson(r.results)),
  ],
  [
    'render',
    'jsonb',
    (r) => (r.render === null ? null : storableJson(r.render)),
  ],
  ['score', 'int', (r) => r.score],
  ['result', 'text', (r) => r.result],
  // Arrays do not nest in unnest: the failed checks travel as one text of lines.
  ['failed_checks', 'text', (r) => r.failedChecks.join('\n')],
];

/** The columns that travel as one text of lines and are split into a text[] when set. */
const LINES_COLUMNS = new Set(
  PAGE_FACT_NAMES.map(pageFact)
    .filter((fact) => fact.sql === 'text[]')
    .map((fact) => fact.column),
);

function recordArrays(records: PageRecord[]): unknown[][] {
  return RECORD_COLUMNS.map(([, , value]) => records.map(value));
}

/** The in-scope URL a page redirects to, placed at once: a redirect adds no depth. */
function redirectTargetOf(reading: PageReading): DecidedDiscovery | undefined {
  return reading.discoveries.find(
    (d) => d.via === 'redirect' && d.inScope && d.crawlable,
  );
}

/**
 * The crawl's frontier in PostgreSQL, and its queue: which URLs are known (one row a
 * URL, by its key), placed, queued, taken by a process (under a lease it renews),
 * settled, and the links between them. Processes take queued pages by their place,
 * across crawls (a new crawl's first pages before an old one's next), with SKIP LOCKED.
 * A batch of settled pages is written in one transaction that takes no lock on a
 * crawl's row (but a batch with a redirect, which takes it first, as an advance does),
 * writes every row in (crawl, key) order and never one twice, so concurrent batches
 * cannot deadlock. Breadth-first: a wave (one depth) is placed, in
 * the order its pages were linked, once the wave before it has settled; then the
 * waves of URLs only sitemaps, canonicals and hreflang name.
 */
@Injectable()
export class FrontierRepository {
  /** What this process saw written: the mentions that change nothing are not written again. */
  private readonly known = new KnownUrls();
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

  /**
   * Seeds a started crawl in one transaction: what the start learned of the site (its
   * origin, Crawl-delay and facts), the pages of the start (the start URL and its
   * redirects, requested by the start itself) placed first at depth 0 and taken as
   * running under a lease, and the sitemap URLs found.
   */
  async seed(
    auditId: string,
    site: { origin: string; crawlDelayMs: number; facts: unknown },
    starts: Array<{ url: string; hash: string }>,
    sitemapUrls: DecidedDiscovery[],
    leaseMs: number,
  ): Promise<ClaimedPage[]> {
    return this.db.transaction(async (manager) => {
      const [crawl]: Array<{ account_id: string }> = await manager.query(
        `UPDATE site_audits SET origin = $2, crawl_delay_ms = $3, facts = $4,
           wave = 0, link_phase = true, updated_at = now()
         WHERE id = $1 RETURNING account_id`,
        [auditId, site.origin, site.crawlDelayMs, storableJson(site.facts)],
      );
      const claimed: ClaimedPage[] = [];
      for (const start of starts) {
        const rows: Array<{ key: string; place: number }> = await manager.query(
          `WITH placed AS (
             UPDATE site_audits SET next_place = next_place + 1, requested = requested + 1
             WHERE id = $1 RETURNING next_place)
           INSERT INTO site_audit_urls (audit_id, url_hash, url, in_scope, state, crawlable, via,
                                        depth, wave, place, lease_until)
           SELECT $1::bigint, $2::bigint, $3::text, true, 'running', true, 'start', 0, 0, next_place,
                  now() + $4 * interval '1 millisecond' FROM placed
           ON CONFLICT (audit_id, url_hash) DO NOTHING
           RETURNING key, place`,
          [auditId, start.hash, start.url, leaseMs],
        );
        if (rows.length === 0) continue;
        claimed.push({
          key: String(rows[0].key),
          hash: start.hash,
          auditId,
          accountId: String(crawl.account_id),
          url: start.url,
          depth: 0,
          place: rows[0].place,
          attempts: 0,
        });
      }
      const sitemap = [...sitemapUrls].sort(byHash);
      if (sitemap.length > 0) {
        await manager.query(
          `INSERT INTO site_audit_urls AS u (audit_id, url_hash, url, in_scope, state, crawlable, via,
                                            in_sitemap, sitemap_position, refusal)
           SELECT $1::bigint, t.hash, t.url, true, 'found', true, 'sitemap', true, t.position, t.refusal
           FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[]) WITH ORDINALITY
             AS t(hash, url, position, refusal, n)
           ORDER BY t.n
           ON CONFLICT (audit_id, url_hash) DO UPDATE SET in_sitemap = true,
             sitemap_position = coalesce(u.sitemap_position, EXCLUDED.sitemap_position),
             crawlable = u.crawlable OR u.in_scope`,
          [
            auditId,
            sitemap.map((d) => d.hash),
            sitemap.map((d) => storableText(d.url)),
            sitemap.map((d) => d.position),
            sitemap.map((d) => d.refusal),
          ],
        );
      }
      return claimed;
    });
  }

  /**
   * Settles a batch of read pages in one transaction: the pages still this process's
   * (running: a page settled elsewhere after its lease ran out is stored once) are
   * locked; the URLs they make known are inserted or, known and not yet placed,
   * improved; their links appended; the probes of what they point to taken (each URL
   * probed once a crawl); a redirect's target placed; and last their records. Rows
   * are written in (crawl, key) order. The crawls' counts follow in one statement.
   */
  async settle(batch: PageSettlement[]): Promise<SettledBatch> {
    const worth = batch.map(({ page, reading }) => ({
      auditId: page.auditId,
      place: page.place,
      discoveries: this.known.worthWriting(
        page.auditId,
        page.place,
        reading.discoveries,
      ),
    }));
    const redirecting = [
      ...new Set(
        batch
          .filter(({ reading }) => redirectTargetOf(reading) !== undefined)
          .map(({ page }) => page.auditId),
      ),
    ].sort((a, b) => Number(BigInt(a) - BigInt(b)));
    const result = await this.db.transaction(
      async (manager): Promise<SettledBatch> => {
        if (redirecting.length > 0) {
          // Placing a redirect's target takes its crawl's row: taken first, as an advance
          // takes it before the URLs it places, so the two cannot wait on each other.
          await manager.query(
            `SELECT id FROM site_audits WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
            [redirecting],
          );
        }
        const locked: Array<{ key: string }> = await manager.query(
          `SELECT key::text FROM site_audit_urls
         WHERE key = ANY($1::bigint[]) AND state = 'running'
         ORDER BY key FOR UPDATE`,
          [batch.map(({ page }) => page.key)],
        );
        const running = new Set(locked.map((row) => row.key));
        const mine = batch.filter(({ page }) => running.has(page.key));
        if (mine.length === 0) return { settled: [], probes: [], states: [] };
        await this.discover(
          manager,
          batchDiscoveries(
            worth.filter((_, i) => running.has(batch[i].page.key)),
          ),
        );
        await this.storeLinks(manager, mine);
        const probes = await this.claimProbes(manager, mine);
        for (const settlement of mine) {
          await this.placeRedirectTarget(manager, settlement);
        }
        await this.storeRecords(manager, mine);
        return { settled: mine.map(({ page }) => page), probes, states: [] };
      },
    );
    for (let i = 0; i < batch.length; i++) {
      if (result.settled.includes(batch[i].page)) {
        this.known.remember(
          worth[i].auditId,
          worth[i].place,
          worth[i].discoveries,
        );
      }
    }
    // Counts are progress, made exact when the crawl is judged: a count lost here loses no page.
    result.states = await this.tally(result.settled, batch).catch(() => []);
    return result;
  }

  /** Makes URLs known: new ones inserted; known ones, while not placed, improved (combined() in SQL). */
  private async discover(
    manager: EntityManager,
    discoveries: BatchDiscovery[],
  ): Promise<void> {
    if (discoveries.length === 0) return;
    const inserted: Array<{ audit_id: string; url_hash: string }> =
      await manager.query(
        `INSERT INTO site_audit_urls
           (audit_id, url_hash, url, in_scope, state, crawlable, via, depth, parent_place, position, refusal)
         SELECT d.audit_id, d.hash, d.url, d.in_scope, CASE WHEN d.in_scope THEN 'found' ELSE 'known' END,
                d.crawlable, d.via, d.depth, d.parent_place, d.position, d.refusal
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::boolean[], $5::boolean[], $6::text[],
                     $7::int[], $8::int[], $9::int[], $10::text[])
           WITH ORDINALITY AS d(audit_id, hash, url, in_scope, crawlable, via, depth, parent_place, position, refusal, n)
         ORDER BY d.n
         ON CONFLICT (audit_id, url_hash) DO NOTHING
         RETURNING audit_id::text, url_hash::text`,
        [
          discoveries.map((d) => d.auditId),
          discoveries.map((d) => d.hash),
          discoveries.map((d) => storableText(d.url)),
          discoveries.map((d) => d.inScope),
          discoveries.map((d) => d.crawlable),
          discoveries.map((d) => d.via),
          discoveries.map((d) => d.depth),
          discoveries.map((d) => d.parentPlace),
          discoveries.map((d) => d.position),
          discoveries.map((d) => d.refusal),
        ],
      );
    const fresh = new Set(
      inserted.map((row) => `${row.audit_id}:${row.url_hash}`),
    );
    const known = discoveries.filter(
      (d) =>
        !fresh.has(`${d.auditId}:${d.hash}`) &&
        (d.crawlable || d.depth !== null || d.via),
    );
    if (known.length === 0) return;
    // Only rows the batch improves are locked, in key order; the rule is combined()'s.
    // Their keys are looked up one by one first: without statistics (no autovacuum, or
    // the embedded database) the planner took a crawl's 36,000 found URLs for 94 and
    // joined the batch to all of them, 0.35-0.6 s a batch for the first 300 s of a
    // 100,000-page site.
    await manager.query(
      `WITH d AS (
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::boolean[], $4::text[], $5::int[], $6::int[], $7::int[])
           AS d(audit_id, hash, crawlable, via, depth, parent_place, position)),
       placed AS MATERIALIZED (
         SELECT x.key FROM d CROSS JOIN LATERAL (
           SELECT key FROM site_audit_urls
           WHERE audit_id = d.audit_id AND url_hash = d.hash LIMIT 1) x),
       better AS MATERIALIZED (
         SELECT u.key, d.crawlable, d.via, d.depth, d.parent_place, d.position,
                d.depth IS NOT NULL AND (u.depth IS NULL
                  OR (d.depth, d.parent_place, coalesce(d.position, ${LAST}))
                     < (u.depth, coalesce(u.parent_place, ${LAST}), coalesce(u.position, ${LAST})))
                  AS earlier
         FROM site_audit_urls u JOIN d ON u.audit_id = d.audit_id AND u.url_hash = d.hash
         WHERE u.key = ANY(ARRAY(SELECT key FROM placed)) AND u.state = 'found' AND (
           (d.crawlable AND NOT u.crawlable)
           OR (u.via IS NULL AND d.via IS NOT NULL)
           OR (d.depth IS NOT NULL AND (u.depth IS NULL
               OR (d.depth, d.parent_place, coalesce(d.position, ${LAST}))
                  < (u.depth, coalesce(u.parent_place, ${LAST}), coalesce(u.position, ${LAST})))))
         ORDER BY u.key FOR UPDATE OF u)
       UPDATE site_audit_urls u SET
         crawlable = u.crawlable OR b.crawlable,
         via = CASE WHEN u.via IS NULL OR (u.depth IS NULL AND b.depth IS NOT NULL)
                    THEN coalesce(b.via, u.via) ELSE u.via END,
         depth = CASE WHEN b.earlier THEN b.depth ELSE u.depth END,
         parent_place = CASE WHEN b.earlier THEN b.parent_place ELSE u.parent_place END,
         position = CASE WHEN b.earlier THEN b.position ELSE u.position END
       FROM better b
       WHERE u.key = b.key`,
      [
        known.map((d) => d.auditId),
        known.map((d) => d.hash),
        known.map((d) => d.crawlable),
        known.map((d) => d.via),
        known.map((d) => d.depth),
        known.map((d) => d.parentPlace),
        known.map((d) => d.position),
      ],
    );
  }

  /** Appends the pages' links: no counter of their targets is touched while crawling. */
  private async storeLinks(
    manager: EntityManager,
    settlements: PageSettlement[],
  ): Promise<void> {
    const rows = settlements.flatMap(({ page, reading }) =>
      reading.links.map((link) => ({ page, link })),
    );
    for (let i = 0; i < rows.length; i += LINKS_AT_ONCE) {
      const chunk = rows.slice(i, i + LINKS_AT_ONCE);
      await manager.query(
        `INSERT INTO site_audit_links (audit_id, from_hash, to_hash, followed, anchor, position)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::boolean[], $5::text[], $6::int[])`,
        [
          chunk.map(({ page }) => page.auditId),
          chunk.map(({ page }) => page.hash),
          chunk.map(({ link }) => link.toHash),
          chunk.map(({ link }) => link.followed),
          chunk.map(({ link }) => storableText(link.anchor)),
          chunk.map(({ link }) => link.position),
        ],
      );
    }
  }

  /**
   * Takes the probes of what the pages point to: the URLs no page of their crawl took
   * yet (a new row, or a row only known as a link target) are marked `probing` and are
   * this batch's to ask; the others are left to whoever took them, or to the crawl.
   */
  private async claimProbes(
    manager: EntityManager,
    settlements: PageSettlement[],
  ): Promise<Array<{ auditId: string; url: string }>> {
    const byKey = new Map<
      string,
      { auditId: string; url: string; hash: string; inScope: boolean }
    >();
    for (const { page, reading } of settlements) {
      for (const target of reading.probeTargets) {
        byKey.set(`${page.auditId}:${target.hash}`, {
          auditId: page.auditId,
          ...target,
        });
      }
    }
    const targets = [...byKey.values()].sort((a, b) =>
      byCrawlAndHash(
        a as unknown as BatchDiscovery,
        b as unknown as BatchDiscovery,
      ),
    );
    if (targets.length === 0) return [];
    const inserted: Array<{ audit_id: string; url: string }> =
      await manager.query(
        `INSERT INTO site_audit_urls (audit_id, url_hash, url, in_scope, state)
       SELECT t.audit_id, t.hash, t.url, t.in_scope, 'probing'
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::boolean[]) WITH ORDINALITY
         AS t(audit_id, hash, url, in_scope, n)
       ORDER BY t.n
       ON CONFLICT (audit_id, url_hash) DO NOTHING
       RETURNING audit_id::text, url`,
        [
          targets.map((t) => t.auditId),
          targets.map((t) => t.hash),
          targets.map((t) => storableText(t.url)),
          targets.map((t) => t.inScope),
        ],
      );
    const [known]: [Array<{ audit_id: string; url: string }>, number] =
      await manager.query(
        `UPDATE site_audit_urls SET state = 'probing', updated_at = now()
         WHERE key IN (
           SELECT u.key FROM site_audit_urls u
           JOIN unnest($1::bigint[], $2::bigint[]) AS t(audit_id, hash)
             ON u.audit_id = t.audit_id AND u.url_hash = t.hash
           WHERE u.state = 'known'
           ORDER BY u.key FOR UPDATE OF u SKIP LOCKED)
         RETURNING audit_id::text, url`,
        [targets.map((t) => t.auditId), targets.map((t) => t.hash)],
      );
    return [...inserted, ...known].map((row) => ({
      auditId: row.audit_id,
      url: row.url,
    }));
  }

  /**
   * A redirect's target joins the wave of the page that redirected, at its end, before
   * the page is settled: a chain of redirects stays in the wave of its depth. The
   * crawl's row is locked for it, last, so it never waits on a settle (redirects are few).
   */
  private async placeRedirectTarget(
    manager: EntityManager,
    { page, reading }: PageSettlement,
  ): Promise<void> {
    const target = redirectTargetOf(reading);
    if (!target) return;
    const [found]: Array<{
      key: string;
      refusal: 'blocked' | 'skipped' | null;
    }> = await manager.query(
      `SELECT key::text, refusal FROM site_audit_urls
         WHERE audit_id = $1 AND url_hash = $2 AND state = 'found' AND crawlable
         FOR UPDATE`,
      [page.auditId, target.hash],
    );
    if (!found) return;
    const [crawl]: Array<{ room: boolean; wave: number }> = await manager.query(
      `SELECT requested < (settings->>'max_pages')::int AS room, coalesce(wave, 0) AS wave
       FROM site_audits WHERE id = $1 AND stop_reason IS NULL FOR UPDATE`,
      [page.auditId],
    );
    if (!crawl || (found.refusal === null && !crawl.room)) return;
    const [[{ next_place: place }]]: [Array<{ next_place: number }>, number] =
      await manager.query(
        `UPDATE site_audits SET next_place = next_place + 1, requested = requested + $2
         WHERE id = $1 RETURNING next_place`,
        [page.auditId, found.refusal === null ? 1 : 0],
      );
    await manager.query(
      `UPDATE site_audit_urls SET place = $2, wave = $3, state = $4,
         error = CASE WHEN $4 = 'skipped' THEN 'url_too_long' ELSE error END,
         updated_at = now()
       WHERE key = $1`,
      [found.key, place, crawl.wave, found.refusal ?? 'queued'],
    );
  }

  /**
   * Stores the pages' records, last in the batch: an update of a row is, to a
   * concurrent insert of the same URL, an insert not yet committed, so written first
   * two pages that link to each other would wait on each other.
   */
  private async storeRecords(
    manager: EntityManager,
    settlements: PageSettlement[],
  ): Promise<void> {
    const columns = RECORD_COLUMNS.map(([name]) => name);
    const set = columns
      .map((name) =>
        LINES_COLUMNS.has(name)
          ? `${name} = string_to_array(r.${name}, E'\\n')`
          : name === 'failed_checks'
            ? `failed_checks = CASE WHEN r.failed_checks = '' THEN '{}'::text[]
                 ELSE string_to_array(r.failed_checks, E'\\n') END`
            : `${name} = r.${name}`,
      )
      .join(', ');
    const types = RECORD_COLUMNS.map(
      ([, type], i) => `$${i + 2}::${type}[]`,
    ).join(', ');
    await manager.query(
      `UPDATE site_audit_urls u SET state = 'done', lease_until = NULL, ${set}, updated_at = now()
       FROM unnest($1::bigint[], ${types}) AS r(key, ${columns.join(', ')})
       WHERE u.key = r.key`,
      [
        settlements.map(({ page }) => page.key),
        ...recordArrays(settlements.map(({ reading }) => reading.record)),
      ],
    );
  }

  /**
   * Counts the settled pages of each crawl: one short statement after the batch,
   * crawls in order, which answers where they stand (as statesOf does).
   */
  private async tally(
    settled: ClaimedPage[],
    batch: PageSettlement[],
  ): Promise<CrawlState[]> {
    const counts = new Map<
      string,
      { crawled: number; failed: number; unprocessed: number }
    >();
    for (const { page, reading } of batch) {
      if (!settled.includes(page)) continue;
      const count = counts.get(page.auditId) ?? {
        crawled: 0,
        failed: 0,
        unprocessed: 0,
      };
      count.crawled++;
      const error = reading.record.error;
      if (error === SERVICE_ERROR) count.unprocessed++;
      else if (error !== null) count.failed++;
      counts.set(page.auditId, count);
    }
    if (counts.size === 0) return [];
    const ids = [...counts.keys()].sort((a, b) =>
      Number(BigInt(a) - BigInt(b)),
    );
    const [states]: [CrawlState[], number] = await this.db.query(
      `UPDATE site_audits a SET crawled = a.crawled + t.crawled, failed = a.failed + t.failed,
         unprocessed = a.unprocessed + t.unprocessed, updated_at = now()
       FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[]) AS t(id, crawled, failed, unprocessed)
       WHERE a.id = t.id
       RETURNING ${STATE_COLUMNS}`,
      [
        ids,
        ids.map((id) => counts.get(id)!.crawled),
        ids.map((id) => counts.get(id)!.failed),
        ids.map((id) => counts.get(id)!.unprocessed),
      ],
    );
    return states;
  }

  /** Stores probes' answers. */
  async recordProbes(
    answers: Array<{ auditId: string; answer: ProbeAnswer }>,
  ): Promise<void> {
    if (answers.length === 0) return;
    await this.db.query(
      `UPDATE site_audit_urls u
       SET state = 'probed', status_code = a.status_code, error = a.error,
           redirect_to = a.redirect_to, robots = string_to_array(a.robots, E'\\n'),
           updated_at = now()
       FROM (SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::text[], $5::text[], $6::text[])
             AS t(audit_id, hash, status_code, error, redirect_to, robots)) a
       WHERE u.audit_id = a.audit_id AND u.url_hash = a.hash AND u.state = 'probing'`,
      [
        answers.map(({ auditId }) => auditId),
        answers.map(({ answer }) => urlHash(answer.url)),
        answers.map(({ answer }) => answer.statusCode),
        answers.map(({ answer }) => answer.error),
        answers.map(({ answer }) => storableText(answer.redirectTo)),
        answers.map(({ answer }) =>
          answer.robots.length > 0
            ? storableText(answer.robots.join('\n'))
            : null,
        ),
      ],
    );
  }

  /** Where each of these crawls stands: what decides whether it advances. */
  async statesOf(crawlIds: string[]): Promise<CrawlState[]> {
    if (crawlIds.length === 0) return [];
    return this.db.query(
      `SELECT ${STATE_COLUMNS} FROM site_audits a WHERE a.id = ANY($1::bigint[])`,
      [crawlIds],
    );
  }

  /**
   * What the crawl does next, under its row's lock (once a wave has drained, after a
   * cancel, or by the sweep): place the next wave within max_pages; or stop (done,
   * max_pages; or, once nothing of a cancelled crawl is in flight, cancelled).
   */
  advance(auditId: string): Promise<Advance> {
    return this.db.transaction(async (manager) => {
      const [crawl]: LockedCrawl[] = await manager.query(
        `SELECT status, settings, wave, link_phase, requested, origin, stop_reason, stopped_at
         FROM site_audits WHERE id = $1 FOR UPDATE`,
        [auditId],
      );
      if (!crawl || crawl.stopped_at !== null || crawl.origin === null) {
        return { placed: 0, stopped: false };
      }
      const [counts]: Array<{
        queued: number;
        flying: number;
        probing: number;
      }> = await manager.query(
        `SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued,
                  count(*) FILTER (WHERE state = 'running')::int AS flying,
                  count(*) FILTER (WHERE state = 'probing' AND updated_at > now() - $2::interval)::int AS probing
           FROM site_audit_urls
           WHERE audit_id = $1 AND state IN ('queued', 'running', 'probing')`,
        [auditId, PROBES_HELD],
      );
      let wave = crawl.wave ?? -1;
      let linkPhase = crawl.link_phase;
      let requested = crawl.requested;
      let nothingLeft = false;
      for (;;) {
        const step = nextStep({
          stopping: crawl.stop_reason !== null || crawl.status !== 'running',
          queued: counts.queued,
          flying: counts.flying,
          probing: counts.probing,
          budget: crawl.settings.max_pages - requested,
          linkPhase,
          nextDepth: wave + 1,
          maxDepth: crawl.settings.max_depth,
          nothingLeft,
        });
        if (step === 'wait') return { placed: 0, stopped: false };
        if (step === 'cancel') {
          // Pages placed but never requested are no pages of a stopped crawl.
          await manager.query(
            `UPDATE site_audit_urls SET state = 'found', place = NULL, wave = NULL, updated_at = now()
             WHERE audit_id = $1 AND state = 'queued'`,
            [auditId],
          );
          await this.stop(manager, auditId, 'cancelled');
          return { placed: 0, stopped: true };
        }
        if (step === 'stop') {
          await this.stop(
            manager,
            auditId,
            (await this.anyLeft(manager, auditId)) ? 'max_pages' : 'done',
          );
          return { placed: 0, stopped: true };
        }
        const rows = await this.candidates(
          manager,
          auditId,
          step === 'link-wave' ? wave + 1 : null,
        );
        if (rows.length === 0) {
          if (step === 'link-wave') linkPhase = false;
          else nothingLeft = true;
          continue;
        }
        wave++;
        linkPhase = step === 'link-wave';
        const refusals = new Map(rows.map((row) => [row.url, row.refusal]));
        const placement = placeWave(
          rows,
          crawl.settings.max_pages - requested,
          (url) => refusals.get(url) ?? null,
        );
        await this.place(manager, auditId, wave, linkPhase, placement.placed);
        requested += placement.queued;
        await manager.query(
          `UPDATE site_audits SET requested = $2, updated_at = now() WHERE id = $1`,
          [auditId, requested],
        );
        if (placement.queued > 0) {
          return { placed: placement.queued, stopped: false };
        }
      }
    });
  }

  /**
   * A wave's URLs in breadth-first order: with `depth`, the found pages of that depth
   * and less (redirect targets of the last wave among them, first); without, every
   * found URL, sitemap order first (URLs of no depth).
   */
  private async candidates(
    manager: EntityManager,
    auditId: string,
    depth: number | null,
  ): Promise<
    Array<{ key: string; url: string; refusal: 'blocked' | 'skipped' | null }>
  > {
    return depth === null
      ? manager.query(
          `SELECT key::text, url, refusal FROM site_audit_urls
           WHERE audit_id = $1 AND state = 'found' AND crawlable
           ORDER BY sitemap_position NULLS LAST, key`,
          [auditId],
        )
      : manager.query(
          `SELECT key::text, url, refusal FROM site_audit_urls
           WHERE audit_id = $1 AND state = 'found' AND crawlable AND depth <= $2
           ORDER BY depth, parent_place NULLS FIRST, position NULLS LAST, key`,
          [auditId, depth],
        );
  }

  /** Gives a wave's URLs their places (public ids), in order: queued, blocked or skipped. */
  private async place(
    manager: EntityManager,
    auditId: string,
    wave: number,
    linkPhase: boolean,
    placed: Array<{ key: string; state: string }>,
  ): Promise<void> {
    const [[{ next_place: last }]]: [Array<{ next_place: number }>, number] =
      await manager.query(
        `UPDATE site_audits SET next_place = next_place + $2, wave = $3, link_phase = $4
         WHERE id = $1 RETURNING next_place`,
        [auditId, placed.length, wave, linkPhase],
      );
    if (placed.length === 0) return;
    const first = last - placed.length + 1;
    await manager.query(
      `UPDATE site_audit_urls u SET place = p.place, wave = $2, state = p.state,
         error = CASE WHEN p.state = 'skipped' THEN 'url_too_long' ELSE u.error END,
         updated_at = now()
       FROM unnest($3::bigint[], $4::int[], $5::text[]) AS p(key, place, state)
       WHERE u.key = p.key AND u.audit_id = $1`,
      [
        auditId,
        wave,
        placed.map((p) => p.key),
        placed.map((_, i) => first + i),
        placed.map((p) => p.state),
      ],
    );
  }

  /** The crawl has stopped with nothing in flight: why, and when (what it found is judged next). */
  private async stop(
    manager: EntityManager,
    auditId: string,
    reason: 'done' | 'max_pages' | 'cancelled',
  ): Promise<void> {
    await manager.query(
      `UPDATE site_audits SET stop_reason = coalesce(stop_reason, $2),
         stopped_at = now(), updated_at = now()
       WHERE id = $1`,
      [auditId, reason],
    );
  }

  /** Whether crawlable URLs are left unrequested (the crawl stops at max_pages). */
  private async anyLeft(
    manager: EntityManager,
    auditId: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM site_audit_urls
       WHERE audit_id = $1 AND in_scope AND state = 'found' AND crawlable AND refusal IS NULL
       LIMIT 1`,
      [auditId],
    );
    return rows.length > 0;
  }
}
