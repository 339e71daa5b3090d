import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DecidedDiscovery, PageSettlement } from './crawl-records.js';
import { byHash } from './frontier-decisions.js';
import type { BatchDiscovery } from './frontier-decisions.js';
import { storableText } from './storable.js';

/** Links written by one statement at most (a page of 100,000 links takes several). */
const LINKS_AT_ONCE = 10_000;
/** Breadth-first order's "none" for a parent place or a link position. */
const LAST = 2_147_483_647;

/**
 * What pages make known, inside the transaction of their settle or a crawl's seed:
 * URLs (one row a URL of a crawl, by its key; new ones inserted, known ones improved
 * while not placed) and the links between them.
 */
@Injectable()
export class DiscoveriesRepository {
  /** The sitemap URLs a crawl's start found: known from the sitemap, in its order. */
  async addSitemapUrls(
    manager: EntityManager,
    auditId: string,
    sitemapUrls: DecidedDiscovery[],
  ): Promise<void> {
    if (sitemapUrls.length === 0) return;
    const sitemap = [...sitemapUrls].sort(byHash);
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

  /** Makes URLs known: new ones inserted; known ones, while not placed, improved (combined() in SQL). */
  async discover(
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
  async storeLinks(
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
}
