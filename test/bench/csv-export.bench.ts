import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { CHECKS, SITE_CHECKS } from '../../src/analysis/index.js';
import { digestOf } from '../../src/auth/api-key.service.js';
import { dataSourceOptions, migrate } from '../../src/database/database.js';
import { freePort } from '../support/network.js';
import { benchDatabaseUrl, ensureDatabase } from './bench-database.js';

/**
 * issues.csv and pages.csv of a 10,000-page audit, streamed through the real API
 * process: the time each takes and how much the API's resident memory grows.
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/h_export_bench npm run bench:csv
 *
 * It seeds the audit straight into the database (an account "bench csv" replaced on
 * every run): BENCH_PAGES pages (default 10,000) of an https site, each with the
 * stored page-check results of a real judgement (every check of the registry, with
 * evidence), four to eight failed page checks, and site checks with their evidence on
 * some (duplicate_title with ten other URLs on one page in five, broken_link with
 * three targets on one in ten, deep_page, redirected pages, 404s). Then it starts
 * `node --max-semi-space-size=4 dist/main.js` (as npm start does) on a free loopback
 * port, warms it with a small request, and reads each file once, sampling the API's
 * VmRSS every 20 ms. Targets: issues.csv under 10 s, under 50 MB of growth.
 * BENCH_API_NODE_FLAGS adds flags to the API's node (`--trace-gc`, a heap limit).
 */

const url = benchDatabaseUrl();
const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const ORIGIN = 'https://shop.example';
const ROWS_AT_ONCE = 1_000;

/** A page's stored results: every page check, compact as the crawl stores them, with evidence. */
function storedResults(): string {
  return JSON.stringify({
    score: 71,
    result: 'decent',
    checks: CHECKS.map((check, i) => [
      check.id,
      i % 7 !== 0,
      `${check.title}: what the page shows`,
      i % 3 === 0
        ? { found: ['https://cdn.shop.example/app.js', '/style.css'], count: i }
        : `a value of ${check.id} found on the page`,
    ]),
  });
}

const pageUrl = (n: number) => `${ORIGIN}/products/item-${n}?ref=list`;

/** The failed checks and site-check findings of page n: deterministic, varied. */
function findingsOf(n: number): {
  failed: string[];
  site: Array<{ id: string; value: unknown }>;
} {
  const failed: string[] = [];
  const count = 4 + (n % 5);
  for (let i = 0; i < count; i++) {
    failed.push(CHECKS[(n * 7 + i * 11) % CHECKS.length].id);
  }
  const site: Array<{ id: string; value: unknown }> = [];
  if (n % 5 === 0) {
    site.push({
      id: 'duplicate_title',
      value: {
        title: 'Shop, "best" prices',
        others: Array.from({ length: 10 }, (_, i) => pageUrl(n + i + 1)),
      },
    });
  }
  if (n % 10 === 3) {
    site.push({
      id: 'broken_link',
      value: [1, 2, 3].map((i) => ({
        url: `${ORIGIN}/gone/${n}-${i}`,
        status: 404,
        anchor: `=SUM(A${i}) link`,
      })),
    });
  }
  if (n % 9 === 0) site.push({ id: 'deep_page', value: 5 + (n % 4) });
  const unique = [...new Set(failed)];
  return { failed: [...unique, ...site.map((s) => s.id)], site };
}

