import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run bench:gate`: a site of 500 pages audited and gated by the built command
 * line, self-contained: `audit-site --assert seo:recommended` with the JUnit, SARIF
 * and Markdown files, the service in the command's process on a throwaway embedded
 * database, with DATABASE_URL and REDIS_URL pointing nowhere (no PostgreSQL, no
 * Redis, no running service). Wall time from the spawn to the exit, three runs; the
 * target is under 60 s. `npm run cli` is not used: its build is done beforehand.
 */

const PAGES = 500;
const RUNS = 3;
const TARGET_S = 60;

async function startSite(): Promise<{ origin: string; child: ChildProcess }> {
  const child = fork(new URL('./gate-site.js', import.meta.url), [
    String(PAGES),
  ]);
  const origin = await new Promise<string>((resolve) =>
    child.once('message', (m) => resolve((m as { origin: string }).origin)),
  );
  return { origin, child };
}

function gate(
  url: string,
  folder: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      'dist/cli/main.js',
      'audit-site',
      url,
      // The pages and the one that is gone, so that the broken links are judged.
      '--max-pages',
      String(PAGES + 1),
      '--assert',
      'seo:recommended',
      '--junit',
      join(folder, 'seo.junit.xml'),
      '--sarif',
      join(folder, 'seo.sarif'),
      '--markdown',
      join(folder, 'seo.md'),
    ],
    {
      env: {
        ...process.env,
        TMPDIR: folder,
        ANALYZER_ALLOW_HOSTS: '127.0.0.1',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        REDIS_URL: 'redis://127.0.0.1:1',
        REPORT_SERVICE_API: '',
        REPORT_SERVICE_KEY: '',
      },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

const site = await startSite();
const folder = await mkdtemp(join(tmpdir(), 'report-service-gate-bench-'));
try {
  console.log(
    `gate bench: ${PAGES}-page site at ${site.origin}, ${RUNS} runs of audit-site --assert seo:recommended (self-contained)`,
  );
  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const load = loadavg()[0].toFixed(1);
    const started = performance.now();
    const done = await gate(`${site.origin}/`, folder);
    const took = (performance.now() - started) / 1000;
    seconds.push(took);
    const sarif = JSON.parse(
      await readFile(join(folder, 'seo.sarif'), 'utf8'),
    ) as {
      runs: Array<{ results: unknown[]; properties: { pagesCrawled: number } }>;
    };
    const [verdict] = done.stdout.split('\n');
    console.log(
      `  run ${run}: ${took.toFixed(1)} s, exit ${done.status}, ${sarif.runs[0].properties.pagesCrawled} pages, ${sarif.runs[0].results.length} SARIF results (load average ${load} before)`,
    );
    console.log(`    ${verdict}`);
    if (done.status !== 0 && done.status !== 1) {
      throw new Error(`audit-site exited ${done.status}: ${done.stderr}`);
    }
  }
  const median = [...seconds].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  console.log(
    `  median ${median.toFixed(1)} s, slowest ${Math.max(...seconds).toFixed(1)} s (target under ${TARGET_S} s): ${Math.max(...seconds) < TARGET_S ? 'met' : 'NOT met'}`,
  );
} finally {
  site.child.send('stop');
  await rm(folder, { recursive: true, force: true });
}
