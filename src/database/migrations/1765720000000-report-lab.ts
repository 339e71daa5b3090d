import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `lab`: the report's page is also measured in a lab browser (lab: true), Lighthouse's
 * figures kept in the results' `lab` section, on every run of the report.
 */
export class ReportLab1765720000000 implements MigrationInterface {
  name = 'ReportLab1765720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports ADD COLUMN lab boolean NOT NULL DEFAULT false`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports DROP COLUMN lab`);
  }
}
