import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `site_audit_urls.accessibility_rules`: the axe-core rules a rendered page violates (a
 * page fact, analysis/site/page-facts.ts; null when no rule ran); `site_audits.accessibility`:
 * how many pages axe-core audited and, per rule, how many violate it. Null for pages
 * crawled and audits judged before.
 */
export class AccessibilityRules1765790000000 implements MigrationInterface {
  name = 'AccessibilityRules1765790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE site_audit_urls ADD COLUMN accessibility_rules text[]`,
    );
    await db.query(`ALTER TABLE site_audits ADD COLUMN accessibility jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits DROP COLUMN accessibility`);
    await db.query(
      `ALTER TABLE site_audit_urls DROP COLUMN accessibility_rules`,
    );
  }
}
