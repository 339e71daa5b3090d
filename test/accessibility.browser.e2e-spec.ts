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
import {
  affectedBy,
  publicSharePage,
  runAudit,
} from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

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

const SIGNUPS = ['alpha', 'bravo', 'charlie', 'delta'].map(
  (name) => `/signup/signup-${name}`,
);

/** The clean page as a start page linking to the faulty ones, its links big enough to tap (target-size). */
const START_PAGE = CLEAN_PAGE.replace(
  '</style>',
  'nav a { display: inline-block; padding: 12px; }\n</style>',
).replace(
  '</main>',
  `<nav><ul>${SIGNUPS.map((path) => `<li><a href="${path}">Sign up at ${path}</a></li>`).join('')}</ul></nav></main>`,
);

/** Reports and site audits: accessibility beside the score, and nothing of it without rendering. */
run('accessibility in reports and site audits', () => {
  let site: FixtureSite;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/': (_req, res) => html(res, START_PAGE),
      '/faulty': (_req, res) => html(res, FAULTY_PAGE),
      ...Object.fromEntries(
        SIGNUPS.map((path) => [
          path,
          (_req: unknown, res: Parameters<typeof html>[0]) =>
            html(res, FAULTY_PAGE.replaceAll('Sign up', `Sign up ${path}`)),
        ]),
      ),
    });
    t = await startTestApp({
      RENDER_CHROMIUM_PATH: CHROMIUM,
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const report = async (render: boolean) =>
    (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/faulty'), render })
        .expect(201)
    ).body.data as {
      status: string;
      results: {
        categories: Record<string, unknown>;
        checks: Array<{
          id: string;
          category: string;
          passed: boolean | null;
          value: unknown;
        }>;
        accessibility: {
          ran: boolean;
          reason?: string;
          violations?: Array<{ id: string }>;
        };
      };
    };

  it('lists the rules of a rendered page in a category of its own, beside the score', async () => {
    const { status, results } = await report(true);
    expect(status).toBe('completed');
    expect(results.accessibility.ran).toBe(true);
    expect(results.accessibility.violations?.map((v) => v.id).sort()).toEqual(
      FAULTY_PAGE_RULES,
    );
    const check = results.checks.find(
      (c) => c.id === 'accessibility_violations',
    );
    expect(check).toMatchObject({ category: 'accessibility', passed: false });
    expect(
      (check?.value as Array<{ rule: string }>).map((v) => v.rule).sort(),
    ).toEqual(FAULTY_PAGE_RULES);
    expect(Object.keys(results.categories).sort()).toEqual([
      'miscellaneous',
      'performance',
      'security',
      'seo',
    ]);
  });

  it('runs no rule with render: false, and says so', async () => {
    const { results } = await report(false);
    expect(results.accessibility).toEqual({
      ran: false,
      reason: 'render: false',
    });
    expect(results.checks.map((c) => c.id)).not.toContain(
      'accessibility_violations',
    );
    expect(results.checks.map((c) => c.category)).not.toContain(
      'accessibility',
    );
  });

  it('keeps each page’s rules in a rendered site audit, and names the template that fails them', async () => {
    const audit = await runAudit(
      t.as(key),
      { url: site.url('/'), sitemaps: false, render: true },
      120_000,
    );
    expect(audit).toMatchObject({ status: 'completed', error: null });
    const affected = await affectedBy(
      t.as(key),
      audit.id,
      'accessibility_violations',
    );
    const rulesOf = (value: unknown) =>
      (value as Array<{ rule: string }>).map((v) => v.rule).sort();
    expect(
      Object.fromEntries(
        affected.map((page) => [page.url, rulesOf(page.value)]),
      ),
    ).toEqual(
      Object.fromEntries(
        SIGNUPS.map((path) => [site.url(path), FAULTY_PAGE_RULES]),
      ),
    );
    const findings = (
      await t.as(key).get(`/api/v1/site-audits/${audit.id}/issues`).expect(200)
    ).body.data as Array<{
      id: string;
      scope: string;
      pages: number;
      templates: Array<{ pages: number; failing: number }>;
    }>;
    expect(findings.filter((f) => f.id === 'accessibility_violations')).toEqual(
      [
        expect.objectContaining({
          scope: 'template',
          pages: 4,
          templates: [expect.objectContaining({ pages: 4, failing: 4 })],
        }),
      ],
    );
    // Per site: the pages axe-core audited (the start page and the four), each rule with its pages.
    expect(audit.accessibility).toEqual({
      pages_audited: 5,
      rules: FAULTY_PAGE_RULES.map((rule) => ({ rule, pages: 4 })),
    });
    // The template's finding names each rule with its pages, in the export and in SARIF.
    const exported = (
      await t
        .as(key)
        .get(`/api/v1/site-audits/${audit.id}/export/json`)
        .expect(200)
    ).body as {
      issues: Array<{
        id: string;
        rules?: Array<{ rule: string; urls: string[] }>;
      }>;
    };
    const signups = SIGNUPS.map((path) => site.url(path)).sort();
    expect(
      exported.issues
        .find((issue) => issue.id === 'accessibility_violations')
        ?.rules?.map(({ rule, urls }) => [rule, [...urls].sort()])
        .sort(),
    ).toEqual(FAULTY_PAGE_RULES.map((rule) => [rule, signups]));
    const sarif = JSON.parse(
      (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${audit.id}/export/sarif`)
          .expect(200)
      ).text,
    ) as {
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string }> } };
        results: Array<{ ruleId: string }>;
      }>;
    };
    const [run] = sarif.runs;
    expect(
      run.tool.driver.rules
        .map((rule) => rule.id)
        .filter((id) => id.startsWith('accessibility_violations')),
    ).toEqual(
      FAULTY_PAGE_RULES.map((rule) => `accessibility_violations/${rule}`),
    );
    expect(
      run.results.filter((result) =>
        result.ruleId.startsWith('accessibility_violations/'),
      ),
    ).toHaveLength(FAULTY_PAGE_RULES.length * SIGNUPS.length);
  });

  it('runs no rule in a site audit with render: false, and says so per site', async () => {
    const audit = await runAudit(t.as(key), {
      url: site.url('/'),
      sitemaps: false,
      render: false,
    });
    expect(audit.accessibility).toEqual({ pages_audited: 0, rules: [] });
    expect(
      await affectedBy(t.as(key), audit.id, 'accessibility_violations'),
    ).toEqual([]);
    const text = await publicSharePage(t.as(key), t.anonymous(), audit.id);
    expect(text).toContain(
      'No page was rendered in a browser, so no accessibility rule ran',
    );
  });
});
