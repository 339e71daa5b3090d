import type { EntityManager } from 'typeorm';
import type { CrawlSettings, SiteAuditStatus } from '../site-audit.js';
import type { Advance, Discovery, RobotsRule } from './crawl-records.js';

/**
 * The breadth-first decisions of a crawl, each inside its audit's row lock: which
 * pages to dispatch within the window and max_pages, when a wave has settled and the
 * next is placed (each URL its place, its public id, queued or blocked by robots.txt),
 * and when the crawl has stopped.
 */

/** The audit row the crawl decides on, locked. */
export interface LockedAudit {
  id: string;
  status: SiteAuditStatus;
  settings: CrawlSettings;
  wave: number | null;
  link_phase: boolean;
  requested: number;
  next_place: number;
  origin: string | null;
  stop_reason: string | null;
  stopped_at: Date | null;
}

const AUDIT_COLUMNS = `id, status, settings, wave, link_phase, requested, next_place,
  origin, stop_reason, stopped_at`;

/** Locks the audit's row for the rest of the transaction, and reads it. */
export async function lockAudit(
  manager: EntityManager,
  auditId: string,
): Promise<LockedAudit> {
  const [audit]: LockedAudit[] = await manager.query(
    `SELECT ${AUDIT_COLUMNS} FROM site_audits WHERE id = $1 FOR UPDATE`,
    [auditId],
  );
  return audit;
}

/** Places found, crawlable URLs in the audit's current wave at once (redirect targets). */
export async function placeFoundNow(
  manager: EntityManager,
  audit: LockedAudit,
  discoveries: Discovery[],
  robots: RobotsRule,
): Promise<void> {
  if (discoveries.length === 0 || audit.stopped_at !== null) return;
  const rows: Array<{ key: string; url: string }> = await manager.query(
    `SELECT key, url FROM site_audit_urls
     WHERE audit_id = $1 AND url = ANY($2::text[]) AND state = 'found' AND crawlable
     ORDER BY key`,
    [audit.id, discoveries.map((d) => d.url)],
  );
  await place(manager, audit.id, audit.wave ?? 0, rows, robots);
}

/** Gives URLs their places (public ids) in order, queued or blocked by robots.txt. */
async function place(
  manager: EntityManager,
  auditId: string,
  wave: number,
  rows: Array<{ key: string; url: string }>,
  robots: RobotsRule,
): Promise<void> {
  if (rows.length === 0) return;
  const [[{ next_place: last }]]: [Array<{ next_place: number }>, number] =
    await manager.query(
      `UPDATE site_audits SET next_place = next_place + $2 WHERE id = $1 RETURNING next_place`,
      [auditId, rows.length],
    );
  const first = last - rows.length + 1;
  await manager.query(
    `UPDATE site_audit_urls u SET place = p.place, wave = $2, state = p.state,
       updated_at = now()
     FROM unnest($3::bigint[], $4::int[], $5::text[]) AS p(key, place, state)
     WHERE u.key = p.key AND u.audit_id = $1`,
    [
      auditId,
      wave,
      rows.map((row) => row.key),
      rows.map((_, i) => first + i),
      rows.map((row) => (robots(row.url) ? 'queued' : 'blocked')),
    ],
  );
}

/**
 * Dispatches what the window and max_pages allow from the current wave; when the
 * wave has settled, places the next one; stops the crawl when nothing is left (or
 * max_pages is reached, or the audit was cancelled) and nothing is in flight.
 */
