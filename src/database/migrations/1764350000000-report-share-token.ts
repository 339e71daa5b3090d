import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share links carry a token nobody can guess instead of the report's sequential id.
 * A report gets one when it is first shared (public or password) and keeps it; reports
 * shared before get one now: 32 characters of base64url from two random UUIDs.
 */
export class ReportShareToken1764350000000 implements MigrationInterface {
  name = 'ReportShareToken1764350000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports ADD COLUMN share_token text`);
    await db.query(
      `UPDATE reports SET share_token = substr(translate(encode(
         decode(replace(gen_random_uuid()::text, '-', ''), 'hex') ||
         decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'),
         '+/', '-_'), 1, 32)
       WHERE privacy <> 1`,
    );
    await db.query(
      `CREATE UNIQUE INDEX reports_share_token ON reports (share_token)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX reports_share_token`);
    await db.query(`ALTER TABLE reports DROP COLUMN share_token`);
  }
}
