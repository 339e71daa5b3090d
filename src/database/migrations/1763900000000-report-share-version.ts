import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * share_version counts privacy and password changes of a report; a shared-page
 * cookie carries the version it was issued for, so a change invalidates it.
 */
export class ReportShareVersion1763900000000 implements MigrationInterface {
  name = 'ReportShareVersion1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports ADD COLUMN share_version integer NOT NULL DEFAULT 0`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports DROP COLUMN share_version`);
  }
}
