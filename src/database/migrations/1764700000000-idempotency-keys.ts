import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key: the first answer to a keyed create, kept per account for 24
 * hours. The primary key (account_id, key) is what lets only one of two concurrent
 * requests with the same key run; `status` is `in_progress` until its answer is
 * stored. Expired rows are found by created_at, to be reused or pruned.
 */
export class IdempotencyKeys1764700000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE idempotency_keys (
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        key text NOT NULL,
        request_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('in_progress', 'completed')),
        response_status smallint,
        response_headers jsonb,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, key)
      )`);
    await db.query(
      `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE idempotency_keys`);
  }
}
