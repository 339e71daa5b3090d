import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The url search, scoped to one account. The trigram index on url alone answered
 * `url ILIKE '%term%'` for every account at once, so a term common in other accounts
 * dragged their rows in. This GIN index holds the account beside the url trigrams,
 * and a search of 3 characters or more matches both in one index scan.
 *
 * The account key is the one-element array `ARRAY[account_id]` (the built-in
 * array_ops), not the bare column: indexing a bigint in GIN takes btree_gin, which
 * the embedded PGlite does not load, and this works unchanged on both. The list adds
 * the matching `ARRAY[account_id] @> ARRAY[:account]` condition to a search.
 * Searches under 3 characters have no trigram; they go through the account's
 * B-tree indexes (see the next migration), never the whole table.
 */
export class AccountUrlSearchIndex1764000000000 implements MigrationInterface {
  name = 'AccountUrlSearchIndex1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX reports_account_url_trgm ON reports USING gin ((ARRAY[account_id]), url gin_trgm_ops)`,
    );
    await db.query(`DROP INDEX reports_url_trgm`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX reports_url_trgm ON reports USING gin (url gin_trgm_ops)`,
    );
    await db.query(`DROP INDEX reports_account_url_trgm`);
  }
}
