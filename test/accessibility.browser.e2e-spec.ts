import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AddressPolicy } from '../src/analysis/index.js';
import type { Lookup } from '../src/analysis/index.js';
import { ChromiumBrowser } from '../src/rendering/chromium.js';
import { DEFAULT_BROWSER_SANDBOX, Renderer } from '../src/rendering/index.js';
import { ACCESSIBILITY_TAGS } from '../src/rendering/accessibility.js';
import {
  CLEAN_PAGE,
  FAULTY_PAGE,
  FAULTY_PAGE_RULES,
} from './support/accessibility-pages.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

const lookup: Lookup = () =>
  Promise.resolve([{ address: '127.0.0.1', family: 4 }]);

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core run directly in a plain Playwright page of the same Chromium, in the page's own world. */
async function axeDirectly(
  chromium: ChromiumBrowser,
  url: string,
): Promise<string[]> {
  const context = await chromium.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.addScriptTag({ content: AXE_SOURCE });
    const ids = await page.evaluate(async (tags) => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: Document,
              options: object,
            ): Promise<{ violations: { id: string }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((violation) => violation.id);
    }, ACCESSIBILITY_TAGS as string[]);
    return ids.sort();
  } finally {
    await context.close();
  }
}

/** axe-core's WCAG A and AA rules in the renderer's page, held to axe-core run directly on the same page. */
run('accessibility of rendered pages (axe-core)', () => {
  let site: FixtureSite;
  let renderer: Renderer;
  let chromium: ChromiumBrowser;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/faulty': (_req, res) => html(res, FAULTY_PAGE),
      '/clean': (_req, res) => html(res, CLEAN_PAGE),
    });
    renderer = new Renderer(
      { allowHosts: ['127.0.0.1'], executablePath: CHROMIUM },
      { lookup },
    );
    chromium = await ChromiumBrowser.launch({
      executablePath: CHROMIUM,
      policy: new AddressPolicy(['127.0.0.1']),
      lookup,
      connectTimeoutMs: 5_000,
      launchTimeoutMs: 30_000,
      sandbox: DEFAULT_BROWSER_SANDBOX,
    });
  });
  afterAll(async () => {
    await renderer?.close();
    await chromium?.close();
    await site?.close();
  });

  it('reports on a faulty page the rules axe-core reports run directly, and no others', async () => {
    const direct = await axeDirectly(chromium, site.url('/faulty'));
    expect(direct).toEqual(FAULTY_PAGE_RULES);

    const page = await renderer.render(site.url('/faulty'));
    expect(page.accessibility).toMatchObject({
      ran: true,
      engine: expect.stringMatching(/^axe-core 4\./),
      tags: ACCESSIBILITY_TAGS,
    });
    if (!page.accessibility.ran) throw new Error('axe did not run');
    const { violations } = page.accessibility;
    expect(violations.map((v) => v.id).sort()).toEqual(direct);
    const label = violations.find((v) => v.id === 'label');
    expect(label).toMatchObject({
      impact: 'critical',
      help: expect.stringMatching(/label/i),
      help_url: expect.stringMatching(
        /^https:\/\/dequeuniversity\.com\/rules\/axe\/4\.\d+\/label/,
      ),
      tags: expect.arrayContaining(['wcag2a']),
      node_count: 1,
      nodes: [
        {
          target: 'input',
          html: '<input type="text" name="email">',
          failure_summary: expect.stringMatching(/^Fix any of the following/),
        },
      ],
    });
  });

  it('reports none on a page without faults, as axe-core run directly', async () => {
    expect(await axeDirectly(chromium, site.url('/clean'))).toEqual([]);
    const page = await renderer.render(site.url('/clean'));
    expect(page.accessibility).toMatchObject({ ran: true, violations: [] });
  });

  it('leaves the DOM it serialised as it was, and runs no rule when not asked', async () => {
    const audited = await renderer.render(site.url('/faulty'));
    const plain = await renderer.render(site.url('/faulty'), {
      accessibility: false,
    });
    expect(plain.accessibility).toEqual({ ran: false, reason: 'not asked' });
    expect(audited.html).toBe(plain.html);
    expect(audited.html).not.toMatch(/axe/);
  });

  it('says why when axe-core does not finish within its bound, and still gives the page', async () => {
    const page = await renderer.render(site.url('/faulty'), {
      accessibilityTimeoutMs: 1,
    });
    expect(page.accessibility).toEqual({
      ran: false,
      reason: 'timed out after 1 ms',
    });
    expect(page.html).toContain('<h1>Sign up</h1>');
  });
});
