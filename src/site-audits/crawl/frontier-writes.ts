import type { EntityManager } from 'typeorm';
import type { Discovery, LinkRow, PageRecord } from './crawl-records.js';

/**
 * What settling a page writes of the crawl, inside its audit's lock: the page's
 * record, the URLs it makes known, its links and the inlinks they give.
 */

/**
 * Stores a requested page's record: the page is done. With `whileRunning`, only a
 * page still running (a job that settles it twice stores it once). Answers whether
 * it stored it.
 */
export async function writeRecord(
  manager: EntityManager,
  key: string,
  record: PageRecord,
  whileRunning: boolean,
): Promise<boolean> {
  const [stored]: [unknown[], number] = await manager.query(
    `UPDATE site_audit_urls SET
       state = 'done', status_code = $2, error = $3, redirect_to = $4,
       content_type = $5, html = $6, title = $7, meta_description = $8,
       canonical = $9, noindex = $10, indexable = $11, hreflang = $12,
       words = $13, text_digest = $14, robots = $15, outlinks = $16,
       plan = $17, results = $18, score = $19, result = $20,
       failed_checks = $21, updated_at = now()
     WHERE key = $1 AND ($22::boolean IS FALSE OR state = 'running')
     RETURNING key`,
    [
      key,
      record.statusCode,
      record.error,
      record.redirectTo,
      record.contentType,
      record.html,
      record.title,
      record.metaDescription,
      record.canonical,
      record.noindex,
      record.indexable,
      record.hreflang ? JSON.stringify(record.hreflang) : null,
      record.words,
      record.textDigest,
      record.robots,
      record.outlinks,
      record.plan === null ? null : JSON.stringify(record.plan),
      record.results === null ? null : JSON.stringify(record.results),
      record.score,
      record.result,
      record.failedChecks,
      whileRunning,
    ],
  );
  return stored.length > 0;
}

/**
 * Makes URLs known: new ones as found (in scope) or known (out of scope); a known
 * one found again keeps the smallest depth and the earliest breadth-first place
 * while it is not yet placed, and becomes crawlable if this discovery allows it.
 */
export async function discover(
  manager: EntityManager,
  auditId: string,
  parentPlace: number,
  discoveries: Discovery[],
): Promise<void> {
  if (discoveries.length === 0) return;
  await manager.query(
    `INSERT INTO site_audit_urls AS u
       (audit_id, url, in_scope, state, crawlable, via, depth, parent_place, position)
     SELECT $1::bigint, d.url, d.in_scope, CASE WHEN d.in_scope THEN 'found' ELSE 'known' END,
            d.crawlable, d.via, d.depth, $2::int, d.position
     FROM unnest($3::text[], $4::boolean[], $5::boolean[], $6::text[], $7::int[], $8::int[])
       AS d(url, in_scope, crawlable, via, depth, position)
     ON CONFLICT (audit_id, url) DO UPDATE SET
       crawlable = u.crawlable OR EXCLUDED.crawlable,
       via = CASE WHEN u.via IS NULL OR (u.depth IS NULL AND EXCLUDED.depth IS NOT NULL)
                  THEN coalesce(EXCLUDED.via, u.via) ELSE u.via END,
       depth = CASE WHEN u.state = 'found' AND EXCLUDED.depth IS NOT NULL
                      AND (u.depth IS NULL OR (EXCLUDED.depth, EXCLUDED.parent_place, EXCLUDED.position)
                                               < (u.depth, coalesce(u.parent_place, 2147483647), coalesce(u.position, 2147483647)))
                    THEN EXCLUDED.depth ELSE u.depth END,
       parent_place = CASE WHEN u.state = 'found' AND EXCLUDED.depth IS NOT NULL
                      AND (u.depth IS NULL OR (EXCLUDED.depth, EXCLUDED.parent_place, EXCLUDED.position)
                                               < (u.depth, coalesce(u.parent_place, 2147483647), coalesce(u.position, 2147483647)))
                    THEN EXCLUDED.parent_place ELSE u.parent_place END,
       position = CASE WHEN u.state = 'found' AND EXCLUDED.depth IS NOT NULL
                      AND (u.depth IS NULL OR (EXCLUDED.depth, EXCLUDED.parent_place, EXCLUDED.position)
                                               < (u.depth, coalesce(u.parent_place, 2147483647), coalesce(u.position, 2147483647)))
                    THEN EXCLUDED.position ELSE u.position END`,
    [
      auditId,
      parentPlace,
      discoveries.map((d) => d.url),
      discoveries.map((d) => d.inScope),
      discoveries.map((d) => d.crawlable),
      discoveries.map((d) => d.via),
      discoveries.map((d) => d.depth),
      discoveries.map((d) => d.position),
    ],
  );
}

/** Stores a page's links, and counts it once in the inlinks of each page it follows a link to. */
export async function storeLinks(
  manager: EntityManager,
  auditId: string,
  fromKey: string,
  links: LinkRow[],
): Promise<void> {
  if (links.length === 0) return;
  await manager.query(
    `INSERT INTO site_audit_links (audit_id, from_key, to_key, followed, anchor)
     SELECT $1::bigint, $2::bigint, u.key, l.followed, l.anchor
     FROM unnest($3::text[], $4::boolean[], $5::text[]) WITH ORDINALITY AS l(url, followed, anchor, n)
     JOIN site_audit_urls u ON u.audit_id = $1 AND u.url = l.url
     ORDER BY l.n`,
    [
      auditId,
      fromKey,
      links.map((l) => l.toUrl),
      links.map((l) => l.followed),
      links.map((l) => l.anchor),
    ],
  );
  const followed = [
    ...new Set(links.filter((l) => l.followed).map((l) => l.toUrl)),
  ];
  await manager.query(
    `UPDATE site_audit_urls SET inlinks = inlinks + 1
     WHERE audit_id = $1 AND url = ANY($2::text[]) AND key <> $3 AND in_scope`,
    [auditId, followed, fromKey],
  );
}
