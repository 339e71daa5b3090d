import { execFileSync, fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { installedTrees } from '../support/real-trees.js';
import type { RealTree } from '../support/real-trees.js';
import { referenceCrawl } from '../support/reference-crawl.js';
import { compareWithReference } from '../support/real-site-audit.js';
import type { AuditedSite } from '../support/real-site-audit.js';
import {
  createApiKey,
  startService,
  stopServices,
} from '../support/service-process.js';
import { cpuSecondsOf, DatabaseBackendCpu } from './process-cpu.js';
import { ThrowawayRedis } from '../support/throwaway-redis.js';
import type { ServiceProcess } from '../support/service-process.js';

/**
 * Site audits of Debian's documentation trees, served from 127.0.0.1, beside
 * `wget --spider -r` on the same tree in the same run: for each tree, wget, then the
 * service (an API and 2 worker processes on a fresh PostgreSQL database and a Redis of
 * the bench's own, as docs/operations.md runs it) audits the tree twice, the first
 * audit discarded, then wget again; pages per second from the POST to the audit's end
 * against wget's; the CPU a page of every process the warm audit used (API, workers,
 * every PostgreSQL backend that served the database, those closed before the end
 * included, and redis-server) against the least crawl's (least-crawl.ts, warm too),
 * with their ratio; the proportional memory of API and workers together, sampled every
 * second, its peak and the phase it came in; and the audit's pages, broken links and
 * duplicate titles against an independent crawler's. Exits non-zero when a page is
 * lost or a set differs.
 *
 * `npm run bench:real-sites` (python3.11, postgresql-15 and django; `-- rust` or any
 * names for others; `--repeat=N` audits the trees N times over on the same processes;
 * `--pause=S` waits S seconds before each audit after the first, as audits spaced
 * apart are). Environment: BENCH_PG_URL (the server; databases are created and
 * dropped), BENCH_DATABASE_PREFIX (their names' start, default h_bench),
 * BENCH_REDIS_URL (a Redis to use instead of the bench's own; its CPU is then not
 * counted).
 */

const PG_SERVER =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'h_bench';
const WORKERS = 2;
const WORKER_NODE_OPTIONS = '--max-old-space-size=384 --max-semi-space-size=4';
const DEFAULT_TREES = ['python3.11', 'postgresql-15', 'django'];
const here = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Audit {
  id: number;
  status: string;
  stop_reason: string | null;
  progress: {
    phase: string;
    pages_crawled: number;
    pages_queued: number;
    pages_failed: number;
    pages_unprocessed: number;
  };
  finished_at: string | null;
}

function psql(sql: string): void {
  execFileSync('psql', [`${PG_SERVER}/postgres`, '-qc', sql]);
}

/** Resident and proportional memory of a process, in bytes; 0 once it is gone. */
function memoryOf(pid: number): { rss: number; pss: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) *
      1024;
    return { rss: kb('Rss'), pss: kb('Pss') };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

async function serve(
  root: string,
): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(join(here, 'tree-server.js'), [root], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { origin: string }).origin));
    child.once('exit', (code) =>
      reject(new Error(`tree server exited: ${code}`)),
    );
  });
  return { child, origin };
}

/** wget --spider -r over the tree: seconds, and the distinct URLs it asked. */
async function wget(
  startUrl: string,
): Promise<{ seconds: number; urls: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'wget-'));
  const log = join(dir, 'log');
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const child = spawn(
      'wget',
      ['--spider', '-r', '-l', 'inf', '-nv', '-nd', '-o', log, startUrl],
      { cwd: dir, stdio: 'ignore' },
    );
    child.once('exit', () => resolve());
  });
  const seconds = (performance.now() - started) / 1000;
  const urls = new Set(
    [...readFileSync(log, 'utf8').matchAll(/URL: ?(\S+)/g)].map((m) => m[1]),
  );
  rmSync(dir, { recursive: true, force: true });
  return { seconds, urls: urls.size };
}

/** The least crawl of the tree (least-crawl.ts), in a process of its own. */
async function leastCrawl(startUrl: string): Promise<{
  pages: number;
  seconds: number;
  processMs: number;
  databaseMs: number | null;
}> {
  const database = `${DATABASE_PREFIX}_least_${Date.now()}`;
  const child = fork(
    join(here, 'least-crawl.js'),
    [startUrl, PG_SERVER, database],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (m) =>
      resolve(m as Awaited<ReturnType<typeof leastCrawl>>),
    );
    child.once('exit', (code) =>
      reject(new Error(`least crawl exited: ${code}`)),
    );
  });
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

