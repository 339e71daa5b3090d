import { execFileSync, spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

// Jest loads this file outside its module map, where "./x.js" finds no x.ts: it imports
// nothing of the project, and the test helpers import what they share with it from here.

/**
 * The one Redis every test uses, database index included (redis://host:port/<index>):
 * TEST_REDIS_URL, else database 0 of the machine's Redis. Tests keep to keys under a
 * prefix of their own and delete them.
 */
export const TEST_REDIS_URL =
  process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

/** The executable `program` on PATH, or null. */
function onPath(program: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir || '.', program);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return null;
}

/**
 * Where the server programs a throwaway cluster needs (initdb, pg_ctl) are: on PATH,
 * else where pg_config says (Debian keeps them out of PATH, in
 * /usr/lib/postgresql/<version>/bin); null when neither has both.
 */
export function postgresServerBin(): string | null {
  const initdb = onPath('initdb');
  if (initdb && onPath('pg_ctl')) return dirname(initdb);
  const pgConfig = onPath('pg_config');
  if (!pgConfig) return null;
  try {
    const bin = execFileSync(pgConfig, ['--bindir'], {
      encoding: 'utf8',
    }).trim();
    accessSync(join(bin, 'initdb'), constants.X_OK);
    accessSync(join(bin, 'pg_ctl'), constants.X_OK);
    return bin;
  } catch {
    return null;
  }
}

/** How long a service may take to answer before it counts as missing. */
const ANSWER_WITHIN_MS = 3_000;

/** The URL without its password, to be printed. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function reason(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  // A system error by its code (ECONNREFUSED); PostgreSQL's own by its message.
  return typeof code === 'string' && /^E[A-Z]+$/.test(code)
    ? code
    : String(message).replace(/\.$/, '');
}

async function redisProblem(url: string): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ANSWER_WITHIN_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // connect() rejects with "Connection is closed"; the cause comes as an event first.
  let cause: unknown;
  redis.on('error', (error: unknown) => (cause ??= error));
  try {
    await redis.connect();
    // ioredis selects the URL's database as it connects, but only emits the refusal.
    await redis.select(redis.options.db ?? 0);
    return null;
  } catch (error) {
    return `Redis at ${shown(url)} (TEST_REDIS_URL) cannot be used: ${reason(cause ?? error)}. Start it (Debian: apt-get install redis-server), or point TEST_REDIS_URL at one, database index included (redis://host:6379/<index>).`;
  } finally {
    redis.disconnect();
  }
}

async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: ANSWER_WITHIN_MS,
  });
  // Connection errors are reported by connect() below.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL does not answer at DATABASE_URL (${shown(url)}): ${reason(error)}. Start it and create the database, or unset DATABASE_URL to test on the embedded database.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * What `npm test` needs that this machine lacks, one line each: the PostgreSQL
 * server programs of the throwaway clusters, redis-server for throwaway Redis
 * servers, the Redis of TEST_REDIS_URL, the
 * PostgreSQL of DATABASE_URL when it is set, and Chromium when REQUIRE_BROWSER says
 * the browser tests must run.
 */
export async function missingPrerequisites(
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const missing: string[] = [];
  if (!postgresServerBin()) {
    missing.push(
      "initdb and pg_ctl, PostgreSQL's server programs, are neither on PATH nor in pg_config --bindir: some tests start throwaway clusters with them. Install the server (Debian: apt-get install postgresql) and put its bin folder on PATH (Debian: /usr/lib/postgresql/<version>/bin).",
    );
  }
  if (!onPath('redis-server')) {
    missing.push(
      'redis-server is not on PATH: some tests start a throwaway Redis with it, to stop it mid-test. Install it (Debian: apt-get install redis-server).',
    );
  }
  const checks = [redisProblem(env.TEST_REDIS_URL ?? TEST_REDIS_URL)];
  if (env.DATABASE_URL) checks.push(postgresProblem(env.DATABASE_URL));
  for (const problem of await Promise.all(checks))
    if (problem) missing.push(problem);
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (env.REQUIRE_BROWSER && !existsSync(chromium)) {
    missing.push(
      `Chromium is not at ${chromium} and REQUIRE_BROWSER is set: install it (Debian: apt-get install chromium), or set CHROMIUM_PATH.`,
    );
  }
  return missing;
}

/**
 * Builds dist/ once before the suites run. Judging runs on worker threads, which load
 * the compiled analyser, and the end-to-end suites that start the service as a process
 * run dist/main.js and dist/worker.js.
 */
function buildDist(): void {
  const startedAt = new Date();
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(`The build failed:\n${build.stdout}${build.stderr}`);
  }
  // The stamp of scripts/build-fast.mjs, dated like its own: `npm start` and `npm run
  // cli`, which tests run as the README does, then find dist/ up to date instead of
  // compiling it again under the suites that use it.
  writeFileSync('dist/.build-fast', '');
  utimesSync('dist/.build-fast', startedAt, startedAt);
}

/**
 * Jest's global setup: first what the suites need of the machine, each missing one
 * named on a line of its own, at once rather than as failing files; then dist/.
 */
export default async function globalSetup(): Promise<void> {
  const missing = await missingPrerequisites();
  if (missing.length > 0) {
    const error = new Error(
      [
        `npm test cannot run: ${missing.length === 1 ? 'a prerequisite is' : `${missing.length} prerequisites are`} missing (see docs/development.md, "Tests").`,
        ...missing.map((line) => `  - ${line}`),
      ].join('\n'),
    );
    // The lines say it all: no stack trace under them.
    error.stack = error.message;
    throw error;
  }
  buildDist();
}
