import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The run history of reports: every settled run (completed or failed) as a row of
 * `report_runs`, written in the transaction that settles the report, the last
 * RUN_HISTORY_LIMIT kept per report. `reports.run_started_at` holds when the current
 * run was first claimed, so its row can say when it started. Reports already settled
 * get their current outcome as one run, so their history does not start empty.
 */
export class ReportRuns1764600000000 implements MigrationInterface {
  name = 'ReportRuns1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports ADD COLUMN run_started_at timestamptz`);
    await db.query(`
      CREATE TABLE report_runs (
        report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
        run integer NOT NULL,
        account_id bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('completed', 'failed')),
        score smallint CHECK (score BETWEEN 0 AND 100),
        result text CHECK (result IN ('good', 'decent', 'bad')),
        results jsonb,
        error jsonb,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL,
        PRIMARY KEY (report_id, run),
        CHECK ((status = 'completed') = (results IS NOT NULL))
      )`);
    // The chart and the default diff read a report's latest completed runs.
    await db.query(
      `CREATE INDEX report_runs_completed ON report_runs (report_id, run DESC)
       WHERE status = 'completed'`,
    );
    await db.query(`
      INSERT INTO report_runs (report_id, run, account_id, status, score, result,
                               results, error, started_at, finished_at)
      SELECT id, run, account_id, status,
             CASE WHEN status = 'completed' THEN score END,
             CASE WHEN status = 'completed' THEN result END,
             CASE WHEN status = 'completed' THEN results END,
             CASE WHEN status = 'failed' THEN error END,
             updated_at, updated_at
      FROM reports
      WHERE (status = 'completed' AND results IS NOT NULL) OR status = 'failed'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE report_runs`);
    await db.query(`ALTER TABLE reports DROP COLUMN run_started_at`);
  }
}
