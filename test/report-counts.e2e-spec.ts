import { plainToInstance } from 'class-transformer';
import { ListReportsQuery } from '../src/reports/dto/list-reports.query.js';
import { ReportListRepository } from '../src/reports/report-list.repository.js';
import { EXACT_SEARCH_TOTAL } from '../src/reports/search-count.js';
import { seedBulkReports, seedReports } from './support/seed.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The list's totals come from report_counts, kept by triggers on reports: after
 * inserts (one by one and in bulk), result and project changes, deletes and an
 * account's deletion, every kept count equals a COUNT(*) of the rows. A search counts
 * exactly up to its bound, then estimates and says so.
 */
describe('report counts', () => {
  let t: TestApp;
  let reports: ReportListRepository;
  const accounts: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    reports = t.app.get(ReportListRepository);
  });
  afterAll(async () => {
    // A PostgreSQL kept between runs does not pile up bulk rows (other specs' plans).
    if (accounts.length && !t.database.embedded) {
      await t.dataSource.query('DELETE FROM accounts WHERE id = ANY($1)', [
        accounts,
      ]);
    }
    await t?.close();
  });

  async function newAccount() {
    const account = await t.newAccount();
    accounts.push(account.accountId);
    return account;
  }

  /** Kept counts of the account that differ from a count of its rows: none when right. */
  async function drift(accountId: string): Promise<unknown[]> {
    return t.dataSource.query(
      `WITH actual AS (
         SELECT coalesce(project, '') AS project, coalesce(result, '') AS result,
                count(*) AS n
         FROM (SELECT project, coalesce(result, '-') AS result FROM reports
               WHERE account_id = $1) r
         GROUP BY GROUPING SETS ((project, result), (project), (result), ())
       ), kept AS (
         SELECT project, result, n FROM report_counts WHERE account_id = $1 AND n <> 0
       )
       SELECT * FROM actual FULL JOIN kept USING (project, result)
       WHERE actual.n IS DISTINCT FROM kept.n`,
      [accountId],
    );
  }

  const total = (accountId: string, params: Record<string, string> = {}) =>
    reports.countMatching(accountId, plainToInstance(ListReportsQuery, params));

  it('follow inserts, changes of result and project, and deletes', async () => {
    const { accountId } = await newAccount();
    const other = await newAccount();
    const ids = await seedReports(t.dataSource, accountId, [
      { url: 'https://a.example/1', score: 90 },
      { url: 'https://a.example/2', score: 60 },
      { url: 'https://b.example/3', score: 10 },
      { url: 'https://b.example/4', score: null, status: 'queued' },
    ]);
    await seedBulkReports(t.dataSource, accountId, 500);
    await seedBulkReports(t.dataSource, other.accountId, 300);
    expect(await drift(accountId)).toEqual([]);
    expect(await total(accountId)).toEqual({ total: 504, exact: true });
    expect(await total(accountId, { project: 'A.example' })).toEqual({
      total: 2,
      exact: true,
    });
    expect(
      await total(accountId, { project: 'a.example', result: 'good' }),
    ).toEqual({ total: 1, exact: true });

    // A result set, changed and cleared; a project moved; one row a no-op.
    await t.dataSource.query(
      `UPDATE reports SET result = 'good' WHERE id = ANY($1)`,
      [[ids[3], ids[2]]],
    );
    await t.dataSource.query(
      `UPDATE reports SET result = NULL, project = 'c.example' WHERE id = $1`,
      [ids[0]],
    );
    await t.dataSource.query(
      `UPDATE reports SET status = status WHERE account_id = $1`,
      [accountId],
    );
    expect(await drift(accountId)).toEqual([]);
    expect(
      await total(accountId, { project: 'b.example', result: 'good' }),
    ).toEqual({ total: 2, exact: true });

    await t.dataSource.query(`DELETE FROM reports WHERE id = ANY($1)`, [
      [ids[1], ids[2]],
    ]);
    await t.dataSource.query(
      `DELETE FROM reports WHERE account_id = $1 AND result = 'bad'`,
      [accountId],
    );
    expect(await drift(accountId)).toEqual([]);
    expect(await drift(other.accountId)).toEqual([]);

    // Deleting the account cascades to its reports: their counts go to zero.
    await t.dataSource.query(`DELETE FROM accounts WHERE id = $1`, [accountId]);
    expect(await total(accountId)).toEqual({ total: 0, exact: true });
    expect(await drift(other.accountId)).toEqual([]);
  });

  it('a search is exact up to its bound, then an estimate flagged inexact', async () => {
    const { accountId } = await newAccount();
    await seedBulkReports(t.dataSource, accountId, EXACT_SEARCH_TOTAL * 3);
    await t.dataSource.query('ANALYZE reports');
    const [{ n }]: Array<{ n: string }> = await t.dataSource.query(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND url ILIKE '%example%'`,
      [accountId],
    );
    expect(Number(n)).toBeGreaterThan(EXACT_SEARCH_TOTAL);
    const common = await total(accountId, { search: 'example' });
    expect(common.exact).toBe(false);
    // Past the bound, at most the account's total.
    expect(common.total).toBeGreaterThan(EXACT_SEARCH_TOTAL);
    expect(common.total).toBeLessThanOrEqual(EXACT_SEARCH_TOTAL * 3);

    const [{ term, matches }]: Array<{ term: string; matches: string }> =
      await t.dataSource.query(
        `SELECT substr(url, length(url) - 8, 7) AS term,
                (SELECT count(*) FROM reports r2 WHERE r2.account_id = $1
                 AND r2.url ILIKE '%' || substr(r.url, length(r.url) - 8, 7) || '%') AS matches
         FROM reports r WHERE account_id = $1 ORDER BY id OFFSET 100 LIMIT 1`,
        [accountId],
      );
    expect(await total(accountId, { search: term })).toEqual({
      total: Number(matches),
      exact: true,
    });
  });
});
