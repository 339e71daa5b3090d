import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site audits: an audit, the URLs its crawl met (its pages, the out-of-scope targets
 * and subresources it probed once), and the links between them.
 *
 * - site_audit_urls holds one row per normalised URL of an audit. An in-scope URL is
 *   placed in a wave of the crawl (`place`, its public id, in crawl order) and is a
 *   page once requested (`state` done) or blocked by robots.txt (`state` blocked);
 *   until placed it is only known (`state` found). Out-of-scope targets and
 *   subresources are probe rows (`state` probing, probed), never pages.
 * - site_audit_links references two URL rows; a link to an out-of-scope URL references
 *   its probe row.
 * - Deleting an audit deletes all of it (ON DELETE CASCADE).
 */
export class SiteAudits1765400000000 implements MigrationInterface {
  name = 'SiteAudits1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE site_audits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        url varchar(2048) NOT NULL,
        project varchar(255) NOT NULL,
        status text NOT NULL DEFAULT 'queued',
        stop_reason text,
        settings jsonb NOT NULL,
        privacy smallint NOT NULL DEFAULT 1,
        password_hash text,
        share_token text UNIQUE,
        share_version integer NOT NULL DEFAULT 0,
        origin text,
        facts jsonb,
        crawl_delay_ms integer NOT NULL DEFAULT 0,
        wave integer,
        link_phase boolean NOT NULL DEFAULT true,
        requested integer NOT NULL DEFAULT 0,
        crawled integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        next_place integer NOT NULL DEFAULT 0,
        score smallint,
        result text,
        issues jsonb,
        error jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        stopped_at timestamptz,
        finished_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX site_audits_account ON site_audits (account_id, id DESC)`,
    );
    await db.query(
      `CREATE INDEX site_audits_account_project ON site_audits (account_id, project, id DESC)`,
    );
    await db.query(
      `CREATE INDEX site_audits_unfinished ON site_audits (updated_at)
       WHERE finished_at IS NULL`,
    );
    await db.query(`
      CREATE TABLE site_audit_urls (
        key bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        audit_id bigint NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
        url text NOT NULL,
        in_scope boolean NOT NULL,
        state text NOT NULL,
        crawlable boolean NOT NULL DEFAULT false,
        via text,
        depth integer,
        parent_place integer,
        position integer,
        sitemap_position integer,
        wave integer,
        place integer,
        in_sitemap boolean NOT NULL DEFAULT false,
        attempts smallint NOT NULL DEFAULT 0,
        status_code smallint,
        error text,
        redirect_to text,
        content_type text,
        html boolean NOT NULL DEFAULT false,
        title text,
        meta_description text,
        canonical text,
        noindex boolean NOT NULL DEFAULT false,
        indexable boolean NOT NULL DEFAULT false,
        hreflang jsonb,
        words integer,
        text_digest text,
        robots text[],
        outlinks integer NOT NULL DEFAULT 0,
        inlinks integer NOT NULL DEFAULT 0,
        plan jsonb,
        results jsonb,
        rejudged jsonb,
        site_checks jsonb,
        failed_checks text[] NOT NULL DEFAULT '{}',
        score smallint,
        result text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (audit_id, url)
      )`);
    await db.query(
      `CREATE INDEX site_audit_pages ON site_audit_urls (audit_id, place)
       WHERE state IN ('done', 'blocked')`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_depth ON site_audit_urls (audit_id, depth, place)
       WHERE state IN ('done', 'blocked')`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_inlinks ON site_audit_urls (audit_id, inlinks, place)
       WHERE state IN ('done', 'blocked')`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_score ON site_audit_urls (audit_id, score, place)
       WHERE state IN ('done', 'blocked')`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_url ON site_audit_urls (audit_id, url, place)
       WHERE state IN ('done', 'blocked')`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_failing ON site_audit_urls USING gin (failed_checks)
       WHERE state IN ('done', 'blocked')`,
    );
    await db.query(
      `CREATE INDEX site_audit_urls_frontier ON site_audit_urls (audit_id, state)
       WHERE state IN ('found', 'queued', 'dispatched', 'running', 'probing')`,
    );
    await db.query(
      `CREATE INDEX site_audit_urls_in_flight ON site_audit_urls (updated_at)
       WHERE state IN ('dispatched', 'running')`,
    );
    await db.query(`
      CREATE TABLE site_audit_links (
        audit_id bigint NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
        from_key bigint NOT NULL,
        to_key bigint NOT NULL,
        followed boolean NOT NULL,
        anchor text NOT NULL
      )`);
    await db.query(
      `CREATE INDEX site_audit_links_from ON site_audit_links (audit_id, from_key)`,
    );
    await db.query(
      `CREATE INDEX site_audit_links_to ON site_audit_links (audit_id, to_key)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE site_audit_links`);
    await db.query(`DROP TABLE site_audit_urls`);
    await db.query(`DROP TABLE site_audits`);
  }
}
