import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `judged_at`: when a site audit's judgement was written, before its lab phase (lab:
 * true) finishes it. The lab phase runs on a queue of its own, so a judged audit is
 * not judged again while its templates are measured.
 */
export class SiteAuditJudged1765730000000 implements MigrationInterface {
  name = 'SiteAuditJudged1765730000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits ADD COLUMN judged_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits DROP COLUMN judged_at`);
  }
}
