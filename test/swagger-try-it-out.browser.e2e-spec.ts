import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { waitUntil } from './support/wait.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

interface Answer {
  status: number;
  body: string;
}

/**
 * Swagger UI's "Try it out" as a newcomer uses it, in headless Chromium against the
 * service as `npm start` runs it (dist/main.js, the embedded database, the key it
 * printed): every operation with the values the form is filled with, only the
 * required fields typed in. The page's url examples name public sites, so the
 * required url is typed in as the fixture site's, and the browser may reach no
 * origin but the service's.
 */
run('Swagger UI: "Try it out" with the filled-in values', () => {
  let dataDir: string;
  let site: FixtureSite;
  let service: ServiceProcess;
  let browser: Browser;
  let page: Page;
  const elsewhere: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'report-service-swagger-'));
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>Try it out</title><h1>Hi</h1></html>',
        ),
    });
    service = await startService('dist/main.js', {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    });
    const output = await waitUntil(
      () => Promise.resolve(service.output()),
      (text) => /\brk_[A-Za-z0-9_-]{20,}\n/.test(text),
      10_000,
    );
    const key = /^ {4}(rk_[A-Za-z0-9_-]{20,})$/m.exec(output)![1];
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage();
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(`${service.base}/`))
        return route.continue();
      elsewhere.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${service.base}/docs`);
    await page.waitForSelector('.opblock');
    await page.click('.auth-wrapper .authorize');
    await page.fill('.modal-ux input', key);
    await page.click('.modal-ux .auth-btn-wrapper .authorize');
    await page.click('.modal-ux .btn-done');
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Opens an operation, presses "Try it out", types `fill` (css selector → value, inside
   * the operation) over what the form holds, presses Execute and reads the answer.
   */
  async function tryItOut(
    operationId: string,
    fill: Record<string, string> = {},
  ): Promise<Answer> {
    const operation = page.locator(`.opblock[id$="-${operationId}"]`);
    await operation.locator('.opblock-summary').click();
    await operation.locator('.try-out__btn').click();
    for (const [selector, value] of Object.entries(fill))
      await operation.locator(selector).fill(value);
    await operation.locator('.execute').click();
    const status = operation.locator(
      '.live-responses-table .response .response-col_status',
    );
    await status.waitFor({ timeout: 30_000 });
    const body = operation.locator(
      '.live-responses-table .response .response-col_description pre',
    );
    return {
      status: Number(await status.innerText()),
      body: (await body.count()) > 0 ? await body.first().innerText() : '',
    };
  }

  const data = (answer: Answer) =>
    (JSON.parse(answer.body) as { data: Record<string, unknown> }).data;

  it('answers list 200, create 201, get 200, update 200, unlock 200, delete 204, and a batch 202', async () => {
    const list = await tryItOut('listReports');
    expect(list.status).toBe(200);

    const created = await tryItOut('createReport', {
      'tr[data-property-name="url"] input': site.url('/'),
    });
    expect(created.status).toBe(201);
    // The form's example: a password-protected report, analysed.
    expect(data(created)).toMatchObject({ privacy: 2, status: 'completed' });
    const id = String(data(created).id);

    const got = await tryItOut('getReport', { 'input[placeholder="id"]': id });
    expect(got.status).toBe(200);
    expect(data(got).id).toBe(Number(id));

    const updated = await tryItOut('updateReport', {
      'input[placeholder="id"]': id,
    });
    expect(updated.status).toBe(200);
    expect(data(updated)).toMatchObject({ privacy: 2, schedule: null });

    // The unlock form's example is the create's password: the shared page opens.
    const token = new URL(String(data(created).share_url)).pathname.slice(3);
    const unlocked = await tryItOut('unlockSharedReportPage', {
      'input[placeholder="token"]': token,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toContain('Try it out');

    const deleted = await tryItOut('deleteReport', {
      'input[placeholder="id"]': id,
    });
    expect(deleted.status).toBe(204);

    // The batch's body is JSON: its required url is typed into it.
    const batch = page.locator('.opblock[id$="-createReportsBatch"]');
    await batch.locator('.opblock-summary').click();
    await batch.locator('.try-out__btn').click();
    const body = batch.locator('textarea.body-param__text');
    const example = await body.inputValue();
    expect(example).toContain('https://example.com/pricing');
    await body.fill(
      example.replace('https://example.com/pricing', site.url('/')),
    );
    await batch.locator('.execute').click();
    const status = batch.locator(
      '.live-responses-table .response .response-col_status',
    );
    await status.waitFor({ timeout: 30_000 });
    expect(Number(await status.innerText())).toBe(202);

    expect(elsewhere).toEqual([]);
  }, 120_000);
});
