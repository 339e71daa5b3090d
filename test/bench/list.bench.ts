import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { plainToInstance } from 'class-transformer';
import { ListReportsQuery } from '../../src/reports/dto/list-reports.query.js';
import { ReportListRepository } from '../../src/reports/report-list.repository.js';
import { seedBulkReports } from '../support/seed.js';
import { startTestApp } from '../support/test-app.js';
import type { TestApp } from '../support/test-app.js';

/**
 * Time of each list query shape for one account holding a million reports, on a
 * throwaway PostgreSQL database: created with createdb, migrated, seeded with
 * generate_series (the account, plus other accounts with other sites), measured, and
 * dropped at the end. For each shape it prints the median of the page query and of
 * the count query, and whether the plan reads the page from the intended index.
 *
 *   npm run bench:list
 *
 * Environment: BENCH_PG_URL, the server (default postgres://postgres@127.0.0.1:5432;
 * the user needs CREATEDB); BENCH_DATABASE, the name of the throwaway database
 * (default list_bench_<pid>; it must not exist); BENCH_ROWS, the account's reports
 * (default 1000000); BENCH_RUNS, timed runs per query (default 7, after 2 warm-up).
 */

const run = promisify(execFile);

const server = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
);
const database = process.env.BENCH_DATABASE ?? `list_bench_${process.pid}`;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const OTHER_ACCOUNTS = 3;
const OTHER_ROWS = Math.max(1, Math.round(ROWS / 10));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WARM_UP_RUNS = 2;

/** createdb / dropdb with the server's connection options. */
async function pgTool(tool: 'createdb' | 'dropdb', ...args: string[]) {
  const options = ['-h', server.hostname, '-p', server.port || '5432'];
  if (server.username) options.push('-U', decodeURIComponent(server.username));
  await run(tool, [...options, ...args], {
    env: {
      ...process.env,
      ...(server.password
        ? { PGPASSWORD: decodeURIComponent(server.password) }
        : {}),
    },
  });
}

