import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { plainToInstance } from 'class-transformer';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Pool } from 'undici';
import { digestOf } from '../../src/auth/api-key.service.js';
import { dataSourceOptions } from '../../src/database/database.js';
import { ListReportsQuery } from '../../src/reports/dto/list-reports.query.js';
import { decodeCursor } from '../../src/reports/list-cursor.js';
import { Report } from '../../src/reports/report.entity.js';
import { ReportRun } from '../../src/reports/runs/report-run.entity.js';
import { ReportListRepository } from '../../src/reports/report-list.repository.js';
import type { Statement } from '../../src/reports/report-list.repository.js';
import { freePort } from '../support/network.js';

/**
 * Requests per second and latency of the list and of GET one report, through the
 * running service on loopback, at BENCH_CONCURRENCY (default 8) requests in flight,
 * beside the same SQL timed straight on PostgreSQL at the same concurrency and a bare
 * express route (the floor of any Node HTTP answer here), all in this one run. For
 * each list scenario it prints EXPLAIN (ANALYZE, BUFFERS) of its statements in one
 * line, and at the end the API process's peak resident memory.
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/h9_bench npm run bench:seed -- --reports 100000
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/h9_bench npm run bench:api
 *
 * It starts `node dist/main.js` on a free loopback port against BENCH_PG_URL (the
 * database bench:seed filled), with an API key it adds to the "bench" account and
 * revokes at the end. The load is closed-loop, as autocannon's: each of the
 * BENCH_CONCURRENCY connections sends its next request when the last is answered,
 * for BENCH_SECONDS (default 5) after one second of warm-up.
 */

const url = process.env.BENCH_PG_URL;
if (!url)
  throw new Error('BENCH_PG_URL must name the database bench:seed filled');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;
/** Only the scenarios whose name matches, to measure one change again (all by default). */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');

