import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `site_audit_urls.structured_data_types`: the schema.org types of a crawled page's
 * structured data items, each once (a page fact, analysis/site/page-facts.ts);
 * `site_audits.structured_data`: per type, how many pages of the audit carry it. Null for
 * pages crawled and audits judged before.
 */
export class StructuredDataTypes1765780000000 implements MigrationInterface {
  name = 'StructuredDataTypes1765780000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE site_audit_urls ADD COLUMN structured_data_types text[]`,
    );
    await db.query(`ALTER TABLE site_audits ADD COLUMN structured_data jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits DROP COLUMN structured_data`);
    await db.query(
      `ALTER TABLE site_audit_urls DROP COLUMN structured_data_types`,
    );
  }
}
