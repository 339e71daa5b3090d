import { execFileSync, fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startReportSites } from '../support/report-site.js';
import {
  createApiKey,
  startService,
  stopServices,
} from '../support/service-process.js';
import type { ServiceProcess } from '../support/service-process.js';
import { expectedSiteChecks, generateSite } from './generated-site.js';

/**
 * A whole site audited end to end, against the targets of the site-audit issue: N
 * pages (default 10,000) crawled, judged and reported in at most N / 33 s from the
 * POST to `completed`; the API and 2 worker processes under 1 GiB resident together;
 * each report created meanwhile (one every 10 s, by another account) answered in
 * under 5 s; every site check at 100% precision and recall against the generated
 * site's own ground truth (generated-site.ts). Real processes (dist/main.js, 2 ×
 * dist/worker.js) on a fresh PostgreSQL database and Redis; the site is served by a
 * child process on 127.0.0.1. Exits non-zero when a target is missed. Run with
 * `npm run bench:site` (`-- --pages 500` for a quick run).
 *
 * Environment: BENCH_SITE_PAGES (or --pages), BENCH_PG_URL (the server; a database
 * h_bench_site_<time> is created and dropped), BENCH_REDIS_URL (default database 11),
 * BENCH_TIMEOUT_S (the whole run, default 1,200).
 */

const PG_SERVER =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const argPages = process.argv.indexOf('--pages');
const PAGES = Number(
  argPages > 0
    ? process.argv[argPages + 1]
    : (process.env.BENCH_SITE_PAGES ?? 10_000),
);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 1_200) * 1000;
const WORKERS = 2;
/** The issue's targets: 10,000 pages in 300 s is 33.3 pages a second. */
const TARGET_PAGES_PER_SECOND = 10_000 / 300;
const TARGET_RSS_BYTES = 1024 ** 3;
const TARGET_CREATE_MS = 5_000;
const CREATE_EVERY_MS = 10_000;

const here = dirname(fileURLToPath(import.meta.url));

interface Create {
  atS: number;
  status: number;
  responseMs: number;
  /** Until the report was completed or failed; null when it never was. */
  settledMs: number | null;
  reportStatus: string;
}

interface Audit {
  id: number;
  status: string;
  stop_reason: string | null;
  progress: {
    pages_crawled: number;
    pages_queued: number;
    pages_failed: number;
    pages_unprocessed: number;
  };
  incomplete: unknown;
  issues: Record<string, number> | null;
  finished_at: string | null;
  error: unknown;
}

/** Undoes one thing the run started; run newest first. */
type Cleanup = () => void | Promise<void>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function psql(sql: string): void {
  execFileSync('psql', [`${PG_SERVER}/postgres`, '-qc', sql]);
}

/** Resident memory of a process in bytes (VmRSS); 0 once it is gone. */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

function api(base: string, key: string) {
  return async <T>(
    path: string,
    init: { method?: string; body?: object } = {},
  ): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(120_000),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
}

/** Starts the generated site in a child process; answers it and its origin. */
async function startGeneratedSite(
  pages: number,
): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(join(here, 'generated-site-server.js'), [String(pages)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { origin: string }).origin));
    child.once('exit', (code) => reject(new Error(`site exited: ${code}`)));
  });
  return { child, origin };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

