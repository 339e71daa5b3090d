import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `render`: the report's page is judged as a browser renders it (render: true), on
 * every run of the report; false keeps the raw HTML, as before.
 */
export class ReportRender1765600000000 implements MigrationInterface {
  name = 'ReportRender1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports ADD COLUMN render boolean NOT NULL DEFAULT false`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE reports DROP COLUMN render`);
  }
}
