import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: an account's endpoints (webhooks), each event sent to one of them
 * (webhook_deliveries, its JSON kept so every attempt signs the same bytes) and each
 * try of it (webhook_attempts). Deleting an endpoint deletes its deliveries, and a
 * pending delivery's job then finds nothing to send.
 */
export class Webhooks1764500000000 implements MigrationInterface {
  name = 'Webhooks1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhooks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        url varchar(2048) NOT NULL,
        events text[] NOT NULL,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX webhooks_account ON webhooks (account_id, id)`,
    );
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        webhook_id bigint NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts smallint NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (webhook_id, created_at DESC, id DESC)`,
    );
    await db.query(
      `CREATE INDEX webhook_deliveries_age ON webhook_deliveries (created_at)`,
    );
    await db.query(`
      CREATE TABLE webhook_attempts (
        delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt smallint NOT NULL,
        attempted_at timestamptz NOT NULL,
        status_code smallint,
        error text,
        duration_ms integer NOT NULL,
        response_body text,
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_attempts`);
    await db.query(`DROP TABLE webhook_deliveries`);
    await db.query(`DROP TABLE webhooks`);
  }
}
