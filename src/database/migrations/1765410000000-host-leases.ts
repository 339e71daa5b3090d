import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The politeness of crawls without Redis, shared by every process on the database:
 * the requests in flight to each host (leases that lapse if their process dies), and
 * when the last request to a host started (the next waits its Crawl-delay after it).
 */
export class HostLeases1765410000000 implements MigrationInterface {
  name = 'HostLeases1765410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE host_leases (
        token text PRIMARY KEY,
        host text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX host_leases_host ON host_leases (host)`);
    await db.query(`
      CREATE TABLE host_pacing (
        host text PRIMARY KEY,
        last_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE host_pacing`);
    await db.query(`DROP TABLE host_leases`);
  }
}
