import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A crawled page keeps `minhash`, the MinHash signature of its main text, which the
 * near_duplicate site check compares to find pages that say nearly the same thing.
 */
export class PageMinhash1765770000000 implements MigrationInterface {
  name = 'PageMinhash1765770000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls ADD COLUMN minhash text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audit_urls DROP COLUMN minhash`);
  }
}