function databaseUrl(): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The plan in one line: its scans and sorts, leaves last. */
function planSummary(nodes: PlanNode[]): string {
  return nodes
    .filter((n) => /Scan|Sort/.test(n['Node Type']))
    .map((n) => {
      if (!n['Index Name']) return n['Node Type'];
      const type = n['Node Type'].replace('Index Scan', 'Index');
      const backward = n['Scan Direction'] === 'Backward' ? ' backward' : '';
      return `${type} ${n['Index Name'].replace(/^reports_/, '')}${backward}`;
    })
    .join(' > ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Shape {
  name: string;
  params: Record<string, string>;
  /**
   * The index the page is read from in the asked order (no Sort); 'trigram': the
   * matches come from the account's trigram index and only they are sorted; both
   * (`<index>|trigram`) for a term between rare and common; 'account': any index
   * of the account, for a term too short for trigrams.
   */
  intended: string;
  page?: number;
  perPage?: number;
}

/** Each sort, and the suffix of its index after reports_account(_<filter>). */
const SORTS: Array<[string, Record<string, string>, string]> = [
  ['id desc', {}, ''],
  ['id asc', { sort: 'asc' }, ''],
  ['generated_at desc', { sort_by: 'generated_at' }, '_generated_desc'],
  [
    'generated_at asc',
    { sort_by: 'generated_at', sort: 'asc' },
    '_generated_asc',
  ],
  ['url desc', { sort_by: 'url' }, '_url'],
  ['url asc', { sort_by: 'url', sort: 'asc' }, '_url'],
  ['result desc', { sort_by: 'result' }, '_rank_desc'],
  ['result asc', { sort_by: 'result', sort: 'asc' }, '_rank_asc'],
];

const accountIndex = (suffix: string) =>
  suffix ? `reports_account${suffix}` : 'reports_account_id';

function shapes(rareTerm: string): Shape[] {
  const list: Shape[] = [];
  for (const [name, params, suffix] of SORTS) {
    list.push({ name, params, intended: accountIndex(suffix) });
  }
  for (const [name, params, suffix] of SORTS) {
    list.push({
      name: `project (13% of rows), ${name}`,
      params: { ...params, project: 'site0.example' },
      intended: `reports_account_project${suffix}`,
    });
  }
  for (const [name, params, suffix] of SORTS) {
    // One result has one rank: sorting by it is id order.
    const byId = suffix.startsWith('_rank');
    list.push({
      name: `result=bad, ${name}`,
      params: { ...params, result: 'bad' },
      intended: `reports_account_result${byId ? '' : suffix}`,
    });
  }
  list.push(
    {
      name: 'small project (0.02%), id desc',
      params: { project: 'site400.example' },
      intended: 'reports_account_project',
    },
    {
      name: 'project + result, url asc',
      params: {
        project: 'site3.example',
        result: 'good',
        sort_by: 'url',
        sort: 'asc',
      },
      intended: 'reports_account_project_url',
    },
  );
  for (const [name, params, suffix] of [SORTS[0], SORTS[5], SORTS[2]]) {
    list.push(
      {
        name: `search "${rareTerm}" (rare), ${name}`,
        params: { ...params, search: rareTerm },
        intended: 'trigram',
      },
      {
        name: `search "site7." (host, 0.8%), ${name}`,
        params: { ...params, search: 'site7.' },
        intended: `${accountIndex(suffix)}|trigram`,
      },
      {
        name: `search "pricing" (1/6 of rows), ${name}`,
        params: { ...params, search: 'pricing' },
        intended: accountIndex(suffix),
      },
      {
        name: `search "cart" (25 here, common elsewhere), ${name}`,
        params: { ...params, search: 'cart' },
        intended: 'trigram',
      },
      {
        name: `search "checkout" (other accounts only), ${name}`,
        params: { ...params, search: 'checkout' },
        intended: 'trigram',
      },
      {
        name: `search "zq" (2 chars, no match), ${name}`,
        params: { ...params, search: 'zq' },
        intended: 'account',
      },
    );
  }
  for (const [name, params, suffix] of [SORTS[0], SORTS[5], SORTS[2]]) {
    list.push({
      name: `deep page 1000 of 100, ${name}`,
      params,
      intended: accountIndex(suffix),
      page: 1000,
      perPage: 100,
    });
  }
  return list;
}

/** Does the plan read the page as intended? */
function asIntended(nodes: PlanNode[], intended: string): boolean {
  const indexes = nodes.map((n) => n['Index Name']).filter(Boolean);
  const sorted = nodes.some((n) => /Sort/.test(n['Node Type']));
  const seq = nodes.some((n) => n['Node Type'] === 'Seq Scan');
  if (seq) return false;
  if (intended.includes('|')) {
    return intended.split('|').some((one) => asIntended(nodes, one));
  }
  if (intended === 'trigram') {
    return indexes.includes('reports_account_url_trgm');
  }
  if (intended === 'account') {
    return (
      indexes.length > 0 &&
      indexes.every((name) => name!.startsWith('reports_account_'))
    );
  }
  return !sorted && indexes.length === 1 && indexes[0] === intended;
}

async function time(t: TestApp, sql: string, parameters: unknown[]) {
  for (let i = 0; i < WARM_UP_RUNS; i++)
    await t.dataSource.query(sql, parameters);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await t.dataSource.query(sql, parameters);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

async function plan(t: TestApp, sql: string, parameters: unknown[]) {
  const rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> =
    await t.dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  return nodesOf(rows[0]['QUERY PLAN'][0].Plan);
}

async function main() {
  await pgTool('createdb', database);
  console.log(`database ${database} created`);
  let t: TestApp | null = null;
  try {
    process.env.DATABASE_URL = databaseUrl();
    t = await startTestApp();
    const reports = t.app.get(ReportListRepository);
    const started = Date.now();
    const { accountId } = await t.newAccount('bench');
    await seedBulkReports(t.dataSource, accountId, ROWS);
    for (let i = 0; i < OTHER_ACCOUNTS; i++) {
      const other = await t.newAccount(`other ${i}`);
      await seedBulkReports(t.dataSource, other.accountId, OTHER_ROWS, {
        hostPrefix: `shop${i}-`,
        sections: ['checkout', 'cart', 'product'],
      });
    }
    // A term the other accounts use everywhere and this one in a few reports,
    // spread over its whole range of ids.
    await t.dataSource.query(
      `UPDATE reports SET url = url || '/cart'
       WHERE account_id = $1 AND id % $2 = 0`,
      [accountId, Math.round(ROWS / 25)],
    );
    await t.dataSource.query('VACUUM ANALYZE reports');
    const [{ term: rareTerm }] = await t.dataSource.query(
      `SELECT substr(url, length(url) - 8, 7) AS term FROM reports
       WHERE account_id = $1 ORDER BY id OFFSET 1000 LIMIT 1`,
      [accountId],
    );
    const [size] = await t.dataSource.query(
      `SELECT pg_size_pretty(pg_table_size('reports')) AS heap,
              pg_size_pretty(pg_indexes_size('reports')) AS indexes,
              (SELECT version()) AS version`,
    );
    console.log(
      `seeded ${ROWS} reports in the account and ${OTHER_ACCOUNTS} x ${OTHER_ROWS} in others ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; table ${size.heap}, indexes ${size.indexes}`,
    );
    console.log(`${size.version}`);
    console.log(
      `median ms of ${RUNS} runs after ${WARM_UP_RUNS} warm-up; list = count, then ` +
        'the page unless the count leaves it empty (as the service does)\n',
    );
    console.log(
      [
        'shape'.padEnd(56),
        'page'.padStart(8),
        'count'.padStart(8),
        'list'.padStart(8),
        '  intended',
        '  page plan  |  count plan',
      ].join(''),
    );
    let misses = 0;
    for (const shape of shapes(rareTerm)) {
      const perPage = shape.perPage ?? 10;
      const query = plainToInstance(ListReportsQuery, {
        ...shape.params,
        per_page: String(perPage),
        page: String(shape.page ?? 1),
      });
      const offset = ((shape.page ?? 1) - 1) * perPage;
      const { sql: countSql, parameters: countParams } =
        reports.listCountStatement(accountId, query);
      const [{ total }] = await t.dataSource.query(countSql, countParams);
      // As the service does: the count decides how the page is read.
      const { sql: pageSql, parameters: pageParams } =
        reports.listPageStatement(accountId, query, {
          offset,
          limit: perPage,
          total: Number(total),
        });
      const nodes = await plan(t, pageSql, pageParams);
      const countNodes = await plan(t, countSql, countParams);
      const skipped = offset >= Number(total);
      // A page the count leaves empty is not read: then the count is what runs.
      const ok = asIntended(skipped ? countNodes : nodes, shape.intended);
      if (!ok) misses++;
      const pageMs = await time(t, pageSql, pageParams);
      const countMs = await time(t, countSql, countParams);
      const listMs = countMs + (skipped ? 0 : pageMs);
      console.log(
        [
          shape.name.padEnd(56),
          pageMs.toFixed(1).padStart(8),
          countMs.toFixed(1).padStart(8),
          listMs.toFixed(1).padStart(8),
          (ok ? '  yes' : '  NO ').padEnd(10),
          `  ${skipped ? '(not read) ' : ''}${planSummary(nodes)}  |  ${planSummary(countNodes)}`,
        ].join(''),
      );
    }
    console.log(
      misses
        ? `\n${misses} shape(s) not read as intended`
        : '\nevery shape read as intended',
    );
  } finally {
    await t?.close();
    await pgTool('dropdb', '--if-exists', database);
    console.log(`database ${database} dropped`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
