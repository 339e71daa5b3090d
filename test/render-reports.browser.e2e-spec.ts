import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import type { CheckResult } from '../src/analysis/index.js';
import {
  clientRenderedPage,
  contentJson,
  fetchRenderedPage,
  sampleContent,
} from './support/client-rendered-site.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

const CONTENT = sampleContent('Pricing', [
  ['/features', 'Features'],
  ['/docs', 'Documentation'],
  ['/contact', 'Contact'],
  ['/about', 'About us'],
]);

function check(checks: CheckResult[], id: string): CheckResult {
  const found = checks.find((result) => result.id === id);
  if (!found) throw new Error(`The report has no check ${id}.`);
  return found;
}

/** A report of a client-rendered page (an empty `<div id="app">` a script fills), with and without render: true. */
run('reports with render: true', () => {
  let site: FixtureSite;
  let t: TestApp;
  let key: string;
  // A listener on a refused address: a request of the page that left the browser would reach it.
  let sentinel: Server;
  let sentinelConnections = 0;

  beforeAll(async () => {
    sentinel = createServer((socket) => {
      sentinelConnections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) =>
      sentinel.listen(0, '127.0.0.2', resolve),
    );
    const refusedUrl = `http://127.0.0.2:${(sentinel.address() as AddressInfo).port}/beacon`;
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(res, clientRenderedPage(CONTENT), { 'x-served-by': 'fixture' }),
      '/tracked': (_req, res) =>
        html(
          res,
          `<!doctype html><html lang="en"><head><title>A page that calls home</title></head><body><p>Text.</p><script>fetch(${JSON.stringify(refusedUrl)}).catch(() => {});</script></body></html>`,
        ),
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nDisallow: /data/\n');
      },
      '/needs-data': (_req, res) =>
        html(res, fetchRenderedPage('/data/content.json')),
      '/data/content.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(contentJson(CONTENT));
      },
    });
    t = await startTestApp({ CHROMIUM_PATH: CHROMIUM });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await new Promise((resolve) => sentinel?.close(resolve));
  });

  it('judges the rendered DOM, keeps the raw answer, and says what JavaScript changed', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/'), render: true })
      .expect(201);
    const report = res.body.data;
    expect(report).toMatchObject({
      status: 'completed',
      render: true,
      error: null,
    });
    const { checks, page } = report.results;
    expect(check(checks, 'title')).toMatchObject({
      passed: true,
      value: CONTENT.title,
    });
    expect(check(checks, 'meta_description').passed).toBe(true);
    expect(check(checks, 'h1')).toMatchObject({
      passed: true,
      value: [CONTENT.h1],
    });
    // The raw answer: its status and headers.
    expect(page.status_code).toBe(200);
    expect(page.words).toBeGreaterThan(300);
    expect(check(checks, 'rendered_title')).toMatchObject({
      passed: false,
      message: `JavaScript changes the title from "Loading…" to "${CONTENT.title}".`,
    });
    expect(check(checks, 'rendered_description').passed).toBe(false);
    expect(check(checks, 'rendered_h1').passed).toBe(false);
    expect(check(checks, 'rendered_content').passed).toBe(false);
    expect(check(checks, 'rendered_links')).toMatchObject({
      passed: false,
      value: ['/features', '/docs', '/contact', '/about'].map((path) =>
        site.url(path),
      ),
    });
    expect(check(checks, 'rendered_noindex').passed).toBe(true);
    expect(check(checks, 'script_errors').passed).toBe(true);
  });

  it('sends no request of the page to a refused address, and says what was refused', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/tracked'), render: true })
      .expect(201);
    const refused = check(res.body.data.results.checks, 'refused_requests');
    expect(refused.passed).toBe(false);
    expect(refused.value).toEqual([
      expect.objectContaining({
        url: expect.stringContaining('127.0.0.2'),
        reason: expect.stringMatching(/not allowed/),
      }),
    ]);
    expect(sentinelConnections).toBe(0);
  });

  it('names the resources robots.txt keeps crawlers from that the page needs', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/needs-data'), render: true })
      .expect(201);
    const { checks } = res.body.data.results;
    expect(check(checks, 'rendered_blocked_resources')).toMatchObject({
      passed: false,
      value: [
        {
          url: site.url('/data/content.json'),
          type: 'fetch',
          rule: 'Disallow: /data/',
        },
      ],
    });
    expect(check(checks, 'rendered_content').passed).toBe(false);
  });

  it('without render, judges the shell the server sent, as before', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/') })
      .expect(201);
    const report = res.body.data;
    expect(report.render).toBe(false);
    const { checks } = report.results;
    expect(check(checks, 'title')).toMatchObject({
      passed: false,
      value: 'Loading…',
    });
    expect(check(checks, 'h1').passed).toBe(false);
    expect(
      checks.filter((result: CheckResult) => result.id.startsWith('rendered_')),
    ).toEqual([]);
  });
});
