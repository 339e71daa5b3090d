import { checkedFetch } from './support/openapi-conformance.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { waitUntil } from './support/wait.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { status: number };
}

/**
 * The service's own log, as an operator reads it: JSON lines, a request id taken from
 * or given as X-Request-Id, and no key, password, cookie or share token in any line.
 */
describe('request logs', () => {
  let dataDir: string;
  let site: FixtureSite;
  let service: ServiceProcess;
  let key: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'report-service-logs-'));
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>Logged</title></html>',
        ),
    });
    service = await startService('dist/main.js', {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'log',
    });
    const output = await waitUntil(
      () => Promise.resolve(service.output()),
      (text) => /\brk_[A-Za-z0-9_-]{20,}\n/.test(text),
      10_000,
    );
    key = /\b(rk_[A-Za-z0-9_-]{20,})\n/.exec(output)![1];
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const logLines = (): LogLine[] =>
    service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  const requestLines = (id: string) =>
    waitUntil(
      () => Promise.resolve(logLines().filter((line) => line.req?.id === id)),
      (lines) => lines.length > 0,
      5_000,
      50,
    );

  it('takes a plain X-Request-Id from the client, answers it and logs it', async () => {
    const res = await checkedFetch(`${service.base}/api/v1/reports`, {
      headers: {
        Authorization: `Bearer ${key}`,
        'X-Request-Id': 'client-trace.42',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('client-trace.42');
    const [line] = await requestLines('client-trace.42');
    expect(line).toMatchObject({
      req: { method: 'GET', url: '/api/v1/reports' },
      res: { status: 200 },
    });
  });

  it('gives a request without one, or with one that could forge a line, an id of its own', async () => {
    for (const given of [undefined, 'x'.repeat(129), 'a b', '"}{"level":60']) {
      const res = await checkedFetch(`${service.base}/health/live`, {
        headers: given === undefined ? {} : { 'X-Request-Id': given },
      });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await requestLines(id)).toHaveLength(1);
    }
  });

  it('writes no key, password, cookie or share token, whatever the requests carried', async () => {
    const password = 'correct-horse-battery-logged';
    const created = await checkedFetch(`${service.base}/api/v1/reports`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ url: site.url('/'), privacy: 2, password }),
    });
    expect(created.status).toBe(201);
    const shareUrl = ((await created.json()) as { data: { share_url: string } })
      .data.share_url;
    const token = new URL(shareUrl).pathname.split('/').at(-1)!;
    const unlocked = await checkedFetch(`${service.base}/r/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }),
      redirect: 'manual',
    });
    expect(unlocked.status).toBe(303);
    const cookie = unlocked.headers.get('set-cookie')!.split(';')[0];
    const page = await checkedFetch(`${service.base}/r/${token}`, {
      headers: { Cookie: cookie, 'X-Request-Id': 'with-cookie' },
    });
    expect(page.status).toBe(200);
    const json = await checkedFetch(
      `${service.base}/api/v1/shared/reports/${token}`,
      {
        headers: {
          'X-Report-Password': password,
          'X-Request-Id': 'with-password',
        },
      },
    );
    expect(json.status).toBe(200);

    expect(await requestLines('with-cookie')).toMatchObject([
      { req: { url: '/r/[token]' }, res: { status: 200 } },
    ]);
    await requestLines('with-password');
    // The first start shows its key once, on a line of its own; the log lines never do.
    const log = JSON.stringify(logLines());
    expect(logLines().length).toBeGreaterThan(5);
    for (const secret of [key, password, cookie.split('=')[1], token]) {
      expect(log).not.toContain(secret);
    }
  });
});
