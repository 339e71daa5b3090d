import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Jobs of one queue carry a priority (lower runs first, 0 before all), as BullMQ's
 * do, so a bulk producer can queue behind single requests on the jobs table too. The
 * due index leads with it, in the order claims read.
 */
export class JobPriority1765000000000 implements MigrationInterface {
  name = 'JobPriority1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE jobs ADD COLUMN priority integer NOT NULL DEFAULT 0`,
    );
    await db.query(`DROP INDEX jobs_due`);
    await db.query(`CREATE INDEX jobs_due ON jobs (queue, priority, run_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX jobs_due`);
    await db.query(`CREATE INDEX jobs_due ON jobs (queue, run_at)`);
    await db.query(`ALTER TABLE jobs DROP COLUMN priority`);
  }
}
