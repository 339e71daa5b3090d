import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresBackend, withBackend } from 'bullmq';
import { DataSource } from 'typeorm';
import { migrate } from '../../src/database/database.js';
import { MIGRATIONS } from '../../src/database/database.js';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { JobsRepository } from '../../src/jobs/jobs.repository.js';
import { PostgresJobQueue } from '../../src/jobs/postgres-job-queue.js';

/**
 * The two ways to keep jobs without Redis, measured on the same databases: BullMQ 6's
 * PostgreSQL backend, and the service's jobs table (PostgresJobQueue). Each adds
 * JOBS jobs one after the other (as API requests do) while a consumer runs them 32 at
 * a time, each job holding 20 ms as a network wait would. Printed: adds per second,
 * and jobs finished per second from the first add to the last finish. Run with
 * `npm run bench:jobs`. Environment: BENCH_PG_URL (the server; a database is
 * created and dropped), BENCH_JOBS (default 1,000).
 */

const PG_SERVER =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const JOBS = Number(process.env.BENCH_JOBS ?? 1_000);
const CONCURRENCY = 32;
const WORK_MS = 20;

interface Measured {
  addsPerSecond: number;
  finishedPerSecond: number;
}

const work = () => new Promise((resolve) => setTimeout(resolve, WORK_MS));

async function bullmqPostgres(url: string): Promise<Measured> {
  const { Queue, Worker } = withBackend(createPostgresBackend);
  const connection = { connectionString: url, max: 10, migrate: true };
  const queue = new Queue('bench', { connection });
  let finished = 0;
  let allFinished: () => void = () => {};
  const done = new Promise<void>((resolve) => (allFinished = resolve));
  const worker = new Worker('bench', work, {
    connection,
    concurrency: CONCURRENCY,
  });
  worker.on('error', () => undefined);
  worker.on('completed', () => {
    if (++finished === JOBS) allFinished();
  });
  try {
    await queue.waitUntilReady();
    const started = performance.now();
    for (let n = 0; n < JOBS; n++) {
      await queue.add(
        'job',
        { n },
        { jobId: `job-${n}`, removeOnComplete: true },
      );
    }
    const added = performance.now();
    await done;
    const ended = performance.now();
    return {
      addsPerSecond: JOBS / ((added - started) / 1000),
      finishedPerSecond: JOBS / ((ended - started) / 1000),
    };
  } finally {
    await worker.close(true).catch(() => undefined);
    await queue.close().catch(() => undefined);
  }
}

async function jobsTable(url: string, poolSize: number): Promise<Measured> {
  const dataSource = await new DataSource({
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    extra: { max: poolSize },
  }).initialize();
  await migrate(dataSource, poolSize === 1);
  const queue = new PostgresJobQueue(new JobsRepository(dataSource));
  let finished = 0;
  let allFinished: () => void = () => {};
  const done = new Promise<void>((resolve) => (allFinished = resolve));
  queue.work(
    'bench',
    async () => {
      await work();
      if (++finished === JOBS) allFinished();
    },
    { concurrency: CONCURRENCY },
  );
  const started = performance.now();
  for (let n = 0; n < JOBS; n++) {
    await queue.add('bench', { n }, { key: `job-${n}` });
  }
  const added = performance.now();
  await done;
  const ended = performance.now();
  await queue.close(1_000);
  await dataSource.destroy();
  return {
    addsPerSecond: JOBS / ((added - started) / 1000),
    finishedPerSecond: JOBS / ((ended - started) / 1000),
  };
}

function line(name: string, measured: Measured | string): string {
  if (typeof measured === 'string')
    return `${name.padEnd(44)} cannot run: ${measured}`;
  return `${name.padEnd(44)} ${measured.addsPerSecond.toFixed(0).padStart(5)} adds/s ${measured.finishedPerSecond.toFixed(0).padStart(5)} finished/s`;
}

async function attempt(
  run: () => Promise<Measured>,
): Promise<Measured | string> {
  try {
    return await run();
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

async function main(): Promise<void> {
  console.log(
    `${JOBS} jobs added one after the other; a consumer runs ${CONCURRENCY} at a time, ${WORK_MS} ms each`,
  );
  for (const [name, run] of [
    ['BullMQ PostgreSQL backend', bullmqPostgres],
    ['jobs table (PostgresJobQueue)', (url: string) => jobsTable(url, 10)],
  ] as const) {
    const database = `bench_jobs_${Date.now()}`;
    execFileSync('psql', [
      `${PG_SERVER}/postgres`,
      '-qc',
      `CREATE DATABASE ${database}`,
    ]);
    try {
      console.log(
        line(
          `${name}, PostgreSQL`,
          await attempt(() => run(`${PG_SERVER}/${database}`)),
        ),
      );
    } finally {
      execFileSync('psql', [
        `${PG_SERVER}/postgres`,
        '-qc',
        `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
      ]);
    }
  }
  for (const [name, run] of [
    ['BullMQ PostgreSQL backend', bullmqPostgres],
    ['jobs table (PostgresJobQueue)', (url: string) => jobsTable(url, 1)],
  ] as const) {
    const dir = await mkdtemp(join(tmpdir(), 'bench-jobs-'));
    const embedded = await EmbeddedPostgres.start(dir);
    try {
      console.log(
        line(
          `${name}, embedded PGlite`,
          await attempt(() => run(embedded.url)),
        ),
      );
    } finally {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
