import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The indexes a search walks, testing each url: name, key columns, what they carried. */
const WALKED_INDEXES: Array<[name: string, key: string, carried: string]> = [
  ['reports_account_id', '(account_id, id NULLS FIRST)', 'INCLUDE (url)'],
  [
    'reports_account_project',
    '(account_id, project, id NULLS FIRST)',
    'INCLUDE (url)',
  ],
  [
    'reports_account_result',
    '(account_id, result, id NULLS FIRST)',
    'INCLUDE (url)',
  ],
  ['reports_account_url', '(account_id, url, id)', ''],
  ['reports_account_project_url', '(account_id, project, url, id)', ''],
  ['reports_account_result_url', '(account_id, result, url, id)', ''],
];

/**
 * The url in lower case (ASCII, as the C collation folds it: urls are WHATWG
 * serialised), carried in the indexes a search walks. A walk tests it with a plain
 * LIKE: ILIKE lowers every url it tests, 0.3–0.5 µs each, most of a walk's time
 * (12,000 urls: 4–6 ms with ILIKE, 0.1–0.5 ms more than the scan alone with LIKE).
 * Adding a stored column rewrites the table once.
 */
export class UrlFolded1764900000000 implements MigrationInterface {
  name = 'UrlFolded1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE reports ADD COLUMN url_folded text
         GENERATED ALWAYS AS (lower(url COLLATE "C")) STORED`,
    );
    for (const [name, key] of WALKED_INDEXES) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(
        `CREATE INDEX ${name} ON reports ${key} INCLUDE (url_folded)`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [name, key, carried] of WALKED_INDEXES) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(`CREATE INDEX ${name} ON reports ${key} ${carried}`);
    }
    await db.query(`ALTER TABLE reports DROP COLUMN url_folded`);
  }
}
