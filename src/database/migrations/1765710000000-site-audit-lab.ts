import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lab phase of a site audit: its templates (pages grouped by URL pattern and
 * layout), the representative pages measured for each, with their results or why
 * they have none, and each page's template. `lab_pages`/`lab_measured` count the
 * phase's progress on the audit.
 */
export class SiteAuditLab1765710000000 implements MigrationInterface {
  name = 'SiteAuditLab1765710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE site_audits
        ADD COLUMN lab_pages int,
        ADD COLUMN lab_measured int NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE site_audit_urls ADD COLUMN template int`);
    await db.query(`
      CREATE TABLE site_audit_templates (
        audit_id bigint NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
        ordinal int NOT NULL,
        name text NOT NULL,
        pattern text NOT NULL,
        skeleton text,
        page_count int NOT NULL,
        metrics jsonb,
        PRIMARY KEY (audit_id, ordinal)
      )`);
    await db.query(`
      CREATE TABLE site_audit_lab_pages (
        audit_id bigint NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
        template int NOT NULL,
        position int NOT NULL,
        url text NOT NULL,
        state text NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'measured', 'failed')),
        result jsonb,
        error jsonb,
        PRIMARY KEY (audit_id, template, position),
        FOREIGN KEY (audit_id, template)
          REFERENCES site_audit_templates (audit_id, ordinal) ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE site_audit_lab_pages`);
    await db.query(`DROP TABLE site_audit_templates`);
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN template`);
    await db.query(
      `ALTER TABLE site_audits DROP COLUMN lab_pages, DROP COLUMN lab_measured`,
    );
  }
}
