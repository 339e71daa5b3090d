import { plainToInstance } from 'class-transformer';
import type { EntityManager } from 'typeorm';
import { ListReportsQuery } from '../src/reports/dto/list-reports.query.js';
import type { SortKey } from '../src/reports/dto/list-reports.query.js';
import type { ListCursor } from '../src/reports/list-cursor.js';
import { ReportListRepository } from '../src/reports/report-list.repository.js';
import type { Statement } from '../src/reports/report-list.repository.js';
import {
  EXACT_SEARCH_TOTAL,
  TRIGRAM_FIRST_MS,
} from '../src/reports/search-count.js';
import { seedBulkReports } from './support/seed.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * EXPLAIN of every list query shape on a seeded table (four accounts; the one listed
 * sits between the others in id order): each sort key in both directions, alone and
 * under each filter, is read from its own index of the account in the asked order, with
 * no Sort and no Seq Scan; a search (3 characters at least) goes through the
 * account's trigram index (only the matches are sorted); its count walks the newest
 * reports in the filters' id index, then the trigram index. `PRINT_PLANS=1` prints the plans.
 */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Scan Direction'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** "Limit > Index Scan reports_account_url (Backward)": readable in a failure. */
function describe_(nodes: PlanNode[]): string[] {
  return nodes.map((n) =>
    [
      n['Node Type'],
      n['Index Name'] ?? n['Relation Name'] ?? '',
      n['Scan Direction'] === 'Backward' ? '(Backward)' : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
}

const isScan = (n: PlanNode) => /Scan/.test(n['Node Type']);
const isSort = (n: PlanNode) => /Sort/.test(n['Node Type']);
const isHeapScan = (n: PlanNode) => n['Node Type'] === 'Bitmap Heap Scan';

type Params = Record<string, string>;

const SORTS: Array<[string, Params]> = [
  ['id desc', {}],
  ['id asc', { sort: 'asc' }],
  ['generated_at desc', { sort_by: 'generated_at' }],
  ['generated_at asc', { sort_by: 'generated_at', sort: 'asc' }],
  ['url desc', { sort_by: 'url' }],
  ['url asc', { sort_by: 'url', sort: 'asc' }],
  ['result desc', { sort_by: 'result' }],
  ['result asc', { sort_by: 'result', sort: 'asc' }],
];

/** The index that serves each sort (`<sort_by> <sort>`) under each filter. */
const INTENDED: Record<string, Record<string, string>> = {
  none: {
    'id desc': 'reports_account_id',
    'id asc': 'reports_account_id',
    'generated_at desc': 'reports_account_generated_desc',
    'generated_at asc': 'reports_account_generated_asc',
    'url desc': 'reports_account_url',
    'url asc': 'reports_account_url',
    'result desc': 'reports_account_rank_desc',
    'result asc': 'reports_account_rank_asc',
  },
  project: {
    'id desc': 'reports_account_project',
    'id asc': 'reports_account_project',
    'generated_at desc': 'reports_account_project_generated_desc',
    'generated_at asc': 'reports_account_project_generated_asc',
    'url desc': 'reports_account_project_url',
    'url asc': 'reports_account_project_url',
    'result desc': 'reports_account_project_rank_desc',
    'result asc': 'reports_account_project_rank_asc',
  },
  result: {
    'id desc': 'reports_account_result',
    'id asc': 'reports_account_result',
    'generated_at desc': 'reports_account_result_generated_desc',
    'generated_at asc': 'reports_account_result_generated_asc',
    'url desc': 'reports_account_result_url',
    'url asc': 'reports_account_result_url',
    // Every row has the same rank: the list orders by id alone.
    'result desc': 'reports_account_result',
    'result asc': 'reports_account_result',
  },
};

describe('list queries use indexes', () => {
  // Enough rows that a sort, or a scan of the whole table or of other accounts' rows,
  // costs the planner more than the right index does; the account listed holds a
  // seventh of the table, as one big tenant among others would.
  const ROWS = 10_000;
  const OTHER_ROWS = 20_000;
  // The biggest site of the seed (about 13% of an account's rows).
  const PROJECT = 'site0.example';
  /** The query parameters of each filter the plans are proven under. */
  const paramsOfFilter = (filter: string): Params =>
    filter === 'project'
      ? { project: PROJECT }
      : filter === 'result'
        ? { result: 'bad' }
        : {};
  let t: TestApp;
  let reports: ReportListRepository;
  let accounts: string[];
  let accountId: string;
  // A term of a handful of this account's urls.
  let rareTerm: string;

  beforeAll(async () => {
    t = await startTestApp();
    reports = t.app.get(ReportListRepository);
    accounts = [];
    for (let i = 0; i < 4; i++)
      accounts.push((await t.newAccount(`bulk ${i}`)).accountId);
    accountId = accounts[1];
    for (const account of accounts) {
      await seedBulkReports(
        t.dataSource,
        account,
        account === accountId ? ROWS : OTHER_ROWS,
        account === accountId
          ? {}
          : // Other tenants: other sites, and paths ("checkout") this one never has.
            {
              hostPrefix: `shop${account}-`,
              sections: ['checkout', 'cart', 'product'],
            },
      );
    }
    // Vacuumed as autovacuum would: index-only counts need the visibility map.
    await t.dataSource.query('VACUUM ANALYZE reports');
    const [row] = await t.dataSource.query(
      `SELECT substr(url, length(url) - 8, 7) AS term FROM reports
       WHERE account_id = $1 ORDER BY id OFFSET 1000 LIMIT 1`,
      [accountId],
    );
    rareTerm = row.term;
  }, 120_000);
  afterAll(async () => {
    // A PostgreSQL kept between runs (locally) does not pile up bulk rows; the
    // embedded database goes with its temporary directory.
    if (accounts?.length && !t.database.embedded) {
      await t.dataSource.query('DELETE FROM accounts WHERE id = ANY($1)', [
        accounts,
      ]);
    }
    await t?.close();
  });

  async function explain(
    sql: string,
    parameters: unknown[],
    analyse = false,
    db: Pick<EntityManager, 'query'> = t.dataSource,
  ): Promise<PlanNode[]> {
    const rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }> =
      await db.query(
        `EXPLAIN (FORMAT JSON${analyse ? ', ANALYZE' : ''}) ${sql}`,
        parameters,
      );
    const raw = rows[0]['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
    if (process.env.PRINT_PLANS) console.log(`${sql}\n${JSON.stringify(plan)}`);
    return nodesOf(plan);
  }

  function pagePlan(params: Params, offset = 0, total?: number) {
    const query = plainToInstance(ListReportsQuery, params);
    const { sql, parameters } = reports.listPageStatement(accountId, query, {
      offset,
      limit: 10,
      total,
    });
    return explain(sql, parameters);
  }

  /** The plan of the count through the trigram index, under its planner settings. */
  function countPlan(params: Params, analyse = false) {
    const query = plainToInstance(ListReportsQuery, params);
    const { sql, parameters, settings } = reports.listCountStatement(
      accountId,
      query,
    );
    return t.dataSource.transaction(async (db) => {
      for (const [name, value] of Object.entries(settings ?? {}))
        await db.query('SELECT set_config($1, $2, true)', [name, value]);
      return explain(sql, parameters, analyse, db);
    });
  }

  /** Read in the asked order from `index`, restricted to the account by it. */
  function expectIndexOrder(nodes: PlanNode[], index: string) {
    const summary = describe_(nodes);
    expect(summary.filter((s) => /Sort/.test(s))).toEqual([]);
    expect(describe_(nodes.filter(isScan))).toEqual([
      expect.stringMatching(
        new RegExp(`^Index Scan ${index}( \\(Backward\\))?$`),
      ),
    ]);
    expect(nodes.find(isScan)!['Index Cond']).toMatch(/account_id = /);
  }

  /** Every scan goes through one of the account's own indexes, none reads the table. */
  function expectAccountIndexes(nodes: PlanNode[]) {
    const scans = nodes.filter((n) => isScan(n) && !isHeapScan(n));
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(describe_([scan])[0]).toMatch(
        /Index (Only )?Scan reports_account_/,
      );
      expect(scan['Index Cond']).toMatch(/account_id/);
    }
  }

  describe.each(Object.keys(INTENDED))('filter: %s', (filter) => {
    const filterParams = paramsOfFilter(filter);
    it.each(SORTS)('%s: first and a deep page', async (sort, params) => {
      const index = INTENDED[filter][sort];
      expectIndexOrder(await pagePlan({ ...params, ...filterParams }), index);
      expectIndexOrder(
        await pagePlan({ ...params, ...filterParams }, 500),
        index,
      );
    });

    it('count: one row of report_counts, not the account', async () => {
      const query = plainToInstance(ListReportsQuery, filterParams);
      const { sql, parameters } = reports.keptCountStatement(accountId, query);
      const nodes = await explain(sql, parameters, true);
      expect(describe_(nodes)).toEqual(['Index Scan report_counts_pkey']);
      expect(nodes[0]['Index Cond']).toMatch(
        /account_id = .*project = .*result = /,
      );
      expect(nodes[0]['Actual Rows']).toBe(1);
    });
  });

  describe('from a cursor', () => {
    /** A cursor at the report `offset` reports into the account (id order). */
    async function cursorAt(
      sortBy: string,
      towards: 'next' | 'prev',
      where = 'true',
    ): Promise<ListCursor> {
      const [row] = await t.dataSource.query(
        `SELECT id::text, CASE $2 WHEN 'id' THEN NULL
           WHEN 'url' THEN url WHEN 'result' THEN result_rank::text
           ELSE to_char(generated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
         END AS value
         FROM reports WHERE account_id = $1 AND ${where} ORDER BY id OFFSET $3 LIMIT 1`,
        [accountId, sortBy, where.includes('IS NULL') ? 50 : 3000],
      );
      return {
        sortBy: sortBy as SortKey,
        value: row.value,
        id: row.id,
        towards,
      };
    }

    async function cursorPlans(params: Params, cursor: ListCursor) {
      const query = plainToInstance(ListReportsQuery, params);
      const plans = [];
      for (const { sql, parameters } of reports.listPageStatements(
        accountId,
        query,
        { offset: 0, limit: 11, cursor },
      )) {
        plans.push(await explain(sql, parameters));
      }
      return plans;
    }

    const flip = (sort: string) =>
      sort.endsWith('desc')
        ? sort.replace('desc', 'asc')
        : sort.replace('asc', 'desc');

    describe.each(Object.keys(INTENDED))('filter: %s', (filter) => {
      const filterParams = paramsOfFilter(filter);
      it.each(
        SORTS.flatMap(([sort, params]) =>
          (['next', 'prev'] as const).flatMap((towards) =>
            ['a value', 'no value'].map(
              (value) => [sort, towards, value, params] as const,
            ),
          ),
        ).filter(
          ([sort, , value]) =>
            value === 'a value' || /^(generated_at|result)/.test(sort),
        ),
      )(
        '%s, %s from a report with %s: each part a range of the sort index, nothing sorted',
        async (sort, towards, value, params) => {
          const sortBy = sort.split(' ')[0];
          const where =
            value === 'no value'
              ? `${sortBy === 'result' ? 'result_rank' : sortBy} IS NULL`
              : sortBy === 'id'
                ? 'true'
                : `${sortBy === 'result' ? 'result_rank' : sortBy} IS NOT NULL`;
          const cursor = await cursorAt(sortBy, towards, where);
          const read = towards === 'next' ? sort : flip(sort);
          const plans = await cursorPlans(
            { ...params, ...filterParams },
            cursor,
          );
          expect(plans.length).toBeGreaterThan(0);
          for (const nodes of plans) {
            expectIndexOrder(nodes, INTENDED[filter][read]);
            // The cursor bounds the index range; it is not a filter of rows read.
            expect(nodes.find(isScan)!['Index Cond']).toMatch(
              /(id [<>]|ROW\(|IS NULL|IS NOT NULL)/,
            );
          }
        },
      );
    });

    it.each(SORTS)(
      '%s: a common term from a cursor stays in the account, bounded by the cursor',
      async (sort, params) => {
        const sortBy = sort.split(' ')[0];
        const plans = await cursorPlans(
          { ...params, search: 'site' },
          await cursorAt(sortBy, 'next'),
        );
        // The planner either walks the sort's index from the cursor or sorts the
        // matches past it (its estimate of a term varies with the sample): both
        // only through the account's indexes, the cursor a condition of the scan.
        for (const nodes of plans) {
          expect(describe_(nodes)).not.toContainEqual(
            expect.stringMatching(/Seq Scan/),
          );
          expectAccountIndexes(nodes);
          const sorted = nodes.findIndex(isSort);
          if (sorted < 0) continue;
          expect(nodesOf(nodes[sorted]).some(isHeapScan)).toBe(true);
        }
        const walked = plans[0].find(
          (n) =>
            n['Node Type'] === 'Index Scan' &&
            n['Index Name'] === INTENDED.none[sort],
        );
        if (walked) {
          expect(walked['Index Cond']).toMatch(/(id [<>]|ROW\()/);
        }
      },
    );
  });

  it.each(SORTS)(
    'project and result together, %s: the project index',
    async (sort, params) => {
      const nodes = await pagePlan({
        ...params,
        project: PROJECT,
        result: 'good',
      });
      const intended = sort.startsWith('result')
        ? 'reports_account_project'
        : INTENDED.project[sort];
      expectIndexOrder(nodes, intended);
    },
  );

  describe.each([
    ['none', {}],
    ['project', { project: PROJECT }],
    ['result', { result: 'good' }],
  ])('search under filter %s', (filter, filterParams: Params) => {
    it.each(SORTS)(
      '%s: a rare term of 3+ characters: the trigram index, only matches sorted',
      async (sort, params) => {
        const nodes = await pagePlan({
          ...params,
          ...filterParams,
          search: rareTerm,
        });
        const trigram = nodes.find(
          (n) => n['Index Name'] === 'reports_account_url_trgm',
        );
        if (!trigram && filter !== 'none') {
          // Or the filter's own index in order, checking the url of its rows.
          expectIndexOrder(nodes, INTENDED[filter][sort]);
          return;
        }
        expect(describe_(nodes)).not.toContainEqual(
          expect.stringMatching(/Seq Scan/),
        );
        expect(trigram).toBeDefined();
        expect(trigram!['Index Cond']).toMatch(/ARRAY\[account_id\] @>/);
        // The sort, if any, is above the heap scan of the bitmap of matches.
        const sorted = nodes.findIndex(isSort);
        if (sorted >= 0) {
          expect(nodesOf(nodes[sorted]).some(isHeapScan)).toBe(true);
        }
      },
    );
  });

  it.each(SORTS)(
    '%s: a deep page picks its ids from the index alone, then reads ten rows',
    async (sort, params) => {
      const query = plainToInstance(ListReportsQuery, params);
      const window = { offset: 5_000, limit: 10 };
      const { sql, parameters } = reports.listPageStatement(
        accountId,
        query,
        window,
      );
      const nodes = await explain(sql, parameters, true);
      expect(describe_(nodes)).not.toContainEqual(
        expect.stringMatching(/Seq Scan/),
      );
      const scans = nodes.filter(isScan);
      // The OFFSET in the sort's index, read alone; then the page's rows by id.
      const index = INTENDED.none[sort];
      const walked = scans.find((n) => n['Index Name'] === index)!;
      expect(walked['Node Type']).toBe('Index Only Scan');
      expect(walked['Actual Rows']).toBe(window.offset + window.limit);
      const fetched = scans.filter((n) => n !== walked);
      expect(fetched.map((n) => n['Index Name'])).toEqual(['reports_pkey']);
      // The same reports as a plain OFFSET of the list's order.
      const [key, direction] = sort.split(' ');
      const column = {
        id: 'id',
        generated_at: 'generated_at',
        url: 'url',
        result: 'result_rank',
      }[key]!;
      const expected: Array<{ id: string }> = await t.dataSource.query(
        `SELECT id FROM reports WHERE account_id = $1
         ORDER BY ${column} ${direction} NULLS LAST, id ${direction}
         OFFSET ${window.offset} LIMIT ${window.limit}`,
        [accountId],
      );
      const rows = await reports.page(accountId, query, window);
      expect(rows.map((r) => r.report.id)).toEqual(expected.map((r) => r.id));
    },
  );

  it('a term common in other accounts reads none of their rows', async () => {
    // The list counts first: through the account's trigram index, nothing matches,
    // and no page is read. Which index the planner takes at this size varies, so
    // the trigram index is shown alone here (bitmap scans only).
    const query = plainToInstance(ListReportsQuery, { search: 'checkout' });
    const { sql, parameters } = reports.listCountStatement(accountId, query);
    const count = await t.dataSource.transaction(async (db) => {
      for (const scan of ['seqscan', 'indexscan', 'indexonlyscan'])
        await db.query(`SET LOCAL enable_${scan} = off`);
      return explain(sql, parameters, true, db);
    });
    const trigram = count.find(
      (n) => n['Index Name'] === 'reports_account_url_trgm',
    );
    expect(trigram).toBeDefined();
    // The other accounts hold 20,000 "checkout" urls; this account none.
    expect(trigram!['Actual Rows']).toBe(0);
    // And the plans the list runs stay in the account's indexes.
    expectAccountIndexes(await countPlan({ search: 'checkout' }));
    expectAccountIndexes(await pagePlan({ search: 'checkout' }));
  });

  it.each(SORTS)(
    '%s: a term common elsewhere with few matches here: its matches sorted, not the account walked',
    async (_sort, params) => {
      // The list counted a handful of matches in this account, as it does first.
      const nodes = await pagePlan({ ...params, search: 'cart' }, 0, 5);
      expect(describe_(nodes)).not.toContainEqual(
        expect.stringMatching(/Seq Scan/),
      );
      // Bitmaps of the account's indexes only (the trigram one among them, perhaps
      // ANDed with another), then a sort of what they found.
      const scans = nodes.filter(isScan).filter((n) => !isHeapScan(n));
      expect(scans.every((n) => n['Node Type'] === 'Bitmap Index Scan')).toBe(
        true,
      );
      expectAccountIndexes(nodes);
      const trigram = scans.find(
        (n) => n['Index Name'] === 'reports_account_url_trgm',
      );
      expect(trigram!['Index Cond']).toMatch(/ARRAY\[account_id\] @>/);
      const sorted = nodes.findIndex(isSort);
      expect(sorted).toBeGreaterThanOrEqual(0);
      expect(nodesOf(nodes[sorted]).some(isHeapScan)).toBe(true);
    },
  );

  it.each(['checkout', 'site'])(
    'count of "%s" through the trigram index: bitmaps of the account only, stopped at the bound',
    async (term) => {
      // "site" is in every url of the account: EXACT_SEARCH_TOTAL + 1 read of 10,000.
      const nodes = await countPlan({ search: term }, true);
      expectAccountIndexes(nodes);
      expect(
        nodes.filter(isScan).every((n) => /^Bitmap/.test(n['Node Type'])),
      ).toBe(true);
      const limit = nodes.find((n) => n['Node Type'] === 'Limit')!;
      expect(limit['Actual Rows']).toBe(
        term === 'site' ? EXACT_SEARCH_TOTAL + 1 : 0,
      );
    },
  );

  it.each(Object.keys(INTENDED))(
    'under filter %s, the walk of a common term reads the newest reports in the id index until the bound',
    async (filter) => {
      const query = plainToInstance(ListReportsQuery, {
        ...paramsOfFilter(filter),
        search: 'site',
      });
      const kept = await reports.countMatching(accountId, {
        ...query,
        search: undefined,
      });
      // A walk shorter than the filtered list, as SEARCH_WALK is for the accounts it serves.
      const length = Math.min(2_500, Math.floor(kept.total / 2));
      const walk = reports.searchWalkStatement(accountId, query, length);
      const nodes = (await explain(walk.sql, walk.parameters, true)).filter(
        (n) => n['Node Type'] !== 'Subquery Scan',
      );
      if (filter === 'none') {
        // The url is carried in the index (IdIndexesCarryUrl): no row is fetched,
        // and the numbering follows the index's order (no sort).
        expect(describe_(nodes).filter((d) => /Sort/.test(d))).toEqual([]);
        expect(describe_(nodes.filter(isScan))).toEqual([
          'Index Only Scan reports_account_id (Backward)',
        ]);
      } else {
        // A filter's few thousand rows here may be sorted from a bitmap of its index
        // (at a million, its index is walked: test/bench/RESULTS.md).
        expectAccountIndexes(nodes);
        expect(describe_(nodes)).not.toContainEqual(
          expect.stringMatching(/Seq Scan/),
        );
      }
      const [matched, walked] = nodes.filter((n) => n['Node Type'] === 'Limit');
      // Every url has "site": the walk stops at the bound, reading no more reports than matches.
      const read = Math.min(EXACT_SEARCH_TOTAL + 1, length);
      expect(matched['Actual Rows']).toBe(read);
      if (filter === 'none') expect(walked['Actual Rows']).toBe(read);
    },
  );

  it('the sample counts the matches among the newest reports, in the id index alone', async () => {
    const newest: Array<{ id: string; url: string }> = await t.dataSource.query(
      `SELECT id, url FROM reports WHERE account_id = $1 ORDER BY id DESC LIMIT 3000`,
      [accountId],
    );
    const newestIds = newest.map((r) => r.id);
    // The term in capitals: the folded url matches it as ILIKE would.
    const { sql, parameters } = reports.searchSampleStatement(
      accountId,
      plainToInstance(ListReportsQuery, { search: 'PriCing' }),
      1000,
    );
    const [row] = await t.dataSource.query(sql, parameters);
    expect([Number(row.matches), Number(row.examined)]).toEqual([
      newest.slice(0, 1000).filter((r) => /pricing/i.test(r.url)).length,
      1000,
    ]);
    const nodes = await explain(sql, parameters, true);
    expect(describe_(nodes.filter(isScan))).toEqual([
      'Index Only Scan reports_account_id (Backward)',
    ]);
    // The walk goes on past the sample's reports, not through them again.
    expect(row.last_id).toBe(newestIds[999]);
    const walk = reports.searchWalkStatement(
      accountId,
      plainToInstance(ListReportsQuery, { search: 'PriCing' }),
      3000,
      {
        matches: Number(row.matches),
        examined: 1000,
        lastId: String(row.last_id),
      },
    );
    const [walked] = await t.dataSource.query(walk.sql, walk.parameters);
    expect(Number(walked.matches)).toBe(
      newest.slice(1000).filter((r) => /pricing/i.test(r.url)).length,
    );
  });

  it('the count of a term the sample finds rare: exact through the trigram index up to the bound', async () => {
    // A sample and a walk of 100 reports cannot meet the bound: the trigram index counts.
    const ran: Statement[] = [];
    const countOf = (search: string) =>
      reports.countMatching(
        accountId,
        plainToInstance(ListReportsQuery, { search }),
        { sample: 100, walk: 100 },
        (statement) => ran.push(statement),
      );
    const [{ n }]: Array<{ n: string }> = await t.dataSource.query(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND url ILIKE $2`,
      [accountId, `%${rareTerm}%`],
    );
    expect(await countOf(rareTerm)).toEqual({ total: Number(n), exact: true });
    // The counter, the sample, the trigram index: no walk past the sample.
    expect(
      ran.map((s) => s.settings?.statement_timeout ?? 'walk or count'),
    ).toEqual(['walk or count', 'walk or count', `${TRIGRAM_FIRST_MS}ms`]);
    // Past the bound: every report of the walk matched, so the estimate is all of them.
    expect(await countOf('example')).toEqual({ total: ROWS, exact: false });
  });

  it('a filtered list shorter than the sample is counted exactly by it', async () => {
    const query = plainToInstance(ListReportsQuery, {
      project: 'site400.example',
      search: 'pricing',
    });
    const [{ n }]: Array<{ n: string }> = await t.dataSource.query(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND project = $2 AND url ILIKE '%pricing%'`,
      [accountId, 'site400.example'],
    );
    const ran: Statement[] = [];
    expect(
      await reports.countMatching(accountId, query, undefined, (s) =>
        ran.push(s),
      ),
    ).toEqual({ total: Number(n), exact: true });
    expect(ran).toHaveLength(2);
  });

  it('a page of a common term walked in index order matches case-insensitively', async () => {
    const query = plainToInstance(ListReportsQuery, {
      search: 'PRICING',
      sort_by: 'url',
      sort: 'asc',
    });
    const rows = await reports.page(accountId, query, {
      offset: 0,
      limit: 10,
      total: ROWS,
    });
    const expected: Array<{ id: string }> = await t.dataSource.query(
      `SELECT id FROM reports WHERE account_id = $1 AND url ILIKE '%pricing%'
       ORDER BY url, id LIMIT 10`,
      [accountId],
    );
    expect(rows.map((r) => r.report.id)).toEqual(expected.map((r) => r.id));
  });

  it('the count of a common term estimates from the walk', async () => {
    // "https://" begins 19 urls in 20 of the seed.
    const https = await reports.countMatching(
      accountId,
      plainToInstance(ListReportsQuery, { search: 'https' }),
    );
    const [{ n }]: Array<{ n: string }> = await t.dataSource.query(
      `SELECT count(*) AS n FROM reports WHERE account_id = $1 AND url ILIKE '%https%'`,
      [accountId],
    );
    expect(https.exact).toBe(false);
    expect(Math.abs(https.total - Number(n))).toBeLessThan(ROWS / 50);
  });
});
