import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schedules of site audits: an audit with a schedule starts a new audit of the same
 * site and settings each period (`scheduled_from` names the audit it came from);
 * the tick finds the due ones by their next run.
 */
export class SiteAuditSchedules1765420000000 implements MigrationInterface {
  name = 'SiteAuditSchedules1765420000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE site_audits
        ADD COLUMN schedule text,
        ADD COLUMN next_run_at timestamptz,
        ADD COLUMN scheduled_from bigint REFERENCES site_audits (id) ON DELETE SET NULL`);
    await db.query(
      `CREATE INDEX site_audits_due ON site_audits (next_run_at)
       WHERE schedule IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX site_audits_account_scheduled ON site_audits (account_id)
       WHERE schedule IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX site_audits_account_scheduled`);
    await db.query(`DROP INDEX site_audits_due`);
    await db.query(`
      ALTER TABLE site_audits
        DROP COLUMN scheduled_from, DROP COLUMN next_run_at, DROP COLUMN schedule`);
  }
}
