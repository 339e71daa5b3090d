import { existsSync } from 'node:fs';
import { CHECKS } from '../src/analysis/index.js';
import { renderBrowserPath } from '../src/rendering/index.js';
import {
  clientRenderedPage,
  contentJson,
  fetchRenderedPage,
  historyRoutedPage,
  lazyRenderedPage,
  lazyStaticPage,
  sampleContent,
  staticPage,
} from './support/client-rendered-site.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type {
  FixtureHandler,
  FixtureSite,
  SiteRequest,
} from './support/fixture-server.js';
import {
  affectedBy,
  allPages,
  createAudit,
  finishedAudit,
} from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

// The browser renders use by default: Debian's headless shell where installed (CI installs it).
const CHROMIUM = renderBrowserPath({
  render: process.env.RENDER_CHROMIUM_PATH,
  chromium: process.env.CHROMIUM_PATH,
});
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

/**
 * A client-rendered site: every page a shell whose script writes its content and its
 * links (/docs once a fetch answers; /docs/api through a history router; /guide once
 * its section, below the first screen, scrolls into view).
 */
const SITE: Record<string, [string, string][]> = {
  '/': [
    ['/features', 'Features'],
    ['/docs', 'Documentation'],
    ['/guide', 'Guide'],
  ],
  // A route by fragment: search engines drop the fragment, so it is no page of its own.
  '/features': [
    ['/', 'Home'],
    ['/#/pricing', 'Pricing'],
  ],
  '/docs': [
    ['/', 'Home'],
    ['/docs/api', 'The API'],
  ],
  '/docs/api': [['/docs', 'Documentation']],
  '/guide': [
    ['/', 'Home'],
    ['/guide/start', 'Getting started'],
  ],
  // Linked only from the lazy section of /guide.
  '/guide/start': [['/guide', 'Guide']],
};

/** robots.txt of both sites: /features asks for a script under /private/. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /private/\n';
const BLOCKED_SCRIPT = '/private/analytics.js';
const withBlockedScript = (page: string) =>
  page.replace('</body>', `<script src="${BLOCKED_SCRIPT}"></script></body>`);

const contentOf = (path: string) =>
  sampleContent(path === '/' ? 'Home' : path.slice(1), SITE[path]);

/** The checks that compare rendered and raw: a static site has nothing to compare. */
const RENDERED_AGAINST_RAW = new Set(
  CHECKS.filter((check) => check.onlyRendered).map((check) => check.id),
);

