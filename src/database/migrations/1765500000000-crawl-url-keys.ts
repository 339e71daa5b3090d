import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of a URL in its crawl: 64 bits of its MD5 (the crawler's urlHash computes the same). */
const URL_HASH = (column: string) =>
  `('x' || substr(md5(${column}), 1, 16))::bit(64)::bigint`;

/**
 * The crawl's frontier keyed by a hash of each URL, so that any URL fits it (a unique
 * index of the URL itself refuses URLs past about 2.7 KB) and a page's links are
 * appended by key, with no lookup and no counter of their targets touched while
 * crawling (inlinks are counted when the audit is judged).
 *
 * - site_audit_urls: `url_hash`, unique in its audit; `refusal` (why a placed URL is not
 *   requested: `blocked` by robots.txt, `skipped` too long), decided when it is found;
 *   a page may now be `skipped` (recorded, never requested). The frontier is the
 *   crawl's queue: processes take `queued` pages by place, `running` under a lease
 *   (`lease_until`); a page that failed transiently waits (`not_before`). A page
 *   longer than the crawl reads is `truncated`: judged on its first bytes.
 * - site_audit_links: `from_hash`, `to_hash` and the link's `position` on its page
 *   replace the row keys.
 * - site_audits: `unprocessed`, the pages a failure of the service left unknown. A
 *   crawl's counters change many times a second: no index holds `updated_at` and pages
 *   keep room, so that those updates stay on their page and need no vacuum (HOT).
 */
export class CrawlUrlKeys1765500000000 implements MigrationInterface {
  name = 'CrawlUrlKeys1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls ADD COLUMN url_hash bigint`);
    await db.query(`UPDATE site_audit_urls SET url_hash = ${URL_HASH('url')}`);
    await db.query(
      `ALTER TABLE site_audit_urls ALTER COLUMN url_hash SET NOT NULL`,
    );
    await db.query(
      `ALTER TABLE site_audit_urls DROP CONSTRAINT site_audit_urls_audit_id_url_key`,
    );
    await db.query(
      `CREATE UNIQUE INDEX site_audit_urls_hash ON site_audit_urls (audit_id, url_hash)`,
    );
    await db.query(`ALTER TABLE site_audit_urls ADD COLUMN refusal text`);
    // A page longer than the crawl reads is judged on its first bytes, and says so.
    await db.query(
      `ALTER TABLE site_audit_urls ADD COLUMN truncated boolean NOT NULL DEFAULT false`,
    );
    // The frontier is the crawl's queue: a page is taken under a lease, and waits after a failure.
    await db.query(`
      ALTER TABLE site_audit_urls
        ADD COLUMN lease_until timestamptz, ADD COLUMN not_before timestamptz`);
    await db.query(
      `UPDATE site_audit_urls SET state = 'queued' WHERE state = 'dispatched'`,
    );
    await db.query(`DROP INDEX site_audit_urls_in_flight`);
    await db.query(
      `CREATE INDEX site_audit_urls_queue ON site_audit_urls (place) WHERE state = 'queued'`,
    );
    await db.query(
      `CREATE INDEX site_audit_urls_leases ON site_audit_urls (lease_until) WHERE state = 'running'`,
    );
    // The page indexes take skipped pages in; the URL one keeps its entries within a btree's bound.
    const pages = `state IN ('done', 'blocked', 'skipped')`;
    for (const [name, columns] of [
      ['site_audit_pages', 'audit_id, place'],
      ['site_audit_pages_depth', 'audit_id, depth, place'],
      ['site_audit_pages_inlinks', 'audit_id, inlinks, place'],
      ['site_audit_pages_score', 'audit_id, score, place'],
      ['site_audit_pages_url', 'audit_id, left(url, 2000), place'],
    ]) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(
        `CREATE INDEX ${name} ON site_audit_urls (${columns}) WHERE ${pages}`,
      );
    }
    await db.query(`DROP INDEX site_audit_pages_failing`);
    await db.query(
      `CREATE INDEX site_audit_pages_failing ON site_audit_urls USING gin (failed_checks)
       WHERE ${pages}`,
    );

    await db.query(`
      ALTER TABLE site_audit_links
        ADD COLUMN from_hash bigint, ADD COLUMN to_hash bigint, ADD COLUMN position integer`);
    await db.query(`
      UPDATE site_audit_links l SET from_hash = f.url_hash, to_hash = t.url_hash,
        position = n.position
      FROM site_audit_urls f, site_audit_urls t,
        (SELECT ctid AS row, row_number() OVER (PARTITION BY audit_id, from_key ORDER BY ctid) - 1 AS position
         FROM site_audit_links) n
      WHERE f.key = l.from_key AND t.key = l.to_key AND n.row = l.ctid`);
    await db.query(`DELETE FROM site_audit_links WHERE from_hash IS NULL`);
    await db.query(`
      ALTER TABLE site_audit_links
        ALTER COLUMN from_hash SET NOT NULL, ALTER COLUMN to_hash SET NOT NULL,
        ALTER COLUMN position SET NOT NULL,
        DROP COLUMN from_key, DROP COLUMN to_key`);
    await db.query(
      `CREATE INDEX site_audit_links_from ON site_audit_links (audit_id, from_hash, position)`,
    );
    await db.query(
      `CREATE INDEX site_audit_links_to ON site_audit_links (audit_id, to_hash)`,
    );

    await db.query(
      `ALTER TABLE site_audits ADD COLUMN unprocessed integer NOT NULL DEFAULT 0`,
    );
    await db.query(`DROP INDEX site_audits_unfinished`);
    await db.query(
      `CREATE INDEX site_audits_unfinished ON site_audits (id) WHERE finished_at IS NULL`,
    );
    await db.query(`ALTER TABLE site_audits SET (fillfactor = 70)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits RESET (fillfactor)`);
    await db.query(`DROP INDEX site_audits_unfinished`);
    await db.query(
      `CREATE INDEX site_audits_unfinished ON site_audits (updated_at)
       WHERE finished_at IS NULL`,
    );
    await db.query(`ALTER TABLE site_audits DROP COLUMN unprocessed`);
    await db.query(`
      ALTER TABLE site_audit_links ADD COLUMN from_key bigint, ADD COLUMN to_key bigint`);
    await db.query(`
      UPDATE site_audit_links l SET from_key = f.key, to_key = t.key
      FROM site_audit_urls f, site_audit_urls t
      WHERE f.audit_id = l.audit_id AND f.url_hash = l.from_hash
        AND t.audit_id = l.audit_id AND t.url_hash = l.to_hash`);
    await db.query(`
      ALTER TABLE site_audit_links DROP COLUMN from_hash, DROP COLUMN to_hash,
        DROP COLUMN position`);
    await db.query(
      `CREATE INDEX site_audit_links_from ON site_audit_links (audit_id, from_key)`,
    );
    await db.query(
      `CREATE INDEX site_audit_links_to ON site_audit_links (audit_id, to_key)`,
    );
    const pages = `state IN ('done', 'blocked')`;
    await db.query(`DELETE FROM site_audit_urls WHERE state = 'skipped'`);
    for (const [name, columns] of [
      ['site_audit_pages', 'audit_id, place'],
      ['site_audit_pages_depth', 'audit_id, depth, place'],
      ['site_audit_pages_inlinks', 'audit_id, inlinks, place'],
      ['site_audit_pages_score', 'audit_id, score, place'],
      ['site_audit_pages_url', 'audit_id, url, place'],
    ]) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(
        `CREATE INDEX ${name} ON site_audit_urls (${columns}) WHERE ${pages}`,
      );
    }
    await db.query(`DROP INDEX site_audit_pages_failing`);
    await db.query(
      `CREATE INDEX site_audit_pages_failing ON site_audit_urls USING gin (failed_checks)
       WHERE ${pages}`,
    );
    await db.query(`DROP INDEX site_audit_urls_leases`);
    await db.query(`DROP INDEX site_audit_urls_queue`);
    await db.query(
      `CREATE INDEX site_audit_urls_in_flight ON site_audit_urls (updated_at)
       WHERE state IN ('dispatched', 'running')`,
    );
    await db.query(`
      ALTER TABLE site_audit_urls DROP COLUMN lease_until, DROP COLUMN not_before`);
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN truncated`);
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN refusal`);
    await db.query(`DROP INDEX site_audit_urls_hash`);
    await db.query(
      `ALTER TABLE site_audit_urls ADD CONSTRAINT site_audit_urls_audit_id_url_key UNIQUE (audit_id, url)`,
    );
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN url_hash`);
  }
}
