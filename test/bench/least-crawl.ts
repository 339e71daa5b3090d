import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { Piscina } from 'piscina';
import { Agent, request } from 'undici';
import type { FetchedResponse } from '../../src/analysis/index.js';
import { urlHash } from '../../src/crawler/crawl.js';
import type { CrawlPolicyData } from '../../src/crawler/policy/crawl-policy.js';
import type { PageReading } from '../../src/crawler/pipeline/page-reading.js';
import { cpuSecondsOf } from './process-cpu.js';

/**
 * The least a crawl of a tree costs on this machine with the service's own reading of
 * a page, beside which bench:real-sites puts the service's audit: one process, 4
 * requests in flight (a host's turns), each page fetched (undici, kept-alive
 * connections), read on one reader thread (page-reading.ts: the parse, the 56 page
 * checks, the facts and the decisions about its URLs), and written in batches to
 * PostgreSQL (its record, its links and the new URLs, the frontier in the database).
 * No probes, no politeness shared between processes, no leases, no judgement, no
 * start: what any crawl of the service's checks pays at the least.
 *
 * `node least-crawl.js <start URL> <PostgreSQL server URL> <database>`, as a child with
 * IPC: it creates and drops the database, crawls the tree twice on the same process and
 * connection, and answers the second, warm crawl as
 * `{ pages, seconds, processMs, databaseMs }` (CPU milliseconds a page, of every thread
 * of this process and of its one PostgreSQL backend, read from /proc as bench:real-sites
 * reads the service's; databaseMs null when the server is not on this machine).
 */

const IN_FLIGHT = 4;
const [startUrl, pgServer, database] = process.argv.slice(2);
const PASSES = 2;

const SCHEMA = `
CREATE TABLE frontier (url_hash bigint PRIMARY KEY, url text NOT NULL, state text NOT NULL, place bigserial);
CREATE INDEX frontier_queue ON frontier (place) WHERE state = 'queued';
CREATE TABLE pages (url_hash bigint PRIMARY KEY, status int, content_type text, title text,
  meta_description text, canonical text, words int, score int, rating text, results jsonb,
  failed_checks text, outlinks int);
CREATE TABLE links (from_hash bigint NOT NULL, to_hash bigint NOT NULL, followed boolean, anchor text, position int);
CREATE INDEX links_to ON links (to_hash);`;

interface Read {
  hash: string;
  reading: Pick<PageReading, 'links' | 'discoveries'> & {
    record: Partial<PageReading['record']>;
  };
}