/** Every item of a list route, page after page. */
async function everything<T>(
  call: ReturnType<typeof api>,
  path: string,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const joiner = path.includes('?') ? '&' : '?';
    const res = await call<{ data: T[]; meta: { last_page: number } }>(
      `${path}${joiner}per_page=1000&page=${page}`,
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    items.push(...res.body.data);
    if (page >= res.body.meta.last_page) return items;
  }
}

/** What one audit of a tree used, from the POST to its end. */
interface AuditRun {
  audit: Audit;
  seconds: number;
  firstCrawled: number | null;
  lastCrawled: number;
  /** CPU seconds of the API and each worker. */
  cpuEach: number[];
  database: { seconds: number; backends: number; closed: number };
  /** CPU seconds of redis-server; null when it is not the bench's own. */
  redis: number | null;
  /** The CPU seconds of each above (API, workers…, PostgreSQL, Redis) once judging began. */
  atJudging: number[] | null;
  /** API + workers' proportional memory, sampled every second. */
  pss: {
    peak: number;
    at: number;
    phase: string;
    each: number[];
    byPhase: Map<string, number>;
  };
}

async function runAudit(
  startUrl: string,
  call: ReturnType<typeof api>,
  services: ServiceProcess[],
  database: string,
  redisPid: number | null,
  label: string,
): Promise<AuditRun> {
  let phase = 'queued';
  const pss: AuditRun['pss'] = {
    peak: 0,
    at: 0,
    phase,
    each: [],
    byPhase: new Map(),
  };
  const cpuBefore = services.map((s) => cpuSecondsOf(s.child.pid!) ?? 0);
  const redisBefore = redisPid === null ? null : cpuSecondsOf(redisPid);
  const backends = new DatabaseBackendCpu(database);
  const posted = performance.now();
  const sampler = setInterval(() => {
    const each = services.map((s) => memoryOf(s.child.pid!).pss);
    const sum = each.reduce((a, b) => a + b, 0);
    pss.byPhase.set(phase, Math.max(pss.byPhase.get(phase) ?? 0, sum));
    if (sum > pss.peak) {
      Object.assign(pss, {
        peak: sum,
        at: (performance.now() - posted) / 1000,
        phase,
        each,
      });
    }
  }, 1000);
  try {
    const created = await call<{ data: Audit }>('/api/v1/site-audits', {
      method: 'POST',
      body: { url: startUrl, max_pages: 100_000, max_depth: 1000 },
    });
    if (created.status !== 202) {
      throw new Error(
        `POST: ${created.status} ${JSON.stringify(created.body)}`,
      );
    }
    let audit = created.body.data;
    let lastPrint = 0;
    // Where the time goes: the first page crawled, the last, and the end of judgement.
    let firstCrawled: number | null = null;
    let lastCrawled = 0;
    let crawledBefore = 0;
    let atJudging: number[] | null = null;
    while (audit.finished_at === null) {
      await sleep(250);
      audit = (await call<{ data: Audit }>(`/api/v1/site-audits/${audit.id}`))
        .body.data;
      phase = audit.progress.phase;
      if (phase !== 'crawling' && phase !== 'queued' && atJudging === null) {
        atJudging = [
          ...services.map(
            (s, i) => (cpuSecondsOf(s.child.pid!) ?? 0) - cpuBefore[i],
          ),
          backends.sofar(),
          redisPid === null || redisBefore === null
            ? 0
            : (cpuSecondsOf(redisPid) ?? redisBefore) - redisBefore,
        ];
      }
      const elapsed = (performance.now() - posted) / 1000;
      if (audit.progress.pages_crawled > crawledBefore) {
        firstCrawled ??= elapsed;
        lastCrawled = elapsed;
        crawledBefore = audit.progress.pages_crawled;
      }
      if (elapsed - lastPrint >= 30) {
        lastPrint = elapsed;
        console.log(
          `  ${label} ${elapsed.toFixed(0)} s: ${phase}, crawled ${audit.progress.pages_crawled}, queued ${audit.progress.pages_queued}`,
        );
      }
    }
    const seconds = (performance.now() - posted) / 1000;
    return {
      audit,
      seconds,
      firstCrawled,
      lastCrawled,
      cpuEach: services.map(
        (s, i) => (cpuSecondsOf(s.child.pid!) ?? 0) - cpuBefore[i],
      ),
      database: backends.stop(),
      redis:
        redisPid === null || redisBefore === null
          ? null
          : (cpuSecondsOf(redisPid) ?? redisBefore) - redisBefore,
      atJudging,
      pss,
    };
  } finally {
    clearInterval(sampler);
    backends.stop();
  }
}