async function run(cleanups: Cleanup[]): Promise<boolean> {
  const site = generateSite(PAGES);
  const truth = expectedSiteChecks(site);
  const generated = await startGeneratedSite(PAGES);
  cleanups.push(async () => {
    generated.child.send('stop');
    await new Promise((r) => generated.child.once('exit', r));
  });
  const reportSites = await startReportSites();
  cleanups.push(async () => {
    await Promise.all(reportSites.map((s) => s.close()));
  });

  const database = `h_bench_site_${Date.now()}`;
  psql(`CREATE DATABASE ${database}`);
  // A missed target keeps what explains it: the database and each process's log.
  let keep = false;
  cleanups.push(() => {
    if (!keep) return psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    services.forEach((service, i) => {
      const log = join(
        tmpdir(),
        `${database}-${i === 0 ? 'api' : `worker${i}`}.log`,
      );
      writeFileSync(log, service.output());
      console.log(`kept ${log}`);
    });
    console.log(`kept the database ${database}`);
  });
  const prefix = `bench-site-${randomBytes(6).toString('hex')}`;
  cleanups.push(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const env = {
    DATABASE_URL: `${PG_SERVER}/${database}`,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    SITE_AUDIT_MAX_PAGES: String(Math.max(10_000, PAGES)),
  };
  const services: ServiceProcess[] = [];
  cleanups.push(async () => {
    await stopServices(services);
  });
  const apiProcess = await startService('dist/main.js', {
    ...env,
    NODE_OPTIONS: '--max-semi-space-size=4',
  });
  services.push(apiProcess);
  for (let i = 0; i < WORKERS; i++) {
    // As npm run start:worker runs it: a bounded heap (docs/operations.md).
    services.push(
      await startService('dist/worker.js', {
        ...env,
        NODE_OPTIONS: '--max-old-space-size=384 --max-semi-space-size=4',
      }),
    );
  }
  const auditor = api(apiProcess.base!, createApiKey(env, 'bench-site'));
  const reporter = api(apiProcess.base!, createApiKey(env, 'bench-reports'));

  let peakRss = 0;
  const rssSamples: number[] = [];
  const sampler = setInterval(() => {
    const sum = services.reduce((b, s) => b + rssOf(s.child.pid!), 0);
    rssSamples.push(sum);
    peakRss = Math.max(peakRss, sum);
  }, 1_000);
  cleanups.push(() => clearInterval(sampler));

  console.log(
    `site: ${PAGES} pages to request (${site.resources.size - site.requested} more disallowed), ${site.sitemap.length} sitemap URLs, on ${generated.origin}; API + ${WORKERS} workers`,
  );
  const posted = performance.now();
  const created = await auditor<{ data: Audit }>('/api/v1/site-audits', {
    method: 'POST',
    body: { url: `${generated.origin}/`, max_pages: PAGES },
  });
  if (created.status !== 202) {
    throw new Error(
      `POST /site-audits: ${created.status} ${JSON.stringify(created.body)}`,
    );
  }
  const auditId = created.body.data.id;

  let finished = false;
  const creates: Create[] = [];
  const creating = (async () => {
    for (let n = 0; !finished; n++) {
      const sent = performance.now();
      const res = await reporter<{ data: { id: number; status: string } }>(
        '/api/v1/reports',
        {
          method: 'POST',
          body: { url: `${reportSites[0].url('/page')}?n=${n}` },
        },
      );
      const responseMs = performance.now() - sent;
      let report = res.body.data;
      while (
        report !== undefined &&
        !['completed', 'failed'].includes(report.status) &&
        performance.now() - sent < 60_000
      ) {
        await sleep(100);
        report = (
          await reporter<typeof res.body>(`/api/v1/reports/${report.id}`)
        ).body.data;
      }
      const settled = ['completed', 'failed'].includes(report?.status ?? '');
      creates.push({
        atS: (sent - posted) / 1000,
        status: res.status,
        responseMs,
        settledMs: settled ? performance.now() - sent : null,
        reportStatus: report?.status ?? `HTTP ${res.status}`,
      });
      const wait = CREATE_EVERY_MS - (performance.now() - sent);
      for (let t = 0; t < wait && !finished; t += 250) await sleep(250);
    }
  })();

  let audit: Audit = created.body.data;
  let lastPrint = 0;
  while (audit.finished_at === null) {
    await sleep(1_000);
    audit = (await auditor<{ data: Audit }>(`/api/v1/site-audits/${auditId}`))
      .body.data;
    const elapsed = (performance.now() - posted) / 1000;
    if (elapsed - lastPrint >= 15) {
      lastPrint = elapsed;
      const p = audit.progress;
      console.log(
        `  ${elapsed.toFixed(0)} s: ${audit.status}, crawled ${p.pages_crawled}, queued ${p.pages_queued}, failed ${p.pages_failed}; resident ${(rssSamples.at(-1)! / 2 ** 20).toFixed(0)} MB`,
      );
    }
  }
  const wallS = (performance.now() - posted) / 1000;
  finished = true;
  await creating;
  clearInterval(sampler);

  // What the service found, per site check, as paths of the site.
  const toPath = (url: string) => url.slice(generated.origin.length) || '/';
  const found: Record<string, Set<string>> = {};
  const issues = await auditor<{ data: Array<{ id: string; scope: string }> }>(
    `/api/v1/site-audits/${auditId}/issues`,
  );
  const siteChecks = issues.body.data
    .filter((issue) => issue.scope === 'site')
    .map((issue) => issue.id);
  for (const check of new Set([...siteChecks, ...Object.keys(truth)])) {
    found[check] = new Set();
    for (let page = 1; ; page++) {
      const res = await auditor<{
        data: Array<{ url: string }>;
        meta: { last_page: number };
      }>(
        `/api/v1/site-audits/${auditId}/issues/${check}?per_page=1000&page=${page}`,
      );
      if (res.status !== 200) break;
      res.body.data.forEach((item) => found[check].add(toPath(item.url)));
      if (page >= res.body.meta.last_page) break;
    }
  }

  const rows: string[] = [];
  let checksPass = true;
  for (const check of Object.keys({ ...truth, ...found }).sort()) {
    const expected = truth[check] ?? new Set<string>();
    const got = found[check] ?? new Set<string>();
    const hits = [...got].filter((path) => expected.has(path)).length;
    const precision = got.size === 0 ? 1 : hits / got.size;
    const recall = expected.size === 0 ? 1 : hits / expected.size;
    const pass = precision === 1 && recall === 1;
    checksPass &&= pass;
    const missed = [...expected].filter((p) => !got.has(p)).slice(0, 3);
    const extra = [...got].filter((p) => !expected.has(p)).slice(0, 3);
    rows.push(
      `  ${check.padEnd(22)} ${String(expected.size).padStart(6)} ${String(got.size).padStart(6)} ${(precision * 100).toFixed(1).padStart(6)}% ${(recall * 100).toFixed(1).padStart(6)}%  ${pass ? 'PASS' : `FAIL (missed ${missed.join(' ')}; extra ${extra.join(' ')})`}`,
    );
  }

  const perSecond = audit.progress.pages_crawled / wallS;
  const targetS = PAGES / TARGET_PAGES_PER_SECOND;
  const createMs = creates.map((c) => c.responseMs);
  const settledMs = creates.flatMap((c) =>
    c.settledMs === null ? [] : [c.settledMs],
  );
  const createsPass =
    creates.length > 0 &&
    creates.every(
      (c) => c.responseMs < TARGET_CREATE_MS && c.reportStatus === 'completed',
    );
  const completedPass =
    audit.status === 'completed' &&
    audit.stop_reason === 'done' &&
    !audit.incomplete &&
    audit.progress.pages_crawled === site.requested;
  const timePass = wallS <= targetS;
  const rssPass = peakRss < TARGET_RSS_BYTES;
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  console.log(
    [
      `audit ${auditId}: ${audit.status}, stop_reason ${audit.stop_reason}, ${audit.progress.pages_crawled} pages crawled (${site.requested} expected), ${audit.progress.pages_failed} failed, ${audit.progress.pages_unprocessed} unprocessed${audit.incomplete ? ` (incomplete: ${JSON.stringify(audit.incomplete)})` : ''}  ${verdict(completedPass)}`,
      `POST -> completed: ${wallS.toFixed(1)} s, ${perSecond.toFixed(1)} pages/s (target at most ${targetS.toFixed(0)} s, ${TARGET_PAGES_PER_SECOND.toFixed(1)} pages/s)  ${verdict(timePass)}`,
      `resident, API + ${WORKERS} workers summed, every 1 s: peak ${mb(peakRss)}, median ${mb(percentile(rssSamples, 0.5))}, last ${mb(rssSamples.at(-1) ?? 0)} (target under 1024 MB)  ${verdict(rssPass)}`,
      `reports created during the crawl (another account, one every ${CREATE_EVERY_MS / 1000} s): ${creates.length}, statuses ${[...new Set(creates.map((c) => `${c.status}/${c.reportStatus}`))].join(', ')}`,
      `  create answered: max ${Math.max(...createMs).toFixed(0)} ms, median ${percentile(createMs, 0.5).toFixed(0)} ms; settled: max ${settledMs.length ? Math.max(...settledMs).toFixed(0) : '-'} ms (target each under ${TARGET_CREATE_MS} ms)  ${verdict(createsPass)}`,
      `  each (s after POST: ms): ${creates.map((c) => `${c.atS.toFixed(0)}: ${c.responseMs.toFixed(0)}`).join(', ')}`,
      `site checks: expected found precision recall`,
      ...rows,
      `every site check at 100% precision and recall  ${verdict(checksPass)}`,
    ].join('\n'),
  );
  const passed =
    completedPass && timePass && rssPass && createsPass && checksPass;
  keep = !passed;
  return passed;
}

async function main(): Promise<void> {
  const cleanups: Cleanup[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(error);
      }
    }
  };
  const timer = setTimeout(() => {
    console.error(
      `bench:site: no result after ${TIMEOUT_MS / 1000} s, stopping`,
    );
    void cleanUp().finally(() => process.exit(2));
  }, TIMEOUT_MS);
  // Stopped by hand: its processes, site and database go with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`bench:site: ${signal}, stopping`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  let passed = false;
  try {
    passed = await run(cleanups);
  } catch (error) {
    console.error(error);
  } finally {
    await cleanUp();
    clearTimeout(timer);
  }
  console.log(
    passed ? 'bench:site: every target met' : 'bench:site: a target missed',
  );
  process.exit(passed ? 0 : 1);
}

void main();
