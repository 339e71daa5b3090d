import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `judged_at`, `judgement`: when a site audit was judged and what the judgement said
 * (score, rating, issues), kept while its lab phase (lab: true) runs on a queue of its
 * own, so a judged audit is not judged again; the audit shows them once it finishes.
 */
export class SiteAuditJudged1765730000000 implements MigrationInterface {
  name = 'SiteAuditJudged1765730000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE site_audits ADD COLUMN judged_at timestamptz, ADD COLUMN judgement jsonb`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE site_audits DROP COLUMN judged_at, DROP COLUMN judgement`,
    );
  }
}
