import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account's scheduled reports, counted against SCHEDULES_PER_ACCOUNT on every
 * create or update that adds one: from a partial index, not the account's rows.
 */
export class AccountSchedules1765200000000 implements MigrationInterface {
  name = 'AccountSchedules1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX reports_account_scheduled ON reports (account_id)
       WHERE schedule IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX reports_account_scheduled`);
  }
}
