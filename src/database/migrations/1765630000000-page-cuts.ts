import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A crawled page says what of it was cut to keep it bounded: `texts_cut` (a title,
 * description, anchor or check evidence longer than stored) and `links_cut` (more
 * links, or hreflang alternates, than the crawl reads).
 */
export class PageCuts1765630000000 implements MigrationInterface {
  name = 'PageCuts1765630000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE site_audit_urls
        ADD COLUMN texts_cut boolean NOT NULL DEFAULT false,
        ADD COLUMN links_cut boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE site_audit_urls DROP COLUMN texts_cut, DROP COLUMN links_cut`);
  }
}
