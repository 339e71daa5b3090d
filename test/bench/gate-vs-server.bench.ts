import { execFileSync, fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { installedTrees } from '../support/real-trees.js';
import type { RealTree } from '../support/real-trees.js';
import {
  createApiKey,
  startService,
  stopServices,
} from '../support/service-process.js';
import type { ServiceProcess } from '../support/service-process.js';

/**
 * `npm run bench:gate-vs-server`: for each of Debian's documentation trees (django and
 * postgresql-15; any names given instead), in one run, the SEO gate two ways, both by
 * the built command line with the same arguments (`audit-site <tree> --assert
 * seo:recommended --out junit:… --out sarif:… --out json:…`):
 * - self-contained: the service in the command's process on a throwaway embedded
 *   database (DATABASE_URL and REDIS_URL pointing nowhere); timed from the spawn to
 *   the exit, the whole command;
 * - on the service: `--api` to an API and 2 worker processes on PostgreSQL and Redis
 *   (as bench:real-sites starts them); timed from the audit's creation to its end
 *   (its progress.elapsed_ms, from created_at to finished_at), its first audit after
 *   start discarded, as a running server is warm.
 * Prints both, the ratio (the target: at most 1.5), and whether the two JUnit and
 * SARIF files are the same but for what must differ: the JUnit `timestamp` and `time`
 * and the SARIF invocation's start and end. `--rounds=N` runs both N times,
 * alternating which goes first. Environment: BENCH_PG_URL (the server; a database is
 * created and dropped), BENCH_REDIS_URL (default database 12).
 */

const PG_SERVER =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const WORKERS = 2;
const WORKER_NODE_OPTIONS = '--max-old-space-size=384 --max-semi-space-size=4';
const DEFAULT_TREES = ['django', 'postgresql-15'];
const TARGET_RATIO = 1.5;
const here = dirname(fileURLToPath(import.meta.url));

function psql(sql: string): void {
  execFileSync('psql', [`${PG_SERVER}/postgres`, '-qc', sql]);
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

interface Gated {
  /** Spawn to exit. */
  seconds: number;
  /** The audit's creation to its end, as the service timed it. */
  auditSeconds: number;
  pages: number;
  status: number | null;
  junit: string;
  sarif: string;
}

/** `audit-site … --assert seo:recommended` with its files in `folder`; `api` runs it on the service. */
async function gate(
  url: string,
  folder: string,
  api: { base: string; key: string } | null,
): Promise<Gated> {
  const file = (name: string) => join(folder, name);
  const args = [
    'dist/cli/main.js',
    'audit-site',
    url,
    '--max-pages',
    '100000',
    '--assert',
    'seo:recommended',
    '--out',
    `junit:${file('seo.junit.xml')}`,
    '--out',
    `sarif:${file('seo.sarif')}`,
    '--out',
    `json:${file('audit.json')}`,
    ...(api ? ['--api', api.base, '--key', api.key] : []),
  ];
  const env = {
    ...process.env,
    TMPDIR: tmpdir(),
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    // The trees link to the internet, which this machine has not: refused before any lookup.
    ANALYZER_ONLY_ALLOW_HOSTS: '1',
    SITE_AUDIT_MAX_PAGES: '100000',
    ...(api
      ? {}
      : {
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
          REDIS_URL: 'redis://127.0.0.1:1',
        }),
    REPORT_SERVICE_API: '',
    REPORT_SERVICE_KEY: '',
  };
  const started = performance.now();
  const child = spawn(process.execPath, args, { env });
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) =>
    child.once('close', resolve),
  );
  const seconds = (performance.now() - started) / 1000;
  if (status !== 0 && status !== 1) {
    throw new Error(`audit-site exited ${status}: ${stderr}`);
  }
  const exported = JSON.parse(await readFile(file('audit.json'), 'utf8')) as {
    audit: { progress: { elapsed_ms: number; pages_crawled: number } };
  };
  return {
    seconds,
    auditSeconds: exported.audit.progress.elapsed_ms / 1000,
    pages: exported.audit.progress.pages_crawled,
    status,
    junit: await readFile(file('seo.junit.xml'), 'utf8'),
    sarif: await readFile(file('seo.sarif'), 'utf8'),
  };
}

/** The JUnit file without its `timestamp` and `time` attributes. */
function junitToCompare(xml: string): string {
  return xml.replace(/ (timestamp|time)="[^"]*"/g, '');
}

/** The SARIF file without its invocations' start and end. */
function sarifToCompare(text: string): string {
  const sarif = JSON.parse(text) as {
    runs: Array<{ invocations?: Array<Record<string, unknown>> }>;
  };
  for (const run of sarif.runs) {
    for (const invocation of run.invocations ?? []) {
      delete invocation.startTimeUtc;
      delete invocation.endTimeUtc;
    }
  }
  return JSON.stringify(sarif, null, 2);
}

