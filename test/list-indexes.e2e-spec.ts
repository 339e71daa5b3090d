import { plainToInstance } from 'class-transformer';
import { ListReportsQuery } from '../src/reports/dto/list-reports.query.js';
import { ReportsService } from '../src/reports/reports.service.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * EXPLAIN of every list query shape on a seeded table: each filter, each sort key in
 * both directions and the url search are served by an index, never a scan of the
 * whole table. (`npm test -- list-indexes` prints the plans with PRINT_PLANS=1.)
 */
describe('list queries use indexes', () => {
  const ROWS_PER_ACCOUNT = 40_000;
  let t: TestApp;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const accounts: string[] = [];
    for (let i = 0; i < 3; i++)
      accounts.push((await t.newAccount(`bulk ${i}`)).accountId);
    accountId = accounts[1];
    for (const account of accounts) {
      await t.dataSource.query(
        `INSERT INTO reports (account_id, url, project, status, result, score, privacy, generated_at)
         SELECT $1,
                'https://site' || (n % 997) || '.example/page/' || md5(n::text),
                'site' || (n % 997) || '.example',
                CASE WHEN n % 50 = 0 THEN 'failed' ELSE 'completed' END,
                CASE WHEN n % 50 = 0 THEN NULL
                     WHEN n % 3 = 0 THEN 'good' WHEN n % 3 = 1 THEN 'decent' ELSE 'bad' END,
                CASE WHEN n % 50 = 0 THEN NULL ELSE n % 101 END,
                n % 3,
                CASE WHEN n % 50 = 0 THEN NULL ELSE now() - (n || ' seconds')::interval END
         FROM generate_series(1, $2) AS n`,
        [account, ROWS_PER_ACCOUNT],
      );
    }
    await t.dataSource.query('ANALYZE reports');
  }, 120_000);
  afterAll(() => t.close());

  const shapes: Array<[string, Record<string, string>]> = [
    ['default (id desc)', {}],
    ['id asc', { sort: 'asc' }],
    ['generated_at desc', { sort_by: 'generated_at' }],
    ['generated_at asc', { sort_by: 'generated_at', sort: 'asc' }],
    ['url desc', { sort_by: 'url' }],
    ['url asc', { sort_by: 'url', sort: 'asc' }],
    ['result desc', { sort_by: 'result' }],
    ['result asc', { sort_by: 'result', sort: 'asc' }],
    ['result filter', { result: 'good' }],
    ['project filter', { project: 'site42.example' }],
    ['url search', { search: '3f2a9' }],
  ];

  it.each(shapes)('%s', async (_name, params) => {
    const service = t.app.get(ReportsService);
    const query = plainToInstance(ListReportsQuery, params);
    const [sql, parameters] = service
      .listQuery(accountId, query)
      .offset(0)
      .limit(10)
      .getQueryAndParameters();
    const rows: Array<{ 'QUERY PLAN': string }> = await t.dataSource.query(
      `EXPLAIN ${sql}`,
      parameters,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    if (process.env.PRINT_PLANS) console.log(`${_name}\n${plan}`);
    expect(plan).toMatch(/Index Scan|Index Only Scan|Bitmap Index Scan/);
    expect(plan).not.toMatch(/Seq Scan on reports/);
  });
});
