import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `render`: what rendering a page of a rendered audit met (rendered, or why not; the
 * network quiet or not; dialogs dismissed, windows blocked, script errors), shown on
 * the page in the API, the share page and pages.csv. Null for audits that do not render.
 */
export class PageRender1765740000000 implements MigrationInterface {
  name = 'PageRender1765740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls ADD COLUMN render jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN render`);
  }
}
