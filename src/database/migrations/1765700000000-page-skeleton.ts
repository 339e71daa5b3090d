import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A crawled page keeps `skeleton`, a digest of its body's layout, which groups the
 * pages of an audit into templates with their URL patterns.
 */
export class PageSkeleton1765700000000 implements MigrationInterface {
  name = 'PageSkeleton1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls ADD COLUMN skeleton text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN skeleton`);
  }
}
