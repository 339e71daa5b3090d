import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { html, startFixtureSite } from '../support/fixture-server.js';
import {
  startHostileRobotsSite,
  startHostileSite,
} from '../support/hostile-site.js';
import { createApiKey, startService } from '../support/service-process.js';

/**
 * Fairness while a hostile site is audited (issue 28): another account's small report
 * and /health/live, first with the service idle, then while one account audits the
 * hostile site (a page of 100,000 links, 4 MB texts, NULs) and a robots.txt of 4,000
 * wildcard rules with links of 1,500-character paths. One API process on the embedded
 * default (no Redis: it crawls too), the case where a stalled event loop shows most.
 * Targets: each report within 5 s of the idle one, /health/live within 1 s. Prints
 * figures; run with `npm run bench:hostile`.
 */

const IDLE_REPORTS = 5;
const HEALTH_EVERY_MS = 200;
const REPORT_TARGET_MS = 5_000;
const HEALTH_TARGET_MS = 1_000;

function client(base: string, key: string) {
  return async <T>(path: string, body?: object): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    });
    if (res.status >= 300) {
      throw new Error(`${path}: ${res.status} ${await res.text()}`);
    }
    return (await res.json()) as T;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};
const ms = (n: number) => `${Math.round(n)} ms`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-hostile-'));
  const env = {
    DATA_DIR: dataDir,
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    ANALYSIS_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const hostileKey = createApiKey(env, 'bench-hostile');
  const otherKey = createApiKey(env, 'bench-other');
  const hostile = await startHostileSite(20_000);
  const robots = await startHostileRobotsSite();
  const small = await startFixtureSite({
    '/page': (_q, r) =>
      html(
        r,
        '<!doctype html><html lang="en"><head><title>A small page</title></head><body><h1>Small</h1><p>Some words.</p></body></html>',
      ),
  });
  const service = await startService('dist/main.js', {
    ...env,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    NODE_OPTIONS: '--max-semi-space-size=4',
  });
  const base = service.base!;
  const auditor = client(base, hostileKey);
  const other = client(base, otherKey);

  let n = 0;
  const report = async (): Promise<number> => {
    const started = performance.now();
    const created = await other<{ data: { id: number } }>('/api/v1/reports', {
      url: `${small.url('/page')}?n=${n++}`,
    });
    for (;;) {
      const { data } = await other<{ data: { status: string } }>(
        `/api/v1/reports/${created.data.id}`,
      );
      if (data.status === 'completed' || data.status === 'failed') break;
      await sleep(50);
    }
    return performance.now() - started;
  };
  const health: number[] = [];
  let watching = true;
  const healthWatch = (async () => {
    while (watching) {
      const started = performance.now();
      await fetch(`${base}/health/live`, {
        signal: AbortSignal.timeout(60_000),
      });
      health.push(performance.now() - started);
      await sleep(HEALTH_EVERY_MS);
    }
  })();

  try {
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const idle: number[] = [];
    for (let i = 0; i < IDLE_REPORTS; i++) idle.push(await report());
    const idleHealth = health.splice(0);
    const idleReport = percentile(idle, 0.5);
    console.log(
      `idle: report median ${ms(idleReport)} (max ${ms(Math.max(...idle))}), /health/live max ${ms(Math.max(...idleHealth))} over ${idleHealth.length}`,
    );

    const audits = await Promise.all(
      [hostile.site.url('/'), robots.url('/')].map(
        async (url) =>
          (
            await auditor<{ data: { id: number } }>('/api/v1/site-audits', {
              url,
              max_pages: 40,
            })
          ).data.id,
      ),
    );
    const started = performance.now();
    const busy: number[] = [];
    const running = async () => {
      for (const id of audits) {
        const { data } = await auditor<{
          data: { finished_at: string | null };
        }>(`/api/v1/site-audits/${id}`);
        if (data.finished_at === null) return true;
      }
      return false;
    };
    while (await running()) busy.push(await report());
    const auditsMs = performance.now() - started;
    watching = false;
    await healthWatch;
    const within = busy.filter((t) => t <= idleReport + REPORT_TARGET_MS);
    const healthWithin = health.filter((t) => t <= HEALTH_TARGET_MS);
    console.log(
      `hostile audits (100,000-link page, 4 MB texts; robots.txt of 4,000 wildcard rules): finished in ${ms(auditsMs)}`,
    );
    console.log(
      `  another account's reports meanwhile: ${busy.length}, median ${ms(percentile(busy, 0.5))}, max ${ms(Math.max(...busy))}; within idle + 5 s: ${within.length}/${busy.length}`,
    );
    console.log(
      `  /health/live meanwhile: ${health.length} asked, median ${ms(percentile(health, 0.5))}, p99 ${ms(percentile(health, 0.99))}, max ${ms(Math.max(...health))}; within 1 s: ${healthWithin.length}/${health.length}`,
    );
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    watching = false;
    await service.stop();
    await Promise.all([hostile.close(), robots.close(), small.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