async function fetchPage(agent: Agent, url: string): Promise<FetchedResponse> {
  const started = performance.now();
  const response = await request(url, {
    dispatcher: agent,
    headers: { 'user-agent': 'least-crawl', accept: 'text/html' },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return {
    url,
    requestedUrl: url,
    status: response.statusCode,
    headers,
    setCookies: [],
    body,
    redirects: [],
    contentEncoding: null,
    transferBytes: body.length,
    ttfbMs: 0,
    loadTimeMs: performance.now() - started,
  };
}

/** One transaction a batch: the records, the links, the new URLs (in key order), the pages done. */
async function write(client: pg.Client, batch: Read[]): Promise<void> {
  const hashes = batch.map((read) => read.hash);
  const records = batch.map((read) => read.reading.record);
  const column = <T>(pick: (record: Read['reading']['record']) => T) =>
    records.map(pick);
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO pages SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[],
       $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::jsonb[], $11::text[], $12::int[])`,
    [
      hashes,
      column((r) => r.statusCode ?? null),
      column((r) => r.contentType ?? null),
      column((r) => r.title ?? null),
      column((r) => r.metaDescription ?? null),
      column((r) => r.canonical ?? null),
      column((r) => r.words ?? null),
      column((r) => r.score ?? null),
      column((r) => r.result ?? null),
      column((r) => JSON.stringify(r.results ?? null)),
      column((r) => (r.failedChecks ?? []).join(',')),
      column((r) => r.outlinks ?? 0),
    ],
  );
  const links = batch.flatMap((read) =>
    read.reading.links.map((link) => ({ from: read.hash, ...link })),
  );
  if (links.length > 0) {
    await client.query(
      `INSERT INTO links SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::boolean[], $4::text[], $5::int[])`,
      [
        links.map((l) => l.from),
        links.map((l) => l.toHash),
        links.map((l) => l.followed),
        links.map((l) => l.anchor),
        links.map((l) => l.position),
      ],
    );
  }
  const found = new Map<string, string>();
  for (const read of batch) {
    for (const d of read.reading.discoveries) {
      if (d.inScope && d.crawlable && d.refusal === null)
        found.set(d.hash, d.url);
    }
  }
  const keys = [...found.keys()].sort();
  if (keys.length > 0) {
    await client.query(
      `INSERT INTO frontier (url_hash, url, state)
       SELECT h, u, 'queued' FROM unnest($1::bigint[], $2::text[]) AS t(h, u) ON CONFLICT DO NOTHING`,
      [keys, keys.map((key) => found.get(key))],
    );
  }
  await client.query(
    `UPDATE frontier SET state = 'done' WHERE url_hash = ANY($1::bigint[])`,
    [hashes],
  );
  await client.query('COMMIT');
}

async function main(): Promise<void> {
  execFileSync('psql', [
    `${pgServer}/postgres`,
    '-qc',
    `CREATE DATABASE ${database}`,
  ]);
  const client = new pg.Client(`${pgServer}/${database}`);
  await client.connect();
  const origin = new URL(startUrl).origin;
  const policy: CrawlPolicyData = {
    origin,
    startUrl,
    settings: {
      max_pages: 100_000,
      max_depth: 1000,
      include: [],
      exclude: [],
      respect_robots: true,
      sitemaps: true,
    },
    robotsTxt: null,
    userAgent: 'least-crawl',
    hostConcurrency: IN_FLIGHT,
  };
  const readers = new Piscina({
    filename: new URL('./least-crawl-reader.js', import.meta.url).href,
    minThreads: 1,
    maxThreads: 1,
    workerData: policy,
    recordTiming: false,
    // As the service's reader threads (page-readers.ts).
    resourceLimits: {
      maxYoungGenerationSizeMb: 8,
      maxOldGenerationSizeMb: 320,
    },
  });
  const agent = new Agent();
  try {
    await client.query(SCHEMA);
    const backend = (
      await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
    ).rows[0].pid;
    let warm: object = {};
    // The first crawl is discarded: the service's processes have read pages before.
    for (let pass = 0; pass < PASSES; pass++) {
      await client.query('TRUNCATE frontier, pages, links');
      await client.query(
        `INSERT INTO frontier (url_hash, url, state) VALUES ($1, $2, 'queued')`,
        [urlHash(startUrl), startUrl],
      );
      const databaseBefore = cpuSecondsOf(backend);
      const selfBefore = cpuSecondsOf(process.pid);
      const started = performance.now();
      const pages = await crawl(client, readers, agent);
      const seconds = (performance.now() - started) / 1000;
      const self = cpuSecondsOf(process.pid)! - selfBefore!;
      warm = {
        pages,
        seconds,
        processMs: (self * 1000) / pages,
        databaseMs:
          databaseBefore === null
            ? null
            : (((cpuSecondsOf(backend) ?? databaseBefore) - databaseBefore) *
                1000) /
              pages,
      };
    }
    process.send!(warm);
  } finally {
    await readers.destroy();
    await agent.close();
    await client.end();
    execFileSync('psql', [
      `${pgServer}/postgres`,
      '-qc',
      `DROP DATABASE ${database}`,
    ]);
  }
}

/**
 * Pages claimed from the frontier up to IN_FLIGHT at once; read pages written by one
 * transaction while the next ones are fetched (a group commit). Answers the pages done.
 */
function crawl(
  client: pg.Client,
  readers: Piscina,
  agent: Agent,
): Promise<number> {
  let done = 0;
  let inFlight = 0;
  let ready: Read[] = [];
  // One statement at a time on the one connection: claims and batches queue here.
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };
  let writing = false;
  let claiming = false;
  return new Promise<number>((resolve, reject) => {
    const pump = async () => {
      if (claiming || inFlight >= IN_FLIGHT) return;
      claiming = true;
      const claimed = await serial(() =>
        client.query<{ hash: string; url: string }>(
          `UPDATE frontier SET state = 'running' WHERE url_hash IN (
             SELECT url_hash FROM frontier WHERE state = 'queued' ORDER BY place
             LIMIT ${IN_FLIGHT - inFlight} FOR UPDATE SKIP LOCKED)
           RETURNING url_hash::text AS hash, url`,
        ),
      );
      claiming = false;
      if (claimed.rows.length === 0) {
        if (inFlight === 0 && ready.length === 0 && !writing) resolve(done);
        return;
      }
      for (const page of claimed.rows) {
        inFlight++;
        void runPage(page).catch(reject);
      }
    };
    const flush = () => {
      if (!writing && ready.length > 0) {
        const batch = ready;
        ready = [];
        writing = true;
        serial(() => write(client, batch))
          .then(() => {
            done += batch.length;
            writing = false;
            flush();
          })
          .catch(reject);
      }
      void pump().catch(reject);
    };
    const runPage = async (page: { hash: string; url: string }) => {
      const answer = await fetchPage(agent, page.url);
      const html =
        answer.status === 200 &&
        (answer.headers['content-type'] ?? '').includes('html');
      const reading: Read['reading'] = html
        ? ((await readers.run({ url: page.url, answer })) as PageReading)
        : {
            record: {
              statusCode: answer.status,
              contentType: answer.headers['content-type'] ?? null,
            },
            links: [],
            discoveries: [],
          };
      ready.push({ hash: page.hash, reading });
      inFlight--;
      flush();
    };
    void pump().catch(reject);
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
