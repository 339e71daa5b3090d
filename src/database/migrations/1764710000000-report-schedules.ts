import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports analysed again on a schedule: `schedule` (daily, weekly, or null for
 * none) and `next_run_at`, when the next run is due. The schedule tick reads the
 * due ones through a partial index of the scheduled reports only.
 */
export class ReportSchedules1764710000000 implements MigrationInterface {
  name = 'ReportSchedules1764710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports
         ADD COLUMN schedule text CHECK (schedule IN ('daily', 'weekly')),
         ADD COLUMN next_run_at timestamptz,
         ADD CONSTRAINT reports_schedule_has_next_run
           CHECK ((schedule IS NULL) = (next_run_at IS NULL))`,
    );
    await db.query(
      `CREATE INDEX reports_next_run_at ON reports (next_run_at)
       WHERE next_run_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX reports_next_run_at`);
    await db.query(
      `ALTER TABLE reports DROP CONSTRAINT reports_schedule_has_next_run,
         DROP COLUMN next_run_at, DROP COLUMN schedule`,
    );
  }
}
