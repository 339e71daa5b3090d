import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's totals without a COUNT(*) of the account: `report_counts` holds, per
 * account, how many reports each (project, result) pair has, and the sums over any
 * project (`project = ''`) and any result (`result = ''`). A report without a result
 * counts under `result = '-'`. So every total the list needs without a search (none,
 * project, result, both) is one row.
 *
 * Statement-level triggers keep the counts in the transaction that changes the rows,
 * reading the statement's transition tables: a bulk INSERT of a million rows is one
 * grouped upsert, not a million. The upsert takes its keys in one order, so two
 * statements never wait on each other's counters crosswise. No foreign key to
 * accounts: deleting an account cascades to its reports, whose trigger then writes
 * the counts of an account being deleted.
 */

/** The upsert of the changes `deltas` yields (account_id, project, result, delta). */
function applyDeltas(deltas: string): string {
  return `
    INSERT INTO report_counts AS c (account_id, project, result, n)
    SELECT d.account_id, k.project, k.result, sum(d.delta)
    FROM (${deltas}) d
    CROSS JOIN LATERAL (VALUES (d.project, d.result), (d.project, ''),
                               ('', d.result), ('', '')) k (project, result)
    GROUP BY 1, 2, 3
    HAVING sum(d.delta) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (account_id, project, result) DO UPDATE SET n = c.n + EXCLUDED.n`;
}

const rowsOf = (table: string, delta: number) =>
  `SELECT account_id, project, coalesce(result, '-') AS result, ${delta} AS delta FROM ${table}`;

const FUNCTIONS: Array<[name: string, body: string]> = [
  ['report_counts_insert', applyDeltas(rowsOf('new_rows', 1))],
  ['report_counts_delete', applyDeltas(rowsOf('old_rows', -1))],
  [
    'report_counts_update',
    applyDeltas(`${rowsOf('new_rows', 1)} UNION ALL ${rowsOf('old_rows', -1)}`),
  ],
  ['report_counts_truncate', 'DELETE FROM report_counts'],
];

const TRIGGERS: Array<[name: string, event: string]> = [
  [
    'report_counts_insert',
    'AFTER INSERT ON reports REFERENCING NEW TABLE AS new_rows',
  ],
  [
    'report_counts_delete',
    'AFTER DELETE ON reports REFERENCING OLD TABLE AS old_rows',
  ],
  [
    'report_counts_update',
    'AFTER UPDATE ON reports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  ],
  ['report_counts_truncate', 'AFTER TRUNCATE ON reports'],
];

/** Rebuilds every count from the rows: the backfill, and a repair after a bulk load without triggers. */
export const RECOUNT_REPORTS = `
  INSERT INTO report_counts (account_id, project, result, n)
  SELECT account_id, coalesce(project, ''), coalesce(result, ''), count(*)
  FROM (SELECT account_id, project, coalesce(result, '-') AS result FROM reports) r
  GROUP BY GROUPING SETS ((account_id, project, result), (account_id, project),
                          (account_id, result), (account_id))
  ORDER BY 1, 2, 3
  ON CONFLICT (account_id, project, result) DO UPDATE SET n = EXCLUDED.n`;

export class ReportCounts1764400000000 implements MigrationInterface {
  name = 'ReportCounts1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE report_counts (
        account_id bigint NOT NULL,
        project text NOT NULL,
        result text NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (account_id, project, result)
      )`);
    for (const [name, body] of FUNCTIONS) {
      await db.query(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${body}; RETURN NULL; END $$`,
      );
    }
    for (const [name, event] of TRIGGERS) {
      await db.query(
        `CREATE TRIGGER ${name} ${event} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      );
    }
    // Counted under the lock the triggers' creation took: no change slips between.
    await db.query(RECOUNT_REPORTS);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [name] of TRIGGERS) {
      await db.query(`DROP TRIGGER ${name} ON reports`);
      await db.query(`DROP FUNCTION ${name}()`);
    }
    await db.query(`DROP TABLE report_counts`);
  }
}