interface Load {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
    : NaN;

/** Runs `once` from CONCURRENCY loops for SECONDS after the warm-up; latencies in ms. */
async function closedLoop(once: () => Promise<boolean>): Promise<Load> {
  const warmUpEnds = performance.now() + WARM_UP_SECONDS * 1000;
  const ends = warmUpEnds + SECONDS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const started = performance.now();
        if (started >= ends) return;
        const ok = await once().catch(() => false);
        const finished = performance.now();
        if (started < warmUpEnds) continue;
        latencies.push(finished - started);
        if (!ok) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

/** HTTP GETs of `path` through a pool of CONCURRENCY keep-alive connections. */
function httpLoad(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  status = 200,
): Promise<Load> {
  const pool = new Pool(origin, { connections: CONCURRENCY });
  return closedLoop(async () => {
    const res = await pool.request({ method: 'GET', path, headers });
    await res.body.dump();
    return res.statusCode === status;
  }).finally(() => pool.close());
}

/** Runs `run` under the statement's planner settings, in a transaction, as the service does. */
async function inSettings<T>(
  client: pg.PoolClient,
  { settings }: Statement,
  run: () => Promise<T>,
): Promise<T> {
  if (!settings) return run();
  await client.query('BEGIN');
  try {
    for (const [name, value] of Object.entries(settings)) {
      await client.query('SELECT set_config($1, $2, true)', [name, value]);
    }
    return await run();
  } finally {
    // Read-only statements: nothing to keep, and a cut-short one leaves nothing open.
    await client.query('ROLLBACK');
  }
}

/** The statements, one after the other on one connection of a pool of CONCURRENCY. */
function sqlLoad(db: pg.Pool, statements: Statement[]): Promise<Load> {
  return closedLoop(async () => {
    const client = await db.connect();
    let broken = false;
    try {
      for (const statement of statements) {
        await inSettings(client, statement, () =>
          client
            .query(statement.sql, statement.parameters)
            .catch((error: { code?: string }) => {
              // A first try cut short by its statement_timeout, as the service's is.
              if (!statement.settings?.statement_timeout) throw error;
              if (error.code !== '57014') throw error;
            }),
        );
      }
      return true;
    } catch (error) {
      sqlErrors.add((error as Error).message);
      broken = true;
      throw error;
    } finally {
      // A connection that failed goes, so it cannot fail the next statements too.
      client.release(broken);
    }
  });
}

/** Errors the SQL side met, printed once: a failing statement would look fast. */
const sqlErrors = new Set<string>();

async function waitForHttp(
  origin: string,
  path: string,
  child: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${origin} exited`);
    try {
      const res = await fetch(origin + path);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${origin} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The bare express route: a JSON answer the size of a list page, no database. */
const BARE_EXPRESS = `
  const express = require('express');
  const body = JSON.stringify({ data: Array.from({ length: 10 }, (_, i) => ({
    id: i, url: 'https://site1.example/pricing/0123456789', status: 'completed' })) });
  express().get('/bare', (_req, res) => res.type('json').send(body))
    .listen(Number(process.env.PORT), '127.0.0.1');
`;

function peakRss(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return `${(kb / 1024).toFixed(0)} MB`;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [
  n,
  ...(n.Plans ?? []).flatMap(nodesOf),
];

/** EXPLAIN (ANALYZE, BUFFERS) of one statement in a line: scans, sorts, rows, buffers, time. */
async function explainLine(db: pg.Pool, statement: Statement): Promise<string> {
  const timeout = statement.settings?.statement_timeout;
  if (timeout) {
    // The plan in full, and whether the service's first try finishes within its time.
    const settings = Object.fromEntries(
      Object.entries(statement.settings!).filter(
        ([name]) => name !== 'statement_timeout',
      ),
    );
    const plan = await explainLine(db, { ...statement, settings });
    return `${plan} (first try, cut at ${timeout})`;
  }
  const client = await db.connect();
  const { rows } = await inSettings(client, statement, () =>
    client.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`,
      statement.parameters,
    ),
  ).finally(() => client.release());
  const [{ Plan: plan, 'Execution Time': ms }] = rows[0][
    'QUERY PLAN'
  ] as Array<{
    Plan: PlanNode;
    'Execution Time': number;
  }>;
  const steps = nodesOf(plan)
    .filter((n) => /Scan|Sort|Limit/.test(n['Node Type']))
    .map(
      (n) =>
        `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''} (${n['Actual Rows']} rows)`,
    )
    .join(' > ');
  const buffers =
    (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  return `${steps}; buffers ${buffers}; ${ms.toFixed(2)} ms`;
}

const ms = (n: number) => n.toFixed(1).padStart(7);
const row = (name: string, api: Load, sql: Load | null, floor: Load) =>
  [
    name.padEnd(52),
    `${api.perSecond.toFixed(0).padStart(6)} req/s`,
    `p50 ${ms(api.p50)} p95 ${ms(api.p95)} p99 ${ms(api.p99)} ms`,
    sql
      ? `| SQL p50 ${ms(sql.p50)} p95 ${ms(sql.p95)}; API/SQL p95 ${(api.p95 / sql.p95).toFixed(1)}x`
      : '|',
    `| ${((api.perSecond / floor.perSecond) * 100).toFixed(0)}% of bare req/s; p95 ${(api.p95 / floor.p95).toFixed(1)}x bare's ${floor.p95.toFixed(1)}`,
    api.errors ? `| ${api.errors} errors` : '',
    sql?.errors
      ? `| SQL ${sql.errors} errors: ${[...sqlErrors].join('; ')}`
      : '',
  ].join('  ');

async function main(): Promise<void> {
  const dataSource = new DataSource({
    ...dataSourceOptions({
      url: url!,
      embedded: false,
      poolSize: 2,
      close: async () => {},
    }),
    // Only the repository's statements are built here, from this entity.
    entities: [Report, ReportRun],
  });
  await dataSource.initialize();
  const reports = new ReportListRepository(dataSource.getRepository(Report));
  const [account]: Array<{ id: string }> = await dataSource.query(
    `SELECT id FROM accounts WHERE name = 'bench'`,
  );
  if (!account) throw new Error('no "bench" account: run npm run bench:seed');
  const accountId = account.id;
  const [{ n: size }]: Array<{ n: string }> = await dataSource.query(
    `SELECT n FROM report_counts WHERE account_id = $1 AND project = '' AND result = ''`,
    [accountId],
  );
  const key = `rk_bench_${randomBytes(16).toString('hex')}`;
  await dataSource.query(
    `INSERT INTO api_keys (account_id, name, key_prefix, key_digest) VALUES ($1, 'bench:api', $2, $3)`,
    [accountId, key.slice(0, 12), digestOf(key)],
  );
  const db = new pg.Pool({ connectionString: url, max: CONCURRENCY });

  const apiPort = await freePort();
  const barePort = await freePort();
  // Started as `npm run start:prod` starts it, flags included.
  const api = start(['--max-semi-space-size=4', 'dist/main.js'], {
    DATABASE_URL: url!,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATABASE_POOL_SIZE: String(CONCURRENCY),
  });
  const bare = start(['-e', BARE_EXPRESS], { PORT: String(barePort) });
  const origin = `http://127.0.0.1:${apiPort}`;
  try {
    await waitForHttp(origin, '/health/ready', api);
    await waitForHttp(`http://127.0.0.1:${barePort}`, '/bare', bare);
    const auth = { authorization: `Bearer ${key}` };
    const getJson = async (path: string) =>
      (await fetch(origin + path, { headers: auth })).json() as Promise<{
        data: Array<{ id: number }>;
        meta: { next_cursor: string | null };
      }>;

    // The floor is measured again before each scenario (a round): on a shared
    // machine, a scenario is compared with the bare route of its own minute.
    const bareLoad = () => httpLoad(`http://127.0.0.1:${barePort}`, '/bare');
    const floor = await bareLoad();
    console.log(
      `${new Date().toISOString()}: account of ${size} reports, concurrency ${CONCURRENCY}, ${SECONDS} s a scenario`,
    );
    console.log(
      row('bare express route (the floor)', floor, null, floor).replace(
        /\| 100% of bare req\/s/,
        '',
      ),
    );

    const deepPage = Math.min(5000, Math.floor(Number(size) / 10));
    const deep = await getJson(`/api/v1/reports?page=${deepPage}`);
    const deepUrl = await getJson(
      `/api/v1/reports?sort_by=url&sort=asc&page=${deepPage}`,
    );
    const scenarios: Array<[string, string]> = [
      ['default list', ''],
      ['per_page=100', 'per_page=100'],
      ['search=pricing (a sixth)', 'search=pricing'],
      ['search=pri (three letters, a sixth)', 'search=pri'],
      ['search=zqx (no match)', 'search=zqx'],
      ['search=abc (1,958 matches: exact)', 'search=abc'],
      ['search=http: (a twentieth)', 'search=http:'],
      ['search=cart (other accounts)', 'search=cart'],
      [
        'search=pricing&result=good&sort_by=url',
        'search=pricing&result=good&sort_by=url',
      ],
      [`page=${deepPage}`, `page=${deepPage}`],
      ['project=site0.example (13%)', 'project=site0.example'],
      ['project=site400.example (small)', 'project=site400.example'],
      ['result=bad', 'result=bad'],
      [
        'project=site3.example&result=good',
        'project=site3.example&result=good',
      ],
      ...(['id', 'generated_at', 'url', 'result'] as const).flatMap((key) =>
        (['desc', 'asc'] as const).map(
          (dir) =>
            [`sort_by=${key}&sort=${dir}`, `sort_by=${key}&sort=${dir}`] as [
              string,
              string,
            ],
        ),
      ),
      [
        `cursor at page ${deepPage + 1} (id desc)`,
        `cursor=${deep.meta.next_cursor}`,
      ],
      [
        `cursor at page ${deepPage + 1} (url asc)`,
        `sort_by=url&sort=asc&cursor=${deepUrl.meta.next_cursor}`,
      ],
    ];

    for (const [name, params] of scenarios) {
      if (!ONLY.test(name)) continue;
      const query = plainToInstance(
        ListReportsQuery,
        Object.fromEntries(new URLSearchParams(params)),
      );
      const statements = await listStatements(reports, accountId, query);
      const floor = await bareLoad();
      const apiLoad = await httpLoad(
        origin,
        `/api/v1/reports${params ? `?${params}` : ''}`,
        auth,
      );
      const sqlTimed = await sqlLoad(db, statements);
      console.log(row(name, apiLoad, sqlTimed, floor));
      for (const statement of statements) {
        console.log(`    plan: ${await explainLine(db, statement)}`);
      }
    }

    // Under 3 characters a search is refused before any SQL.
    if (ONLY.test('search=zq (two letters: 422)')) {
      const floor = await bareLoad();
      console.log(
        row(
          'search=zq (two letters: 422)',
          await httpLoad(origin, '/api/v1/reports?search=zq', auth, 422),
          null,
          floor,
        ),
      );
    }

    // CONCURRENCY walks of 100 pages of 100 by links.next, each page after the
    // last, from the start; the pages of all of them timed together.
    if (ONLY.test('cursor walk')) {
      const floor = await bareLoad();
      const pool = new Pool(origin, { connections: CONCURRENCY });
      const walk: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          let path = '/api/v1/reports?per_page=100';
          for (let i = 0; i < 100 && path; i++) {
            const sent = performance.now();
            const res = await pool.request({
              method: 'GET',
              path,
              headers: auth,
            });
            const body = (await res.body.json()) as {
              links: { next: string | null };
            };
            walk.push(performance.now() - sent);
            const next = body.links.next ? new URL(body.links.next) : null;
            path = next ? next.pathname + next.search : '';
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      await pool.close();
      walk.sort((a, b) => a - b);
      const p95 = percentile(walk, 0.95);
      console.log(
        `cursor walk, ${CONCURRENCY} walks of 100 pages of 100: ${(walk.length / seconds).toFixed(0)} req/s, p50 ${ms(percentile(walk, 0.5))} p95 ${ms(p95)} ms  | p95 ${(p95 / floor.p95).toFixed(1)}x bare's ${floor.p95.toFixed(1)}`,
      );
    }

    if (ONLY.test('GET one report')) {
      const [{ id: oneId }]: Array<{ id: string }> = await dataSource.query(
        `SELECT id FROM reports WHERE account_id = $1 ORDER BY id DESC LIMIT 1 OFFSET 1000`,
        [accountId],
      );
      const floor = await bareLoad();
      const one = await httpLoad(origin, `/api/v1/reports/${oneId}`, auth);
      const oneSql = await sqlLoad(db, [
        {
          sql: 'SELECT * FROM reports WHERE id = $1 AND account_id = $2',
          parameters: [oneId, accountId],
        },
      ]);
      console.log(row('GET one report', one, oneSql, floor));
    }
    console.log(`API process peak resident memory: ${peakRss(api.pid!)}`);
  } finally {
    api.kill('SIGTERM');
    bare.kill('SIGTERM');
    await dataSource.query(`DELETE FROM api_keys WHERE key_digest = $1`, [
      digestOf(key),
    ]);
    await db.end();
    await dataSource.destroy();
  }
}

/** The statements the service runs for a list request, in order (see ReportsService.list). */
async function listStatements(
  reports: ReportListRepository,
  accountId: string,
  query: ListReportsQuery,
): Promise<Statement[]> {
  // The statements of the count, as the service's count runs them for this query
  // once its pages are cached (a cold first try may be cut short where a warm one is not).
  await reports.countMatching(accountId, query);
  const counting: Statement[] = [];
  const { total, exact } = await reports.countMatching(
    accountId,
    query,
    undefined,
    (statement) => counting.push(statement),
  );
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const offset = (query.page - 1) * query.per_page;
  if (!cursor && exact && offset >= total) return counting;
  return [
    ...counting,
    ...reports.listPageStatements(accountId, query, {
      offset,
      limit: query.per_page + (cursor ? 1 : 0),
      total,
      cursor: cursor ?? undefined,
    }),
  ];
}

await main();
