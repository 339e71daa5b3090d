import { checkedFetch } from './support/openapi-conformance.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startService } from './support/service-process.js';
import type { CliRun, ServiceProcess } from './support/service-process.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { waitUntil } from './support/wait.js';

/**
 * The quick start as a newcomer runs it: the built service with no DATABASE_URL,
 * on the embedded PostgreSQL under a data directory, restarted once.
 */
describe('the embedded default (no DATABASE_URL)', () => {
  let dataDir: string;
  let site: FixtureSite;

  beforeAll(async () => {
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

  /** The environment of the quick start: no DATABASE_URL, a data directory of its own. */
  const embeddedEnv = () => ({
    DATA_DIR: dataDir,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    DATABASE_URL: undefined,
  });

  const start = (): Promise<ServiceProcess> =>
    startService('dist/main.js', embeddedEnv());

  it('prints the docs URL and a key, serves the API, and keeps data across restarts', async () => {
    const first = await start();
    // The key comes after the addresses, alone on its line and set apart; Nest's start-up lines are debug.
    const output = await waitUntil(
      () => Promise.resolve(first.output()),
      (text) => /\brk_[A-Za-z0-9_-]{20,}\n/.test(text),
      10_000,
    );
    const lines = output.split('\n');
    const keyLine = lines.findIndex((line) => /^ {4}rk_/.test(line));
    const key = /^ {4}(rk_[A-Za-z0-9_-]{20,})$/.exec(lines[keyLine] ?? '')?.[1];
    expect(key).toBeDefined();
    expect(lines[keyLine - 1]).toBe('');
    expect(lines.findIndex((line) => line.includes('API on'))).toBeLessThan(
      keyLine,
    );
    expect(output).not.toMatch(/RouterExplorer|InstanceLoader/);
    const auth = { Authorization: `Bearer ${key}` };

    const created = await checkedFetch(`${first.base}/api/v1/reports`, {
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
    await first.stop();

    const second = await start();
    expect(second.output()).not.toMatch(/\brk_[A-Za-z0-9_-]{20,}/);
    const listed = await checkedFetch(`${second.base}/api/v1/reports`, {
      headers: auth,
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { data: Array<{ id: number }> };
    expect(body.data.map((r) => r.id)).toEqual([report.id]);
    await second.stop();
    console.log(
      `embedded start: first ${first.startedInMs.toFixed(0)} ms (initdb), second ${second.startedInMs.toFixed(0)} ms`,
    );
  }, 180_000);

  const cli = (...args: string[]): Promise<CliRun> =>
    runCli(args, embeddedEnv());

  it('issues, lists and revokes keys from the command line beside the running service', async () => {
    const running = await start();
    try {
      const created = await cli('keys:create', '--name', 'agency');
      expect(created.status).toBe(0);
      const key = created.stdout.trim().split('\n').at(-1)!;
      expect(key).toMatch(/^rk_[A-Za-z0-9_-]{40,}$/);
      const auth = { Authorization: `Bearer ${key}` };
      expect(
        (
          await checkedFetch(`${running.base}/api/v1/reports`, {
            headers: auth,
          })
        ).status,
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
      // The service believes a verified key for 5 s: revoked elsewhere, it is refused within that.
      const refused = await waitUntil(
        async () =>
          (
            await checkedFetch(`${running.base}/api/v1/reports`, {
              headers: auth,
            })
          ).status,
        (status) => status === 401,
        6_000,
      );
      expect(refused).toBe(401);
      expect((await cli('keys:revoke', id)).status).toBe(1);
    } finally {
      await running.stop();
    }
  }, 120_000);

  it('serves four command lines at once beside a busy server: no 5xx, each prints its key', async () => {
    const running = await start();
    const made = await cli('keys:create', '--name', 'load');
    const auth = {
      Authorization: `Bearer ${made.stdout.trim().split('\n').at(-1)}`,
    };
    const statuses: number[] = [];
    let busy = true;
    // The server busy with reads and writes the whole time the command lines run.
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, client) => {
        for (let i = 0; busy; i++) {
          const res =
            i % 3 === 0
              ? await fetch(`${running.base}/api/v1/reports`, {
                  method: 'POST',
                  headers: {
                    ...auth,
                    'Content-Type': 'application/x-www-form-urlencoded',
                    Prefer: 'respond-async',
                  },
                  body: new URLSearchParams({
                    url: site.url(`/?${client}-${i}`),
                  }),
                })
              : await fetch(`${running.base}/api/v1/reports?per_page=25`, {
                  headers: auth,
                });
          statuses.push(res.status);
          await res.arrayBuffer();
        }
      }),
    );
    try {
      const started = performance.now();
      const runs = await Promise.all(
        ['one', 'two', 'three', 'four'].map((name) =>
          cli('keys:create', '--name', `parallel-${name}`),
        ),
      );
      const tookMs = performance.now() - started;
      busy = false;
      await load;
      for (const run of runs) {
        expect({ status: run.status, stderr: run.stderr }).toEqual({
          status: 0,
          stderr: '',
        });
        expect(run.stdout.trim().split('\n').at(-1)).toMatch(
          /^rk_[A-Za-z0-9_-]{40,}$/,
        );
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.length).toBeGreaterThan(10);
      console.log(
        `four command lines beside a busy server: ${tookMs.toFixed(0)} ms, ${statuses.length} requests meanwhile`,
      );
    } finally {
      busy = false;
      await load.catch(() => undefined);
      await running.stop();
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
    expect(results.checks).toHaveLength(58);
    const failed = await cli('analyse', site.url('/data.json'));
    expect(failed.status).toBe(2);
    expect(failed.stderr).toContain('Analysis failed (not_html)');
    const refused = await runCli(['analyse', site.url('/')], {
      ...embeddedEnv(),
      ANALYZER_ALLOW_HOSTS: undefined,
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      'Analysis failed (blocked): The address 127.0.0.1 of 127.0.0.1 is not allowed (loopback). To allow it, add 127.0.0.1 to ANALYZER_ALLOW_HOSTS',
    );
    expect((await cli('analyse')).status).toBe(1);
  }, 60_000);
});
