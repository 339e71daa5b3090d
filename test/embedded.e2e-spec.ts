import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';

/**
 * The quick start as a newcomer runs it: the built service with no DATABASE_URL,
 * on the embedded PostgreSQL under a data directory, restarted once.
 */
describe('the embedded default (no DATABASE_URL)', () => {
  let dataDir: string;
  let site: FixtureSite;

  beforeAll(async () => {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {
      encoding: 'utf8',
    });
    if (build.status !== 0)
      throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
    dataDir = await mkdtemp(join(tmpdir(), 'report-service-embedded-'));
    site = await startFixtureSite({
      '/data.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      },
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>Embedded smoke page</title><h1>Hi</h1></html>',
        ),
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  interface Running {
    child: ChildProcessWithoutNullStreams;
    base: string;
    output: () => string;
    startedInMs: number;
  }

  async function start(): Promise<Running> {
    const started = performance.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['dist/main.js'], { env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start in time:\n${output}`)),
        60_000,
      );
      const poll = setInterval(() => {
        const docs = /docs on (http:\/\/localhost:\d+)\/docs/.exec(output);
        if (docs) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(docs[1]);
        }
      }, 50);
      child.once('exit', (code) => {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${output}`));
      });
    });
    return {
      child,
      base,
      output: () => output,
      startedInMs: performance.now() - started,
    };
  }

  async function stop(running: Running): Promise<void> {
    const exited = new Promise((resolve) =>
      running.child.once('exit', resolve),
    );
    running.child.kill('SIGTERM');
    await exited;
  }

  it('prints the docs URL and a key, serves the API, and keeps data across restarts', async () => {
    const first = await start();
    const key = /\b(rk_[A-Za-z0-9_-]{20,})/.exec(first.output())?.[1];
    expect(key).toBeDefined();
    const auth = { Authorization: `Bearer ${key}` };

    const created = await fetch(`${first.base}/api/v1/reports`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: site.url('/'), privacy: '0' }),
    });
    expect(created.status).toBe(201);
    const report = (
      (await created.json()) as { data: { id: number; status: string } }
    ).data;
    expect(report.status).toBe('completed');
    expect((await fetch(`${first.base}/docs/openapi.json`)).status).toBe(200);
    await stop(first);

    const second = await start();
    expect(second.output()).not.toMatch(/\brk_[A-Za-z0-9_-]{20,}/);
    const listed = await fetch(`${second.base}/api/v1/reports`, {
      headers: auth,
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { data: Array<{ id: number }> };
    expect(body.data.map((r) => r.id)).toEqual([report.id]);
    await stop(second);
    console.log(
      `embedded start: first ${first.startedInMs.toFixed(0)} ms (initdb), second ${second.startedInMs.toFixed(0)} ms`,
    );
  }, 180_000);

  /** Runs the built command line without blocking: the fixture site answers from this process. */
  function cli(
    ...args: string[]
  ): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['dist/cli.js', ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) =>
      child.once('close', (status) => resolve({ status, stdout, stderr })),
    );
  }

  it('issues, lists and revokes keys from the command line beside the running service', async () => {
    const running = await start();
    try {
      const created = await cli('keys:create', '--name', 'agency');
      expect(created.status).toBe(0);
      const key = created.stdout.trim().split('\n').at(-1)!;
      expect(key).toMatch(/^rk_[A-Za-z0-9_-]{40,}$/);
      const auth = { Authorization: `Bearer ${key}` };
      expect(
        (await fetch(`${running.base}/api/v1/reports`, { headers: auth }))
          .status,
      ).toBe(200);

      const listed = await cli('keys:list');
      expect(listed.status).toBe(0);
      const line = listed.stdout
        .split('\n')
        .find((l) => l.endsWith('\tagency'))!;
      expect(line).toContain(key.slice(0, 8));
      expect(listed.stdout).not.toContain(key);

      const id = line.split('\t')[0];
      expect((await cli('keys:revoke', id)).status).toBe(0);
      expect(
        (await fetch(`${running.base}/api/v1/reports`, { headers: auth }))
          .status,
      ).toBe(401);
      expect((await cli('keys:revoke', id)).status).toBe(1);
    } finally {
      await stop(running);
    }
  }, 120_000);

  it('analyses a page from the command line, for a person and as JSON', async () => {
    const person = await cli('analyse', site.url('/'));
    expect(person.status).toBe(0);
    expect(person.stdout).toMatch(/Score \d+/);
    expect(person.stdout).toContain('Search engines');
    const json = await cli('analyse', site.url('/'), '--json');
    expect(json.status).toBe(0);
    const results = JSON.parse(json.stdout) as {
      checks: unknown[];
      score: number;
    };
    expect(results.checks).toHaveLength(46);
    const failed = await cli('analyse', site.url('/data.json'));
    expect(failed.status).toBe(2);
    expect(failed.stderr).toContain('Analysis failed (not_html)');
    expect((await cli('analyse')).status).toBe(1);
  }, 60_000);
});
