import { checkedFetch } from './support/openapi-conformance.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runCli, startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { TEST_REDIS_URL, useTestRedis } from './support/redis.js';

const REQUESTS = 6;

/**
 * The done-when of the issue: two API processes, as deployed (the built service,
 * each its own Node process), on one database and one Redis, spend one budget per
 * API key, and one count of wrong passwords per shared report.
 */
describe('two API processes share one rate limit', () => {
  const { prefix } = useTestRedis();
  let site: FixtureSite;
  let dataDir: string | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let env: Record<string, string>;
  const running: ServiceProcess[] = [];
  let a: ServiceProcess;
  let b: ServiceProcess;

  async function start(): Promise<ServiceProcess> {
    const started = await startService('dist/main.js', env);
    running.push(started);
    return started;
  }

  /** A new key, from the built command line. */
  async function newKey(name: string): Promise<string> {
    const run = await runCli(['keys:create', '--name', name], env);
    if (run.status !== 0) throw new Error(`keys:create failed:\n${run.stderr}`);
    return run.stdout.trim().split('\n').at(-1)!;
  }

  beforeAll(async () => {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      // No PostgreSQL given: one embedded server that both processes connect to.
      dataDir = await mkdtemp(join(tmpdir(), 'report-service-limits-'));
      embedded = await EmbeddedPostgres.start(dataDir);
      databaseUrl = embedded.url;
    }
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(res, '<!doctype html><html lang="en"><title>Two</title></html>'),
    });
    env = {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '2',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: String(REQUESTS),
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      HOST: '127.0.0.1',
    };
    // One after the other: the first one migrates the database.
    a = await start();
    b = await start();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(running.map((service) => service.stop()));
    await site?.close();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const list = (on: ServiceProcess, key: string) =>
    checkedFetch(`${on.base}/api/v1/reports`, {
      headers: { Authorization: `Bearer ${key}` },
    });

  it('spends one budget per key, whichever process answers', async () => {
    const key = await newKey('two processes');
    const remaining: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const res = await list(i % 2 === 0 ? a : b, key);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
    for (const on of [a, b]) {
      const refused = await list(on, key);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another key has its own budget on both.
    const other = await newKey('two processes, other');
    expect((await list(a, other)).status).toBe(200);
    expect((await list(b, other)).status).toBe(200);
  });

  it('counts wrong passwords of a shared report once for both', async () => {
    const key = await newKey('two processes, sharing');
    const created = await checkedFetch(`${a.base}/api/v1/reports`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Prefer: 'respond-async',
      },
      body: JSON.stringify({
        url: site.url('/'),
        privacy: 2,
        password: 'letmein',
      }),
    });
    expect(created.status).toBe(202);
    const { share_url } = (
      (await created.json()) as { data: { share_url: string } }
    ).data;
    const token = share_url.split('/r/')[1];
    const guess = (on: ServiceProcess, password: string) =>
      checkedFetch(`${on.base}/api/v1/shared/reports/${token}`, {
        headers: { 'X-Report-Password': password },
      }).then((res) => res.status);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(await guess(i % 2 ? b : a, `no ${i}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await guess(a, 'letmein')).toBe(429);
    expect(await guess(b, 'letmein')).toBe(429);
  });
});
