import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Jobs carry the group they belong to (an account): a process runs at most its share
 * of one group's jobs at once, and a claim skips groups at their share.
 */
export class JobGroups1765100000000 implements MigrationInterface {
  name = 'JobGroups1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE jobs ADD COLUMN group_key text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE jobs DROP COLUMN group_key`);
  }
}
