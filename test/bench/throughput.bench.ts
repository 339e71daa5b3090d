import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Redis } from 'ioredis';
import type { FixtureSite } from '../support/fixture-server.js';
import { startReportSites } from '../support/report-site.js';
import { createApiKey, startService } from '../support/service-process.js';
import type { ServiceProcess } from '../support/service-process.js';

/**
 * Analyses per second end to end: 32 clients each create a report and wait for its
 * answer (POST, 201 once analysed), through an API process, the queue on Redis,
 * worker processes (dist/worker.js) and PostgreSQL, against a fixture site on
 * 127.0.0.1 served by this process. One round with 1 worker, one with 2, in the same
 * run, each on a fresh database. Run with `npm run bench:analyse`.
 *
 * Environment: BENCH_PG_URL (the server; a database is created and dropped),
 * BENCH_DATABASE_PREFIX (its name's start, default bench_throughput), BENCH_REDIS_URL,
 * BENCH_ANALYSES (per round, default 1,000).
 */

const PG_SERVER =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000);
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'bench_throughput';
const CONCURRENCY = 32;
const WARM_UP = 64;
/** With one worker the service should keep up with at least this many analyses a second. */
const TARGET_PER_SECOND = 50;

interface Round {
  workers: number;
  perSecond: number;
  p50: number;
  p95: number;
  failures: number;
  /** CPU milliseconds per analysis, by part of the deployment. */
  cpuPerAnalysis: Record<string, number>;
}

/** Clock ticks a second of /proc's CPU times (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds a process (all its threads) has used; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the name).
    return (
      ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
    );
  } catch {
    return 0;
  }
}

/** Processes by command name, as /proc shows them. */
function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}

/** CPU used so far by each part of the deployment, in milliseconds. */
function cpuByPart(
  services: Record<string, ServiceProcess[]>,
): Record<string, number> {
  const sum = (pids: number[]) =>
    pids.reduce((ms, pid) => ms + cpuMsOf(pid), 0);
  const own = process.cpuUsage();
  return {
    ...Object.fromEntries(
      Object.entries(services).map(([part, list]) => [
        part,
        sum(list.map((s) => s.child.pid!)),
      ]),
    ),
    postgres: sum(pidsNamed('postgres')),
    redis: sum(pidsNamed('redis-server')),
    'site + clients': (own.user + own.system) / 1000,
  };
}

function psql(database: string, sql: string): void {
  execFileSync('psql', [`${PG_SERVER}/${database}`, '-qc', sql]);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** Creates `count` reports with CONCURRENCY clients, each waiting for its answer. */
async function load(
  base: string,
  key: string,
  site: FixtureSite,
  count: number,
): Promise<{ seconds: number; latencies: number[]; failures: number }> {
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const n = next++;
        const sent = performance.now();
        const res = await fetch(`${base}/api/v1/reports`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ url: `${site.url('/page')}?n=${n}` }),
        });
        const body = (await res.json()) as { data?: { status: string } };
        if (res.status === 201 && body.data?.status === 'completed') {
          latencies.push(performance.now() - sent);
        } else failures++;
      }
    }),
  );
  return {
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
    failures,
  };
}

async function round(workers: number, site: FixtureSite): Promise<Round> {
  const database = `${DATABASE_PREFIX}_${Date.now()}`;
  psql('postgres', `CREATE DATABASE ${database}`);
  const prefix = `bench-${randomBytes(6).toString('hex')}`;
  const env = {
    DATABASE_URL: `${PG_SERVER}/${database}`,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    ANALYSIS_CONCURRENCY: String(CONCURRENCY),
    RATE_LIMIT_PER_MINUTE: '1000000',
    ANALYSIS_RATE_LIMIT_PER_MINUTE: '1000000',
    ANALYSES_IN_FLIGHT_PER_ACCOUNT: '100000',
  };
  const started: ServiceProcess[] = [];
  try {
    const api = await startService('dist/main.js', env);
    started.push(api);
    const workerProcesses: ServiceProcess[] = [];
    for (let i = 0; i < workers; i++) {
      workerProcesses.push(await startService('dist/worker.js', env));
    }
    started.push(...workerProcesses);
    const parts = { api: [api], workers: workerProcesses };
    const key = createApiKey(env, 'bench');
    await load(api.base!, key, site, WARM_UP);
    const before = cpuByPart(parts);
    const measured = await load(api.base!, key, site, ANALYSES);
    const after = cpuByPart(parts);
    const done = measured.latencies.length;
    return {
      workers,
      perSecond: done / measured.seconds,
      p50: percentile(measured.latencies, 0.5),
      p95: percentile(measured.latencies, 0.95),
      failures: measured.failures,
      cpuPerAnalysis: Object.fromEntries(
        Object.keys(after).map((part) => [
          part,
          (after[part] - before[part]) / done,
        ]),
      ),
    };
  } finally {
    await Promise.all(started.map((service) => service.stop()));
    psql('postgres', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}

async function main(): Promise<void> {
  const sites = await startReportSites();
  const [site] = sites;
  try {
    console.log(
      `end to end: ${ANALYSES} analyses a round, ${CONCURRENCY} clients creating and waiting (POST, 201 once analysed)`,
    );
    const rounds: Round[] = [];
    for (const workers of [1, 2]) {
      const result = await round(workers, site);
      rounds.push(result);
      const cpu = Object.entries(result.cpuPerAnalysis);
      const total = cpu.reduce((ms, [, part]) => ms + part, 0);
      console.log(
        [
          `${workers} worker${workers > 1 ? 's' : ' '}: ${result.perSecond.toFixed(1)} analyses/s, latency p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, failures ${result.failures}`,
          `  CPU per analysis: ${cpu.map(([part, ms]) => `${part} ${ms.toFixed(1)} ms`).join(', ')}; total ${total.toFixed(1)} ms, so ${availableParallelism()} cores allow at most ${((availableParallelism() * 1000) / total).toFixed(0)}/s`,
        ].join('\n'),
      );
    }
    const [one, two] = rounds;
    console.log(
      [
        `scaling 1 -> 2 workers: x${(two.perSecond / one.perSecond).toFixed(2)}`,
        `target with 1 worker >= ${TARGET_PER_SECOND}/s: ${one.perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`,
      ].join('\n'),
    );
  } finally {
    await Promise.all(sites.map((s) => s.close()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