/** The first line two texts differ at, for the report; null when they are the same. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  const left = a.split('\n');
  const right = b.split('\n');
  const at = left.findIndex((line, i) => line !== right[i]);
  const line = at === -1 ? left.length : at;
  return `line ${line + 1}: ${JSON.stringify(left[line] ?? '')} against ${JSON.stringify(right[line] ?? '')}`;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchTree(
  tree: RealTree,
  rounds: number,
  api: { base: string; key: string },
): Promise<boolean> {
  const site = await serve(tree.root);
  const folder = await mkdtemp(join(tmpdir(), 'bench-gate-vs-server-'));
  try {
    const url = `${site.origin}${tree.start}`;
    const alone: Gated[] = [];
    const served: Gated[] = [];
    // A server is running when a gate asks it: its first audit after start (cold) is discarded.
    const warmUp = await gate(url, join(folder, 'served-warm-up'), api);
    console.log(
      `  ${tree.name} on the service, first audit discarded: ${warmUp.auditSeconds.toFixed(1)} s create to finish`,
    );
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['served', 'alone'] : ['alone', 'served'];
      for (const way of order) {
        const load = loadavg()[0].toFixed(1);
        if (way === 'alone') {
          const run = await gate(url, join(folder, `alone-${round}`), null);
          alone.push(run);
          console.log(
            `  ${tree.name} self-contained: ${run.seconds.toFixed(1)} s spawn to exit (its audit ${run.auditSeconds.toFixed(1)} s create to finish), ${run.pages} pages, exit ${run.status} (load average ${load} before)`,
          );
        } else {
          const run = await gate(url, join(folder, `served-${round}`), api);
          served.push(run);
          console.log(
            `  ${tree.name} on the service: ${run.auditSeconds.toFixed(1)} s create to finish (the command ${run.seconds.toFixed(1)} s), ${run.pages} pages, exit ${run.status} (load average ${load} before)`,
          );
        }
      }
    }
    const ratio =
      median(alone.map((r) => r.seconds)) /
      median(served.map((r) => r.auditSeconds));
    const junit = firstDifference(
      junitToCompare(alone[0].junit),
      junitToCompare(served[0].junit),
    );
    const sarif = firstDifference(
      sarifToCompare(alone[0].sarif),
      sarifToCompare(served[0].sarif),
    );
    console.log(
      [
        `${tree.name}: self-contained ${median(alone.map((r) => r.seconds)).toFixed(1)} s (whole command), service ${median(served.map((r) => r.auditSeconds)).toFixed(1)} s (create to finish, PostgreSQL, ${WORKERS} workers): ratio ${ratio.toFixed(2)} (target at most ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`,
        `  JUnit: ${junit === null ? 'the same (but timestamp and time)' : `differs, ${junit}`}`,
        `  SARIF: ${sarif === null ? 'the same (but the invocation start and end)' : `differs, ${sarif}`}`,
      ].join('\n'),
    );
    return junit === null && sarif === null;
  } finally {
    site.child.send('stop');
    await new Promise((r) => site.child.once('exit', r));
    await rm(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const roundsArg = process.argv.find((arg) => arg.startsWith('--rounds='));
  const rounds = roundsArg ? Number(roundsArg.slice('--rounds='.length)) : 1;
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(
      'bench:gate-vs-server: --rounds=N takes a whole number from 1',
    );
    process.exit(2);
  }
  const trees = installedTrees(names.length > 0 ? names : DEFAULT_TREES);
  if (trees.length === 0) {
    console.error('bench:gate-vs-server: none of the trees is installed');
    process.exit(2);
  }
  const database = `h_gate_vs_server_${Date.now()}`;
  psql(`CREATE DATABASE ${database}`);
  const prefix = `bench-gate-${randomBytes(6).toString('hex')}`;
  const env = {
    DATABASE_URL: `${PG_SERVER}/${database}`,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    ANALYZER_ONLY_ALLOW_HOSTS: '1',
    SITE_AUDIT_MAX_PAGES: '100000',
    // As docs/operations.md runs the processes: a bounded heap, collected before it grows.
    NODE_OPTIONS: process.env.SERVICE_NODE_OPTIONS ?? WORKER_NODE_OPTIONS,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  const services: ServiceProcess[] = [];
  let same = true;
  try {
    services.push(await startService('dist/main.js', env));
    for (let i = 0; i < WORKERS; i++) {
      services.push(await startService('dist/worker.js', env));
    }
    const key = createApiKey(env, 'bench-gate-vs-server');
    console.log(
      `gate vs server: ${trees.map((t) => t.name).join(', ')}, ${rounds} round(s), audit-site --assert seo:recommended self-contained and on an API + ${WORKERS} workers (PostgreSQL, Redis)`,
    );
    for (const tree of trees) {
      same =
        (await benchTree(tree, rounds, { base: services[0].base!, key })) &&
        same;
    }
  } catch (error) {
    console.error(error);
    same = false;
  } finally {
    await stopServices(services);
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  process.exit(same ? 0 : 1);
}

void main();
