import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../src/rendering/index.js';
import { XSS_PAGE } from './support/hostile-page.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

run('shared report page in headless Chromium', () => {
  let t: TestApp;
  let site: FixtureSite;
  let browser: Browser;
  let origin: string;
  let key: string;

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    // Its link to another origin names a loopback address the address policy refuses.
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pricing plans for small teams</title></head><body><h1>Pricing</h1><h3>Skipped level</h3><img src="/a.png"><p>${'Plans and prices for teams. '.repeat(40)}</p><a href="https://127.0.0.2/" target="_blank">read more</a></body></html>`,
        ),
      '/xss': (_req, res) => html(res, XSS_PAGE),
    });
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    key = (await t.newAccount()).key;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.close();
  });

  /** Creates a report and answers the path of its shared page, /r/{token}. */
  async function createReport(body: object, path = '/'): Promise<string> {
    const id = await t.as(key).createReport({ url: site.url(path), ...body });
    const res = await t.as(key).get(`/api/v1/reports/${id}`).expect(200);
    return new URL(res.body.data.share_url as string).pathname;
  }

  /** A page that records what would betray a broken page: CSP refusals, dialogs, errors. */
  async function open(width: number, height: number) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(origin))
        problems.push(`external request: ${r.url()}`);
    });
    return { page, problems, close: () => context.close() };
  }

  async function expectReadable(page: Page, width: number) {
    const layout = await page.evaluate(() => {
      const items = [...document.querySelectorAll('ul.checks > li')];
      return {
        scrollWidth: document.documentElement.scrollWidth,
        items: items.length,
        smallestFont: Math.min(
          ...items.map((li) => parseFloat(getComputedStyle(li).fontSize)),
        ),
        narrowest: Math.min(
          ...items.map((li) => li.getBoundingClientRect().width),
        ),
        styled:
          getComputedStyle(document.body).fontFamily !== 'Times New Roman',
      };
    });
    expect(layout.items).toBe(58);
    expect(layout.scrollWidth).toBeLessThanOrEqual(width);
    expect(layout.smallestFont).toBeGreaterThanOrEqual(12);
    expect(layout.narrowest).toBeGreaterThan(width * 0.6);
    expect(layout.styled).toBe(true);
  }

  it.each(WIDTHS)(
    'renders a public report at $name width',
    async ({ name, width, height }) => {
      const shared = await createReport({ privacy: 0 });
      const { page, problems, close } = await open(width, height);
      await page.goto(`${origin}${shared}`);
      expect(await page.locator('svg.gauge').isVisible()).toBe(true);
      await expectReadable(page, width);
      await page.screenshot({
        path: join(ARTIFACTS, `report-${name}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
      await close();
    },
  );

  it.each(WIDTHS)(
    'draws the score history within the page at $name width',
    async ({ name, width, height }) => {
      const id = await t
        .as(key)
        .createReport({ url: site.url('/'), privacy: 0 });
      await t
        .as(key)
        .put(`/api/v1/reports/${id}`)
        .send({ results: 1 })
        .expect(200);
      const res = await t.as(key).get(`/api/v1/reports/${id}`).expect(200);
      const shared = new URL(res.body.data.share_url as string).pathname;
      const { page, problems, close } = await open(width, height);
      await page.goto(`${origin}${shared}`);
      const chart = page.locator('svg.score-chart');
      expect(await chart.isVisible()).toBe(true);
      const box = (await chart.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThan(40);
      expect(await chart.locator('circle').count()).toBe(2);
      expect(await chart.getAttribute('role')).toBe('img');
      await expectReadable(page, width);
      await chart.screenshot({
        path: join(ARTIFACTS, `score-history-${name}.png`),
      });
      expect(problems).toEqual([]);
      await close();
    },
  );

  it('shows the password form, then the report once the password is given', async () => {
    const shared = await createReport({
      privacy: 2,
      password: 'hunter2 hunter2',
    });
    const { page, problems, close } = await open(375, 812);
    await page.goto(`${origin}${shared}`);
    expect(await page.locator('input[type=password]').isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'password-form-phone.png') });
    await page.fill('input[type=password]', 'wrong one');
    await page.click('button[type=submit]');
    expect(await page.locator('.error').isVisible()).toBe(true);
    await page.fill('input[type=password]', 'hunter2 hunter2');
    await Promise.all([
      page.waitForURL(`${origin}${shared}`),
      page.click('button[type=submit]'),
    ]);
    expect(await page.locator('svg.gauge').isVisible()).toBe(true);
    await expectReadable(page, 375);
    // The wrong attempt answered 401, which Chromium logs as a console error.
    expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
    await close();
  });

  it('keeps a hostile analysed page inert', async () => {
    const shared = await createReport({ privacy: 0 }, '/xss');
    const { page, problems, close } = await open(1280, 900);
    await page.goto(`${origin}${shared}`);
    await page.hover('ul.checks');
    await page.screenshot({
      path: join(ARTIFACTS, 'hostile-desktop.png'),
      fullPage: true,
    });
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});