async function seed(db: DataSource): Promise<{ auditId: string; key: string }> {
  await db.query(`DELETE FROM accounts WHERE name = 'bench csv'`);
  const [{ id: accountId }]: Array<{ id: string }> = await db.query(
    `INSERT INTO accounts (name) VALUES ('bench csv') RETURNING id`,
  );
  const key = `rk_bench_${randomBytes(24).toString('base64url')}`;
  await db.query(
    `INSERT INTO api_keys (account_id, name, key_prefix, key_digest) VALUES ($1, 'bench:csv', $2, $3)`,
    [accountId, key.slice(0, 12), digestOf(key)],
  );
  const issues: Record<string, number> = {};
  for (let n = 1; n <= PAGES; n++) {
    for (const id of findingsOf(n).failed) issues[id] = (issues[id] ?? 0) + 1;
  }
  const [{ id: auditId }]: Array<{ id: string }> = await db.query(
    `INSERT INTO site_audits (account_id, url, project, status, stop_reason, settings, origin,
       requested, crawled, score, result, issues, started_at, stopped_at, finished_at)
     VALUES ($1, $2, 'shop.example', 'completed', 'done', $3, $4, $5, $5, 71, 'decent', $6,
       now(), now(), now())
     RETURNING id`,
    [
      accountId,
      `${ORIGIN}/`,
      JSON.stringify({
        max_pages: PAGES,
        max_depth: 10,
        include: [],
        exclude: [],
        respect_robots: true,
        sitemaps: true,
      }),
      ORIGIN,
      PAGES,
      JSON.stringify(issues),
    ],
  );
  const results = storedResults();
  for (let first = 1; first <= PAGES; first += ROWS_AT_ONCE) {
    const ns = Array.from(
      { length: Math.min(ROWS_AT_ONCE, PAGES - first + 1) },
      (_, i) => first + i,
    );
    const findings = ns.map(findingsOf);
    await db.query(
      `WITH t AS (
         SELECT * FROM unnest($3::int[], $4::text[], $5::text[], $6::jsonb[], $7::text[])
           AS t(place, url, title, site_checks, failed)),
       u AS (
         INSERT INTO site_audit_urls (audit_id, url_hash, url, in_scope, state, place, depth)
         SELECT $1, hashtextextended(t.url, 0), t.url, true, 'done', t.place, t.place % 9 FROM t
         RETURNING key, place),
       r AS (
         INSERT INTO site_audit_page_records (key, status_code, redirect_to, content_type, html,
           title, meta_description, canonical, indexable, outlinks, results, failed_checks,
           score, result)
         SELECT u.key,
                CASE WHEN t.place % 50 = 0 THEN 404 WHEN t.place % 50 = 1 THEN 301 ELSE 200 END,
                CASE WHEN t.place % 50 = 1 THEN t.url || '&moved=1' END,
                'text/html; charset=utf-8', t.place % 50 > 1, t.title,
                'What item ' || t.place || ' is, in a sentence of its own.', t.url,
                t.place % 50 > 1, 25 + t.place % 30, $2::jsonb, t.failed::text[],
                50 + t.place % 50, 'decent'
         FROM u JOIN t USING (place))
       INSERT INTO site_audit_page_judgements (key, inlinks, site_checks, failed_checks, score, result)
       SELECT u.key, t.place % 40, t.site_checks, t.failed::text[], 50 + t.place % 50, 'decent'
       FROM u JOIN t USING (place)`,
      [
        auditId,
        results,
        ns,
        ns.map(pageUrl),
        ns.map((n) =>
          n === 1
            ? '=HYPERLINK("http://evil.example/","Click")'
            : `Item ${n}, "the" best, in stock`,
        ),
        findings.map((f) => JSON.stringify(f.site)),
        findings.map((f) => `{${f.failed.join(',')}}`),
      ],
    );
  }
  await db.query(
    `ANALYZE site_audit_urls, site_audit_page_records, site_audit_page_judgements`,
  );
  return { auditId: String(auditId), key };
}

function rssKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
}

async function waitForHttp(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the API exited');
    try {
      if ((await fetch(`${origin}/health/live`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the API did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Reads one file through the API while sampling its resident memory. */
async function download(
  origin: string,
  path: string,
  key: string,
  pid: number,
): Promise<string> {
  const before = rssKb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid, 'VmRSS'));
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  return [
    path.split('/').pop()!.padEnd(11),
    `${seconds.toFixed(2)} s`,
    `${(bytes / 1024 / 1024).toFixed(1)} MB`,
    `${lines - 1} rows (and line breaks inside cells)`,
    `API RSS ${mb(before)} -> peak ${mb(peak)}: growth ${mb(peak - before)}`,
  ].join('  |  ');
}

async function main(): Promise<void> {
  await ensureDatabase(url);
  const db = new DataSource(
    dataSourceOptions({
      url: url,
      embedded: false,
      poolSize: 2,
      close: async () => {},
    }),
  );
  await db.initialize();
  await migrate(db, false);
  const seeding = performance.now();
  const { auditId, key } = await seed(db);
  const [{ n: rows }]: Array<{ n: string }> = await db.query(
    `SELECT sum(cardinality(failed_checks)) AS n FROM site_audit_page_rows WHERE audit_id = $1`,
    [auditId],
  );
  console.log(
    `Seeded audit ${auditId}: ${PAGES} pages, ${rows} affected page-check pairs, ${SITE_CHECKS.length} site checks known, in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const api = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      ...(process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      'dist/main.js',
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: [
        'ignore',
        process.env.BENCH_API_NODE_FLAGS ? 'inherit' : 'ignore',
        'inherit',
      ],
    },
  );
  try {
    await waitForHttp(origin, api);
    const pid = api.pid!;
    // Warm up: the route, the key's cache, the pool's connections.
    const warm = await fetch(`${origin}/api/v1/site-audits/${auditId}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    if (!warm.ok) throw new Error(`GET the audit answered ${warm.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const file of ['issues.csv', 'pages.csv', 'issues.csv']) {
      console.log(
        await download(
          origin,
          `/api/v1/site-audits/${auditId}/${file}`,
          key,
          pid,
        ),
      );
    }
    console.log(
      `API peak RSS over its life (VmHWM): ${(rssKb(pid, 'VmHWM') / 1024).toFixed(1)} MB`,
    );
  } finally {
    api.kill('SIGTERM');
    await db.query(`DELETE FROM accounts WHERE name = 'bench csv'`);
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
