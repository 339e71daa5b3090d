import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../src/rendering/index.js';
import type { FixtureSite } from './support/fixture-server.js';
import {
  seedHostileUrl,
  sharePath,
  startDocsTreeSite,
  startHostileAuditSite,
} from './support/shared-audits.js';
import { runAudit } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

/** The first screen of a phone and of a laptop. */
const FIRST_SCREENS = [
  { name: 'phone', width: 375, height: 667 },
  { name: 'laptop', width: 1280, height: 800 },
];

/** Advice as a reader sees it: what the catalogue writes in backticks is set as code. */
const asRead = (advice: string) => advice.replace(/`/g, '');

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

run('shared site audit pages in headless Chromium', () => {
  let t: TestApp;
  let site: FixtureSite;
  let browser: Browser;
  let origin: string;
  let key: string;
  /** The public audit of the hostile site: its shared path, and its page whose URL carries markup. */
  let shared: string;
  let hostilePage: number;

  /** A public audit of `url`, run to its end, and the path of its share page. */
  async function publicAudit(
    url: string,
  ): Promise<{ id: number; path: string }> {
    const audit = await runAudit(t.as(key), { url, privacy: 0 });
    const res = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}`)
      .expect(200);
    return { id: audit.id, path: sharePath(res.body.data.share_url) };
  }

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    site = await startHostileAuditSite();
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    key = (await t.newAccount()).key;
    const audit = await publicAudit(site.url('/'));
    shared = audit.path;
    hostilePage = await seedHostileUrl(t.dataSource, audit.id, '/a');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await site?.close();
  });

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

  /** Nothing wider than the screen, text at least 12 px, no script, and the stylesheet applied. */
  async function expectReadable(page: Page, width: number, items: string) {
    const layout = await page.evaluate((selector) => {
      const found = [...document.querySelectorAll(selector)];
      return {
        scrollWidth: document.documentElement.scrollWidth,
        items: found.length,
        smallestFont: Math.min(
          ...found.map((el) => parseFloat(getComputedStyle(el).fontSize)),
        ),
        widest: Math.max(
          ...found.map((el) => el.getBoundingClientRect().right),
        ),
        scripts: document.scripts.length,
        images: document.images.length,
        styled:
          getComputedStyle(document.body).fontFamily !== 'Times New Roman',
      };
    }, items);
    expect(layout.items).toBeGreaterThan(0);
    expect(layout.scrollWidth).toBeLessThanOrEqual(width);
    expect(layout.widest).toBeLessThanOrEqual(width);
    expect(layout.smallestFont).toBeGreaterThanOrEqual(12);
    expect(layout.scripts).toBe(0);
    expect(layout.images).toBe(0);
    expect(layout.styled).toBe(true);
  }

  it.each(WIDTHS)(
    'renders the summary, its charts and issues at $name width',
    async ({ name, width, height }) => {
      const { page, problems, close } = await open(width, height);
      await page.goto(`${origin}${shared}`);
      expect(await page.locator('svg.gauge').isVisible()).toBe(true);
      const charts = page.locator('svg.bar-chart');
      expect(await charts.count()).toBe(2);
      for (const chart of await charts.all()) {
        const box = (await chart.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.height).toBeGreaterThan(20);
        expect(await chart.getAttribute('role')).toBe('img');
      }
      await expectReadable(page, width, 'ul.issues > li, ul.affected a');
      await page.screenshot({
        path: join(ARTIFACTS, `site-audit-${name}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
      await close();
    },
  );

  it.each(WIDTHS)(
    "follows a page's link to its checks at $name width",
    async ({ name, width, height }) => {
      const { page, problems, close } = await open(width, height);
      await page.goto(`${origin}${shared}`);
      await Promise.all([
        page.waitForURL(`${origin}${shared}/pages/${hostilePage}`),
        page.click(`a[href="${shared}/pages/${hostilePage}"] >> nth=0`),
      ]);
      // The URL that carries markup shows as text.
      expect(await page.locator('h1').innerText()).toContain(
        `onerror=alert('url')`,
      );
      await expectReadable(page, width, 'ul.checks > li, dl.facts dd');
      await page.screenshot({
        path: join(ARTIFACTS, `site-audit-page-${name}.png`),
        fullPage: true,
      });
      await page.goto(`${origin}${shared}/issues/duplicate_title`);
      await expectReadable(page, width, 'ul.issues > li');
      expect(problems).toEqual([]);
      await close();
    },
  );

  it('shows the password form, then the audit once the password is given', async () => {
    const audit = await runAudit(t.as(key), {
      url: site.url('/'),
      privacy: 2,
      password: 'hunter2 hunter2',
      sitemaps: false,
    });
    const res = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}`)
      .expect(200);
    const locked = sharePath(res.body.data.share_url);
    const { page, problems, close } = await open(375, 812);
    await page.goto(`${origin}${locked}`);
    expect(await page.locator('input[type=password]').isVisible()).toBe(true);
    await page.fill('input[type=password]', 'wrong one');
    await page.click('button[type=submit]');
    expect(await page.locator('.error').isVisible()).toBe(true);
    await page.fill('input[type=password]', 'hunter2 hunter2');
    await Promise.all([
      page.waitForURL(`${origin}${locked}`),
      page.click('button[type=submit]'),
    ]);
    expect(await page.locator('svg.gauge').isVisible()).toBe(true);
    await expectReadable(page, 375, 'ul.issues > li');
    // The wrong attempt answered 401, which Chromium logs as a console error.
    expect(problems.filter((p) => !/401/.test(p))).toEqual([]);
    await close();
  });

  describe('an audit whose host facts outnumber its problems, as real documentation trees', () => {
    let docs: FixtureSite;
    let path: string;
    let findings: Array<{
      id: string;
      scope: string;
      title: string;
      advice: string;
    }>;

    beforeAll(async () => {
      docs = await startDocsTreeSite();
      const audit = await publicAudit(docs.url('/'));
      path = audit.path;
      findings = (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${audit.id}/issues`)
          .expect(200)
      ).body.data;
    }, 120_000);
    afterAll(async () => {
      await docs?.close();
    });

    it('has a dozen host facts and several problems on its pages', () => {
      const host = findings.filter((f) => f.scope === 'host');
      expect(host.length).toBeGreaterThanOrEqual(10);
      expect(
        findings.filter((f) => f.scope !== 'host').length,
      ).toBeGreaterThanOrEqual(4);
    });

    it.each(FIRST_SCREENS)(
      'opens with the host facts and the top priority with its advice at $name size ($width × $height)',
      async ({ name, width, height }) => {
        const { page, problems, close } = await open(width, height);
        await page.goto(`${origin}${path}`);
        const top = findings.find((f) => f.scope !== 'host')!;
        const screen = await page.evaluate(
          ({ id }) => {
            const box = (el: Element | null) => {
              if (!el) return null;
              const { top, bottom } = el.getBoundingClientRect();
              return { top, bottom, text: (el as HTMLElement).innerText };
            };
            const first = document.querySelector(
              '#issues + .card ul.issues > li',
            );
            return {
              innerHeight,
              hostHeading: box(document.querySelector('h2#host')),
              firstTitle: box(first?.querySelector('.check-title') ?? null),
              firstCode: first?.querySelector('code')?.textContent ?? null,
              firstAdvice: box(first?.querySelector('.advice') ?? null),
              hostItems: document.querySelectorAll('ul.host > li').length,
              id,
            };
          },
          { id: top.id },
        );
        await page.screenshot({
          path: join(ARTIFACTS, `site-audit-first-screen-${name}.png`),
        });
        expect(screen.firstCode).toBe(top.id);
        expect(screen.firstTitle?.text).toBe(top.title);
        expect(screen.firstAdvice?.text).toContain(asRead(top.advice));
        expect(screen.hostItems).toBe(
          findings.filter((f) => f.scope === 'host').length,
        );
        // Within the first screen: the host's heading whole, the top priority's title and the first line of its advice.
        expect(screen.hostHeading!.bottom).toBeLessThanOrEqual(height);
        expect(screen.firstTitle!.bottom).toBeLessThanOrEqual(height);
        expect(screen.firstAdvice!.top + 20).toBeLessThanOrEqual(height);
        await expectReadable(page, width, 'ul.issues > li, ul.host > li');
        // A host fact's whole advice and its pages are a tap away.
        const fact = findings.find((f) => f.scope === 'host')!;
        const advice = page.locator('ul.host > li >> nth=0 >> .advice');
        expect(await advice.isVisible()).toBe(false);
        await page.click('ul.host > li >> nth=0 >> summary');
        expect(await advice.isVisible()).toBe(true);
        expect(await advice.innerText()).toContain(asRead(fact.advice));
        await expectReadable(page, width, 'ul.host > li');
        await page.screenshot({
          path: join(ARTIFACTS, `site-audit-host-fact-${name}.png`),
        });
        expect(problems).toEqual([]);
        await close();
      },
    );
  });

  it('answers a private or rotated-away audit with a 404 page', async () => {
    const { page, problems, close } = await open(1280, 900);
    const res = await page.goto(`${origin}/s/${'A'.repeat(32)}`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Site audit not found');
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await close();
  });
});
