import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analyses as durable jobs.
 *
 * - reports.run numbers the analyses asked for (create is run 1, each re-run adds
 *   one); a job carries the run it is for, so a job of an older run, or a second
 *   copy of one, changes nothing. reports.attempts counts the transient failures of
 *   the current run (at most 3 attempts in all).
 * - Unsettled reports (queued or running) are found by age, for the sweep that
 *   dispatches their jobs again, and counted per account, for the in-flight cap.
 * - jobs is the queue when the service runs without Redis: a job is a row, claimed
 *   with a lease (locked_by, locked_until) so that a job whose process died runs
 *   again; a finished job is deleted, so its key may be used again.
 */
export class AnalysisJobs1764300000000 implements MigrationInterface {
  name = 'AnalysisJobs1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports ADD COLUMN run integer NOT NULL DEFAULT 1,
                           ADD COLUMN attempts smallint NOT NULL DEFAULT 0`,
    );
    await db.query(`DROP INDEX reports_unfinished`);
    await db.query(
      `CREATE INDEX reports_unsettled ON reports (updated_at)
       WHERE status IN ('queued', 'running')`,
    );
    await db.query(
      `CREATE INDEX reports_account_unsettled ON reports (account_id)
       WHERE status IN ('queued', 'running')`,
    );
    await db.query(`
      CREATE TABLE jobs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        queue text NOT NULL,
        key text NOT NULL,
        data jsonb NOT NULL,
        run_at timestamptz NOT NULL DEFAULT now(),
        attempt integer NOT NULL DEFAULT 0,
        locked_by text,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (queue, key)
      )`);
    await db.query(`CREATE INDEX jobs_due ON jobs (queue, run_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE jobs`);
    await db.query(`DROP INDEX reports_account_unsettled`);
    await db.query(`DROP INDEX reports_unsettled`);
    await db.query(
      `CREATE INDEX reports_unfinished ON reports (status) WHERE status IN ('queued', 'running')`,
    );
    await db.query(`ALTER TABLE reports DROP COLUMN run, DROP COLUMN attempts`);
  }
}