export async function advanceWithin(
  manager: EntityManager,
  auditId: string,
  robots: RobotsRule,
  windowSize: number,
): Promise<Advance> {
  const dispatch: Array<{ key: string; place: number }> = [];
  for (let opened = 0; opened < 1_000; opened++) {
    const [audit]: LockedAudit[] = await manager.query(
      `SELECT ${AUDIT_COLUMNS} FROM site_audits WHERE id = $1`,
      [auditId],
    );
    // A probe a dead job left 'probing' holds nothing: only requests count as in flight.
    const [{ n }]: Array<{ n: string }> = await manager.query(
      `SELECT count(*) AS n FROM site_audit_urls
       WHERE audit_id = $1 AND state IN ('dispatched', 'running')`,
      [auditId],
    );
    const inFlight = Number(n);
    if (audit.stopped_at !== null || audit.status !== 'running') {
      // A start still under way finishes a cancel itself (abandonStart).
      const starting = audit.origin === null && audit.status === 'running';
      if (inFlight > 0 || starting) return { dispatch, stopped: false };
      await markCancelled(manager, auditId);
      return { dispatch, stopped: true };
    }
    const room = Math.min(
      windowSize - inFlight,
      audit.settings.max_pages - audit.requested,
    );
    if (room > 0) {
      const [taken]: [Array<{ key: string; place: number }>, number] =
        await manager.query(
          `UPDATE site_audit_urls SET state = 'dispatched', attempts = 0, updated_at = now()
           WHERE key IN (SELECT key FROM site_audit_urls
                         WHERE audit_id = $1 AND state = 'queued'
                         ORDER BY place LIMIT $2)
           RETURNING key, place`,
          [auditId, room],
        );
      if (taken.length > 0) {
        await manager.query(
          `UPDATE site_audits SET requested = requested + $2, updated_at = now() WHERE id = $1`,
          [auditId, taken.length],
        );
        dispatch.push(
          ...taken.map((row) => ({ key: String(row.key), place: row.place })),
        );
        return { dispatch, stopped: false };
      }
    }
    if (inFlight > 0) return { dispatch, stopped: false };
    // Nothing in flight and nothing queued: the wave has settled.
    const budgetLeft = audit.settings.max_pages - audit.requested;
    if (budgetLeft > 0 && (await openWave(manager, audit, robots))) {
      continue;
    }
    const left = await anyLeft(manager, auditId);
    await stop(manager, auditId, left ? 'max_pages' : 'done');
    return { dispatch, stopped: true };
  }
  throw new Error(`Audit ${auditId}: no wave could be opened`);
}

/** The crawl has stopped: why, and when (the audit's issues are judged next). */
async function stop(
  manager: EntityManager,
  auditId: string,
  reason: 'done' | 'max_pages',
): Promise<void> {
  await manager.query(
    `UPDATE site_audits SET stop_reason = coalesce(stop_reason, $2),
       stopped_at = coalesce(stopped_at, now()), updated_at = now()
     WHERE id = $1`,
    [auditId, reason],
  );
}

/**
 * A cancelled audit is `cancelled` once nothing of it is in flight: from then on no
 * request of it reaches the site.
 */
export async function markCancelled(
  manager: EntityManager,
  auditId: string,
): Promise<void> {
  await manager.query(
    `UPDATE site_audits SET status = 'cancelled', updated_at = now()
     WHERE id = $1 AND status = 'running' AND stop_reason = 'cancelled'`,
    [auditId],
  );
}

/** Whether crawlable URLs are left unrequested (the audit stopped at max_pages). */
async function anyLeft(
  manager: EntityManager,
  auditId: string,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM site_audit_urls
     WHERE audit_id = $1 AND in_scope AND (state = 'queued' OR (state = 'found' AND crawlable))
     LIMIT 1`,
    [auditId],
  );
  return rows.length > 0;
}

/**
 * Places the next wave: the next depth's found pages in breadth-first order (the
 * place of the page that linked them first, then the link's position); once no depth
 * is left, the URLs only sitemaps (first, in their order), canonicals and hreflang
 * named. Answers whether it placed any.
 */
async function openWave(
  manager: EntityManager,
  audit: LockedAudit,
  robots: RobotsRule,
): Promise<boolean> {
  const wave = (audit.wave ?? -1) + 1;
  let rows: Array<{ key: string; url: string }> = [];
  let linkPhase = audit.link_phase;
  if (linkPhase && wave <= audit.settings.max_depth) {
    rows = await manager.query(
      `SELECT key, url FROM site_audit_urls
       WHERE audit_id = $1 AND state = 'found' AND crawlable AND depth = $2
       ORDER BY parent_place, position, key`,
      [audit.id, wave],
    );
  }
  if (rows.length === 0) {
    linkPhase = false;
    rows = await manager.query(
      `SELECT key, url FROM site_audit_urls
       WHERE audit_id = $1 AND state = 'found' AND crawlable AND depth IS NULL
       ORDER BY sitemap_position NULLS LAST, key`,
      [audit.id],
    );
  }
  await manager.query(
    `UPDATE site_audits SET wave = $2, link_phase = $3 WHERE id = $1`,
    [audit.id, wave, linkPhase],
  );
  if (rows.length === 0) return false;
  await place(manager, audit.id, wave, rows, robots);
  return true;
}
