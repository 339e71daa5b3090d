import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { CrawlSettings } from '../crawl.js';
import type { Advance, ClaimedPage, PageSettlement } from './crawl-records.js';
import {
  inScopeRedirectOf,
  nextStep,
  placeWave,
} from './frontier-decisions.js';
import { storableJson } from './storable.js';

/** How long probes a page took hold its crawl from stopping: past it, their process is taken for dead. */
const PROBES_HELD = '60 seconds';

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

/**
 * The crawl's waves, breadth-first: a wave (one depth) is placed, in the order its
 * pages were linked, once the wave before it has settled; then the waves of URLs only
 * sitemaps, canonicals and hreflang name. Places are the pages' public ids, counted on
 * the crawl's row, which every placement locks; the crawl stops here too.
 */
@Injectable()
export class WavesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Opens a started crawl's first wave: what the start learned of the site (its origin,
   * Crawl-delay and facts), and the pages of the start (the start URL and its
   * redirects, requested by the start itself) placed first at depth 0 and taken as
   * running under a lease.
   */
  async placeStarts(
    manager: EntityManager,
    auditId: string,
    site: { origin: string; crawlDelayMs: number; facts: unknown },
    starts: Array<{ url: string; hash: string }>,
    leaseMs: number,
  ): Promise<ClaimedPage[]> {
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
    return claimed;
  }

  /**
   * A redirect's target joins the wave of the page that redirected, at its end, before
   * the page is settled: a chain of redirects stays in the wave of its depth. The
   * crawl's row is locked for it, last, so it never waits on a settle (redirects are few).
   */
  async placeRedirectTarget(
    manager: EntityManager,
    { page, reading }: PageSettlement,
  ): Promise<void> {
    const target = inScopeRedirectOf(reading);
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
      `UPDATE site_audit_urls SET place = $2, wave = $3, state = $4, updated_at = now()
       WHERE key = $1`,
      [found.key, place, crawl.wave, found.refusal ?? 'queued'],
    );
    if (found.refusal === 'skipped') await recordSkipped(manager, [found.key]);
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
    await recordSkipped(
      manager,
      placed.filter((p) => p.state === 'skipped').map((p) => p.key),
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

/** A URL placed and skipped as too long to request: its record, written once, says why. */
async function recordSkipped(
  manager: EntityManager,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  await manager.query(
    `INSERT INTO site_audit_page_records (key, error)
     SELECT unnest($1::bigint[]), 'url_too_long'`,
    [keys],
  );
}