async function auditTree(
  tree: RealTree,
  call: ReturnType<typeof api>,
  services: ServiceProcess[],
  database: string,
  redisPid: number | null,
): Promise<boolean> {
  const site = await serve(tree.root);
  try {
    const startUrl = `${site.origin}${tree.start}`;
    const reference = await referenceCrawl(startUrl);
    const wgetBefore = await wget(startUrl);
    // The first audit is discarded: a service that has run before, as a warm least crawl.
    const cold = await runAudit(
      startUrl,
      call,
      services,
      database,
      redisPid,
      `${tree.name} (first, discarded)`,
    );
    const run = await runAudit(
      startUrl,
      call,
      services,
      database,
      redisPid,
      tree.name,
    );
    const { audit, seconds } = run;
    const wgetAfter = await wget(startUrl);
    const least = await leastCrawl(startUrl);
    const pages = await everything<{ url: string }>(
      call,
      `/api/v1/site-audits/${audit.id}/pages`,
    );
    const affected = async (check: string) =>
      (
        await everything<{ url: string }>(
          call,
          `/api/v1/site-audits/${audit.id}/issues/${check}`,
        ).catch(() => [])
      ).map((item) => item.url);
    const audited: AuditedSite = {
      status: audit.status,
      unprocessed: audit.progress.pages_unprocessed,
      pages: pages.map((p) => p.url),
      brokenLink: await affected('broken_link'),
      duplicateTitle: await affected('duplicate_title'),
    };
    const comparison = compareWithReference(audited, reference);
    const wgetSeconds = (wgetBefore.seconds + wgetAfter.seconds) / 2;
    const ours = pages.length / seconds;
    const theirs = wgetBefore.urls / wgetSeconds;
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
    const perPage = (cpuSeconds: number) =>
      ((cpuSeconds * 1000) / pages.length).toFixed(1);
    const [apiCpu, ...workerCpu] = run.cpuEach;
    const workersCpu = workerCpu.reduce((a, b) => a + b, 0);
    const local = run.database.backends > 0;
    const total = apiCpu + workersCpu + run.database.seconds + (run.redis ?? 0);
    const totalMs = (total * 1000) / pages.length;
    const leastMs = least.processMs + (least.databaseMs ?? 0);
    const phases = [...run.pss.byPhase]
      .map(([phase, bytes]) => `${phase} ${mb(bytes)}`)
      .join(', ');
    // The same processes' CPU from the start of judging to the end.
    const judging = (() => {
      if (run.atJudging === null) return 'not seen';
      const [a, ...rest] = [
        ...run.cpuEach,
        run.database.seconds,
        run.redis ?? 0,
      ].map((cpu, i) => cpu - run.atJudging![i]);
      const workers = rest.slice(0, WORKERS).reduce((x, y) => x + y, 0);
      const [database, redis] = rest.slice(WORKERS);
      return `API ${perPage(a)} ms, workers ${perPage(workers)}, PostgreSQL ${perPage(database)}, Redis ${perPage(redis)}: ${perPage(a + workers + database + redis)} ms a page`;
    })();
    console.log(
      [
        `${tree.name}: ${pages.length} pages in ${seconds.toFixed(1)} s (${ours.toFixed(1)} pages/s), ${audit.status}/${audit.stop_reason}, ${audit.progress.pages_failed} failed, ${audit.progress.pages_unprocessed} unprocessed; the first, discarded audit took ${cold.seconds.toFixed(1)} s`,
        `  timeline: first page crawled at ${(run.firstCrawled ?? 0).toFixed(1)} s, last at ${run.lastCrawled.toFixed(1)} s, finished at ${seconds.toFixed(1)} s`,
        `  wget --spider -r: ${wgetBefore.urls} URLs in ${wgetBefore.seconds.toFixed(1)} s before, ${wgetAfter.seconds.toFixed(1)} s after (${theirs.toFixed(1)} URLs/s): the audit runs at ${(ours / theirs).toFixed(2)} of wget's rate (target at least 0.25)`,
        `  a quarter of wget's rate leaves ${((4 * availableParallelism() * 1000) / theirs).toFixed(1)} ms of this machine's ${availableParallelism()} cores a page, for the service, PostgreSQL, Redis and the tree's server`,
        `  CPU a page, the warm audit: API ${perPage(apiCpu)} ms, ${WORKERS} workers ${perPage(workersCpu)} (${workerCpu.map(perPage).join(', ')}), ` +
          (local
            ? `PostgreSQL ${perPage(run.database.seconds)} (${run.database.backends} backends of the database, ${run.database.closed} closed before the end), `
            : 'PostgreSQL not measured (not on this machine), ') +
          (run.redis === null
            ? "Redis not measured (not the bench's own)"
            : `Redis ${perPage(run.redis)}`) +
          `: ${totalMs.toFixed(1)} ms a page (the discarded first: ${(((cold.cpuEach.reduce((a, b) => a + b, 0) + cold.database.seconds + (cold.redis ?? 0)) * 1000) / pages.length).toFixed(1)})`,
        `  of which from the start of judging to the end (${(seconds - run.lastCrawled).toFixed(1)} s after the last page): ${judging}`,
        `  the least crawl, warm (least-crawl.ts, its first crawl discarded: one process; fetch, the service's reading, records, links and new URLs written; no probes, no judgement): ${least.pages} pages at ${(least.pages / least.seconds / theirs).toFixed(2)} of wget's rate, ${least.processMs.toFixed(1)} ms a page` +
          (least.databaseMs === null
            ? " without PostgreSQL's (not on this machine)"
            : ` + PostgreSQL ${least.databaseMs.toFixed(1)} = ${leastMs.toFixed(1)} ms`),
        `  the warm audit used ${(totalMs / leastMs).toFixed(2)} times the warm least crawl's CPU a page (target at most 1.5)`,
        `  proportional memory, API + ${WORKERS} workers, every second: peak ${mb(run.pss.peak)} at ${run.pss.at.toFixed(0)} s (${run.pss.phase}; ${run.pss.each.map(mb).join(', ')}), by phase: ${phases}; the discarded first audit's peak ${mb(cold.pss.peak)} (${cold.pss.phase}) (target under 1024 MB)`,
        ...comparison.lines.map((line) => `  ${line}`),
      ].join('\n'),
    );
    return comparison.same;
  } finally {
    site.child.send('stop');
    await new Promise((r) => site.child.once('exit', r));
  }
}

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const repeatArg = process.argv.find((arg) => arg.startsWith('--repeat='));
  const repeat = repeatArg ? Number(repeatArg.slice('--repeat='.length)) : 1;
  if (!Number.isInteger(repeat) || repeat < 1) {
    console.error('bench:real-sites: --repeat=N takes a whole number from 1');
    process.exit(2);
  }
  const pauseArg = process.argv.find((arg) => arg.startsWith('--pause='));
  const pauseS = pauseArg ? Number(pauseArg.slice('--pause='.length)) : 0;
  if (!Number.isFinite(pauseS) || pauseS < 0) {
    console.error('bench:real-sites: --pause=S takes seconds from 0');
    process.exit(2);
  }
  const trees = Array.from({ length: repeat }, () =>
    installedTrees(names.length > 0 ? names : DEFAULT_TREES),
  ).flat();
  if (trees.length === 0) {
    console.error('bench:real-sites: none of the trees is installed');
    process.exit(2);
  }
  const database = `${DATABASE_PREFIX}_real_${Date.now()}`;
  psql(`CREATE DATABASE ${database}`);
  const ownRedis =
    process.env.BENCH_REDIS_URL === undefined
      ? await ThrowawayRedis.create()
      : null;
  const redisUrl = ownRedis?.url ?? process.env.BENCH_REDIS_URL!;
  const prefix = `bench-real-${randomBytes(6).toString('hex')}`;
  const env = {
    DATABASE_URL: `${PG_SERVER}/${database}`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    // The trees link to the internet, which this machine has not: refused before any lookup.
    ANALYZER_ONLY_ALLOW_HOSTS: '1',
    SITE_AUDIT_MAX_PAGES: '100000',
    SITE_AUDIT_CONCURRENCY: process.env.SITE_AUDIT_CONCURRENCY ?? '8',
    // As docs/operations.md runs the processes: a bounded heap, collected before it grows.
    NODE_OPTIONS: process.env.SERVICE_NODE_OPTIONS ?? WORKER_NODE_OPTIONS,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  const services: ServiceProcess[] = [];
  let passed = true;
  try {
    services.push(await startService('dist/main.js', env));
    for (let i = 0; i < WORKERS; i++) {
      services.push(await startService('dist/worker.js', env));
    }
    const key = createApiKey(env, 'bench-real-sites');
    const call = api(services[0].base!, key);
    for (const [i, tree] of trees.entries()) {
      if (i > 0 && pauseS > 0) await sleep(pauseS * 1000);
      passed =
        (await auditTree(
          tree,
          call,
          services,
          database,
          ownRedis?.pid ?? null,
        )) && passed;
    }
  } catch (error) {
    console.error(error);
    passed = false;
  } finally {
    await stopServices(services);
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await ownRedis?.stop();
  }
  console.log(
    passed
      ? 'bench:real-sites: every page found, every set as the reference crawler has it'
      : 'bench:real-sites: a page or a set differs',
  );
  process.exit(passed ? 0 : 1);
}

void main();