run('site audits with render: true', () => {
  let site: FixtureSite;
  const requests: SiteRequest[] = [];
  let staticSite: FixtureSite;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    const routes: Record<string, FixtureHandler> = {};
    const staticRoutes: Record<string, FixtureHandler> = {};
    for (const path of Object.keys(SITE)) {
      const scripted = path === '/features' ? withBlockedScript : String;
      routes[path] = (_req, res) =>
        html(
          res,
          scripted(
            path === '/docs'
              ? fetchRenderedPage('/data/docs.json')
              : path === '/docs/api'
                ? historyRoutedPage(path, contentOf(path))
                : path === '/guide'
                  ? lazyRenderedPage('/data/guide.json')
                  : clientRenderedPage(contentOf(path)),
          ),
        );
      staticRoutes[path] = (_req, res) =>
        html(
          res,
          scripted(
            path === '/guide'
              ? lazyStaticPage(contentOf(path))
              : staticPage(contentOf(path)),
          ),
        );
    }
    for (const table of [routes, staticRoutes]) {
      table['/robots.txt'] = (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(ROBOTS_TXT);
      };
      table[BLOCKED_SCRIPT] = (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end('window.analytics = true;');
      };
    }
    for (const path of ['/docs', '/guide']) {
      routes[`/data${path}.json`] = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(contentJson(contentOf(path)));
      };
    }
    site = await startFixtureSite(routes, { requests });
    staticSite = await startFixtureSite(staticRoutes);
    t = await startTestApp({ RENDER_CHROMIUM_PATH: CHROMIUM });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await staticSite?.close();
  });

  const audit = async (body: object, of: FixtureSite = site) => {
    const client = t.as(key);
    const id = await createAudit(client, {
      url: of.url('/'),
      sitemaps: false,
      ...body,
    });
    const finished = await finishedAudit(client, id, 120_000);
    const pages = await allPages(client, id);
    return { finished, pages };
  };

  it('follows the links of the rendered DOM and judges what it shows, as the same content served as static HTML', async () => {
    requests.length = 0;
    const { finished, pages } = await audit({ render: true });
    // The browser renders the answer the crawl had: each page is asked for once.
    const asked = (path: string) =>
      requests.filter(
        (request) => request.path === path && request.method === 'GET',
      ).length;
    expect(Object.keys(SITE).map((path) => [path, asked(path)])).toEqual(
      Object.keys(SITE).map((path) => [path, 1]),
    );
    expect(finished).toMatchObject({ status: 'completed', error: null });
    expect(pages.map((page) => page.url).sort()).toEqual(
      Object.keys(SITE)
        .map((path) => site.url(path))
        .sort(),
    );
    for (const page of pages) {
      expect({
        url: page.url,
        status: page.status_code,
        error: page.error,
      }).toEqual({
        url: page.url,
        status: 200,
        error: null,
      });
      expect(page.failed_checks).not.toContain('title');
      expect(page.failed_checks).not.toContain('h1');
      // What the scripts add is said, page by page.
      expect(page.failed_checks).toContain('rendered_title');
    }
    expect(
      pages
        .filter((page) => page.failed_checks.includes('fragment_routes'))
        .map((page) => page.url),
    ).toEqual([site.url('/features')]);
    // The crawl obeys robots.txt in the browser too, and says what it kept from the page.
    expect(asked(BLOCKED_SCRIPT)).toBe(0);
    expect(
      pages
        .filter((page) =>
          page.failed_checks.includes('rendered_blocked_resources'),
        )
        .map((page) => page.url),
    ).toEqual([site.url('/features')]);
    const [kept] = await affectedBy(
      t.as(key),
      finished.id,
      'rendered_blocked_resources',
    );
    expect(kept.value).toEqual([
      {
        url: site.url(BLOCKED_SCRIPT),
        type: 'script',
        rule: 'Disallow: /private/',
      },
    ]);
    const [routed] = await affectedBy(
      t.as(key),
      finished.id,
      'fragment_routes',
    );
    expect(routed.value).toEqual([site.url('/#/pricing')]);
    // Site-wide, each route once with the pages linking to it, in the API and on the share page.
    const routes = (
      await t
        .as(key)
        .get(
          `/api/v1/site-audits/${finished.id}/issues/fragment_routes/targets`,
        )
        .expect(200)
    ).body.data as Array<{ url: string; sources: string[] }>;
    expect(routes.map(({ url, sources }) => ({ url, sources }))).toEqual([
      { url: site.url('/#/pricing'), sources: [site.url('/features')] },
    ]);
    const shared = (
      await t
        .as(key)
        .put(`/api/v1/site-audits/${finished.id}`)
        .send({ privacy: 0 })
        .expect(200)
    ).body.data as { share_url: string };
    const sharePage = (
      await t
        .anonymous()
        .get(`${new URL(shared.share_url).pathname}/issues/fragment_routes`)
        .expect(200)
    ).text;
    expect(sharePage).toContain(
      'a route by fragment: no page of its own to search engines',
    );
    const served = await audit({}, staticSite);
    const verdicts = (of: FixtureSite, audited: typeof pages) =>
      Object.fromEntries(
        audited.map((page) => [
          page.url.slice(of.origin.length),
          page.failed_checks.filter((id) => !RENDERED_AGAINST_RAW.has(id)),
        ]),
      );
    expect(verdicts(site, pages)).toEqual(verdicts(staticSite, served.pages));
  });

  it('without render, finds only the shell of the start page', async () => {
    const { finished, pages } = await audit({});
    expect(finished.status).toBe('completed');
    expect(pages.map((page) => page.url)).toEqual([site.url('/')]);
    expect(pages[0].failed_checks).toContain('title');
    expect(pages[0].failed_checks).not.toContain('rendered_title');
  });
});
