import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One index of the list: its name and its columns after the table name. */
type IndexDef = [name: string, columns: string];

/**
 * Every page of the list is read in index order, for an account of a million reports:
 * for each filter (none, project, result) there is an index per sort key and
 * direction that starts with the filter's equality columns, so no page sorts the
 * account's rows, nor walks the rows of other filters or accounts.
 *
 * - Sorting by id alone: the list orders `id ASC NULLS FIRST` / `id DESC NULLS LAST`.
 *   id is never null, so that is plain id order, but only the `id NULLS FIRST` indexes
 *   below match it: the primary key (id ASC NULLS LAST) does not, and the planner
 *   can no longer walk it backward over every account, filtering (which it preferred
 *   when one account holds most rows, and which reads all newer rows of the others).
 * - url and id are NOT NULL: `(…, url, id)` serves both directions (a backward scan
 *   gives `url DESC, id DESC`).
 * - generated_at and result_rank are nullable and sort nulls last both ways, so each
 *   direction needs an index of its own (the account-wide ones exist already).
 * - Under a result filter every row has the same rank: sorting by result is id order.
 * - project and result together use the project's index, filtering on result.
 * - Statistics of account_id and project together: a site is mostly audited by one
 *   account, and the planner, counting a project's rows as if spread over every
 *   account, would take a big project for a few rows (and sort them for a deep page).
 */
const REPLACED: IndexDef[] = [
  ['reports_account_id', '(account_id, id NULLS FIRST)'],
  ['reports_account_project', '(account_id, project, id NULLS FIRST)'],
  ['reports_account_result', '(account_id, result, id NULLS FIRST)'],
];

/** The indexes of the initial schema that REPLACED supersedes. */
const PREVIOUS: IndexDef[] = [
  ['reports_account_id', '(account_id, id)'],
  ['reports_account_project', '(account_id, project, id)'],
  ['reports_account_result', '(account_id, result, id)'],
];

const ADDED: IndexDef[] = [
  ['reports_account_project_url', '(account_id, project, url, id)'],
  [
    'reports_account_project_generated_asc',
    '(account_id, project, generated_at ASC NULLS LAST, id ASC)',
  ],
  [
    'reports_account_project_generated_desc',
    '(account_id, project, generated_at DESC NULLS LAST, id DESC)',
  ],
  [
    'reports_account_project_rank_asc',
    '(account_id, project, result_rank ASC NULLS LAST, id ASC)',
  ],
  [
    'reports_account_project_rank_desc',
    '(account_id, project, result_rank DESC NULLS LAST, id DESC)',
  ],
  ['reports_account_result_url', '(account_id, result, url, id)'],
  [
    'reports_account_result_generated_asc',
    '(account_id, result, generated_at ASC NULLS LAST, id ASC)',
  ],
  [
    'reports_account_result_generated_desc',
    '(account_id, result, generated_at DESC NULLS LAST, id DESC)',
  ],
];

export class ListSortIndexes1764100000000 implements MigrationInterface {
  name = 'ListSortIndexes1764100000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [name, columns] of REPLACED) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(`CREATE INDEX ${name} ON reports ${columns}`);
    }
    for (const [name, columns] of ADDED) {
      await db.query(`CREATE INDEX ${name} ON reports ${columns}`);
    }
    await db.query(
      `CREATE STATISTICS reports_account_project_stats (dependencies) ON account_id, project FROM reports`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP STATISTICS reports_account_project_stats`);
    for (const [name] of ADDED) await db.query(`DROP INDEX ${name}`);
    for (const [name, columns] of PREVIOUS) {
      await db.query(`DROP INDEX ${name}`);
      await db.query(`CREATE INDEX ${name} ON reports ${columns}`);
    }
  }
}
