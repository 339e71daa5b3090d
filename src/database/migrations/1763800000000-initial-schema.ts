import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts, API keys and reports. The report indexes serve every list query of one
 * account: each filter, each sort key in both directions (nulls last both ways, so
 * the nullable keys need a DESC NULLS LAST index of their own) and the url search.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      CREATE TABLE accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE api_keys (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        key_prefix text NOT NULL,
        key_digest char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE reports (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        url varchar(2048) NOT NULL,
        project varchar(255) NOT NULL,
        status text NOT NULL
          CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        result text CHECK (result IN ('good', 'decent', 'bad')),
        result_rank smallint GENERATED ALWAYS AS (
          CASE result WHEN 'good' THEN 3 WHEN 'decent' THEN 2 WHEN 'bad' THEN 1 END
        ) STORED,
        score smallint CHECK (score BETWEEN 0 AND 100),
        privacy smallint NOT NULL CHECK (privacy IN (0, 1, 2)),
        password_hash text,
        generated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        error jsonb,
        results jsonb,
        CHECK (privacy = 2 OR password_hash IS NULL)
      )`);
    await db.query(
      `CREATE INDEX reports_account_id ON reports (account_id, id)`,
    );
    await db.query(
      `CREATE INDEX reports_account_url ON reports (account_id, url, id)`,
    );
    await db.query(
      `CREATE INDEX reports_account_generated_asc ON reports (account_id, generated_at ASC NULLS LAST, id ASC)`,
    );
    await db.query(
      `CREATE INDEX reports_account_generated_desc ON reports (account_id, generated_at DESC NULLS LAST, id DESC)`,
    );
    await db.query(
      `CREATE INDEX reports_account_rank_asc ON reports (account_id, result_rank ASC NULLS LAST, id ASC)`,
    );
    await db.query(
      `CREATE INDEX reports_account_rank_desc ON reports (account_id, result_rank DESC NULLS LAST, id DESC)`,
    );
    await db.query(
      `CREATE INDEX reports_account_result ON reports (account_id, result, id)`,
    );
    await db.query(
      `CREATE INDEX reports_account_project ON reports (account_id, project, id)`,
    );
    await db.query(
      `CREATE INDEX reports_url_trgm ON reports USING gin (url gin_trgm_ops)`,
    );
    await db.query(
      `CREATE INDEX reports_unfinished ON reports (status) WHERE status IN ('queued', 'running')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reports`);
    await db.query(`DROP TABLE api_keys`);
    await db.query(`DROP TABLE accounts`);
  }
}
