import { existsSync } from 'node:fs';
import { CHECKS } from '../src/analysis/index.js';
import { renderBrowserPath } from '../src/rendering/index.js';
import {
  clientRenderedPage,
  contentJson,
  fetchRenderedPage,
  historyRoutedPage,
  lazyRenderedPage,
  LEAVES_STATE_SCRIPT,
  lazyStaticPage,
  NOTHING_LEFT,
  SERVICE_WORKER_SCRIPT,
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

/**
 * What rendering met, on each page of a rendered audit: a page whose script loops
 * keeps its status and is judged raw, saying why; one whose network never goes quiet
 * says it was taken at the time cap; one that opens dialogs and windows says so.
 */
run('what a rendered audit met, on each of its pages', () => {
  let site: FixtureSite;
  let t: TestApp;
  let key: string;
  const held: Array<() => void> = [];

  beforeAll(async () => {
    const page = (title: string, script: string) =>
      `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><p>Some text of the page called ${title}.</p><script>${script}</script></body></html>`;
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          page('Home', '').replace(
            '<script>',
            '<a href="/loops">Loops</a> <a href="/never-quiet">Never quiet</a> <a href="/dialogs">Dialogs</a><script>',
          ),
        ),
      '/loops': (_req, res) => html(res, page('Loops', 'for (;;) {}')),
      '/never-quiet': (_req, res) =>
        html(res, page('Never quiet', 'fetch("/held")')),
      '/held': () => new Promise<void>((resolve) => held.push(resolve)),
      '/dialogs': (_req, res) =>
        html(
          res,
          page(
            'Dialogs',
            'alert("one"); confirm("two"); window.open("/a"); window.open("/b");',
          ),
        ),
    });
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount());
  });
  afterAll(async () => {
    for (const resolve of held.splice(0)) resolve();
    await t?.close();
    await site?.close();
  });

  it('says on each page in the API and in pages.csv what the render met', async () => {
    const id = await createAudit(t.as(key), {
      url: site.url('/'),
      render: true,
    });
    const audit = await finishedAudit(t.as(key), id, 120_000);
    expect(audit.status).toBe('completed');
    const pages = await allPages(t.as(key), id);
    const at = (path: string) =>
      pages.find((p) => p.url === site.url(path)) as unknown as {
        status_code: number;
        error: string | null;
        score: number | null;
        render: Record<string, unknown>;
      };
    // Its status kept, its raw HTML judged, and why it was not rendered.
    expect(at('/loops')).toMatchObject({
      status_code: 200,
      error: null,
      render: {
        status: 'page_unresponsive',
        settled: null,
        message: expect.any(String),
      },
    });
    expect(at('/loops').score).not.toBeNull();
    expect(at('/never-quiet').render).toMatchObject({
      status: 'rendered',
      settled: false,
      message: null,
    });
    expect(at('/dialogs').render).toMatchObject({
      status: 'rendered',
      settled: true,
      dialogs: 2,
      windows_blocked: 2,
    });
    expect(at('/').render).toEqual({
      status: 'rendered',
      settled: true,
      dialogs: 0,
      windows_blocked: 0,
      script_errors: 0,
      message: null,
    });
    const csv = await t
      .as(key)
      .get(`/api/v1/site-audits/${id}/pages.csv`)
      .expect(200);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0].split(',').at(-1)).toBe('render');
    const row = (path: string) =>
      lines.find((line) =>
        line.startsWith(`${pages.find((p) => p.url === site.url(path))!.id},`),
      );
    expect(row('/loops')).toMatch(/,page_unresponsive$/);
    expect(row('/never-quiet')).toMatch(/,rendered; not settled$/);
    expect(row('/dialogs')).toMatch(
      /,rendered; 2 dialogs dismissed; 2 windows blocked$/,
    );
  }, 150_000);
});

/**
 * Google's renderer keeps no state from page to page but caches what pages share: two
 * pages of one rendered crawl, each leaving a cookie, storage and a service worker,
 * find nothing of the other, and the script both load is asked for once.
 */
run('the pages of one rendered crawl', () => {
  let site: FixtureSite;
  const requests: SiteRequest[] = [];
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    const page = (title: string, link: string) =>
      `<!doctype html><html lang="en"><head><title>${title}</title><script src="/state.js"></script></head><body><h1>${title}</h1><p>Some text of the page called ${title}.</p>${link}</body></html>`;
    site = await startFixtureSite(
      {
        '/': (_req, res) =>
          html(res, page('First', '<a href="/second">Second</a>')),
        '/second': (_req, res) =>
          html(res, page('Second', '<a href="/">First</a>')),
        '/state.js': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          res.end(LEAVES_STATE_SCRIPT);
        },
        '/sw.js': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          res.end(SERVICE_WORKER_SCRIPT);
        },
      },
      { requests },
    );
    t = await startTestApp({ RENDER_CHROMIUM_PATH: CHROMIUM });
    ({ key } = await t.newAccount());
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('find nothing the other left (cookie, storage, service worker), and fetch their shared script once', async () => {
    const id = await createAudit(t.as(key), {
      url: site.url('/'),
      sitemaps: false,
      render: true,
    });
    const audit = await finishedAudit(t.as(key), id, 120_000);
    expect(audit.status).toBe('completed');
    const pages = await allPages(t.as(key), id);
    const title = NOTHING_LEFT.replace(/<\/?title>/g, '');
    expect(
      pages
        .map((p) => [p.url, (p as unknown as { title: string }).title])
        .sort(),
    ).toEqual(
      [
        [site.url('/'), title],
        [site.url('/second'), title],
      ].sort(),
    );
    expect(
      // The browser's GET; the page checks' HEAD of its assets is theirs.
      requests.filter(
        (request) => request.path === '/state.js' && request.method === 'GET',
      ).length,
    ).toBe(1);
  }, 150_000);
});

/**
 * render: "auto" on a mixed site: static documentation (one template) beside a
 * client-rendered section (another): every page found, every page given the verdicts
 * render: true gives it, and of the documentation only the sample rendered.
 */
run('render: "auto" on a mixed site', () => {
  const DOCS = 8;
  const APPS = ['a', 'b', 'c', 'd'];
  let site: FixtureSite;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    const routes: Record<string, FixtureHandler> = {
      '/': (_req, res) =>
        html(
          res,
          staticPage(
            sampleContent('Home', [
              ['/docs/1.html', 'Documentation'],
              ['/app/a', 'The app'],
            ]),
          ),
        ),
    };
    for (let i = 1; i <= DOCS; i++) {
      const links: [string, string][] = [['/', 'Home']];
      if (i < DOCS) links.push([`/docs/${i + 1}.html`, `Chapter ${i + 1}`]);
      if (i === 1) {
        for (let j = 3; j <= DOCS; j++)
          links.push([`/docs/${j}.html`, `Chapter ${j}`]);
      }
      routes[`/docs/${i}.html`] = (_req, res) =>
        html(res, staticPage(sampleContent(`Chapter ${i}`, links)));
    }
    for (const app of APPS) {
      const links: [string, string][] = APPS.filter(
        (other) => other !== app,
      ).map((other) => [`/app/${other}`, `App ${other}`]);
      routes[`/app/${app}`] = (_req, res) =>
        html(res, clientRenderedPage(sampleContent(`App ${app}`, links)));
    }
    site = await startFixtureSite(routes);
    t = await startTestApp({ RENDER_CHROMIUM_PATH: CHROMIUM });
    ({ key } = await t.newAccount());
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const audit = async (render: boolean | 'auto') => {
    const client = t.as(key);
    const id = await createAudit(client, {
      url: site.url('/'),
      sitemaps: false,
      render,
    });
    const finished = await finishedAudit(client, id, 120_000);
    const pages = await allPages(client, id);
    const one = await client.get(`/api/v1/site-audits/${id}`).expect(200);
    return { finished, pages, audit: one.body.data as Record<string, unknown> };
  };

  it('finds every page, gives each the verdicts render: true gives, and renders only the sample of the static template', async () => {
    const every = await audit(true);
    const auto = await audit('auto');
    expect(auto.finished).toMatchObject({ status: 'completed', error: null });
    const verdicts = (pages: typeof every.pages) =>
      pages
        .map((page) => ({
          url: page.url,
          status: page.status_code,
          error: page.error,
          indexable: page.indexable,
          failed: [...page.failed_checks].sort(),
        }))
        .sort((a, b) => a.url.localeCompare(b.url));
    expect(verdicts(auto.pages)).toHaveLength(1 + DOCS + APPS.length);
    expect(verdicts(auto.pages)).toEqual(verdicts(every.pages));

    const choiceOf = (url: string) =>
      (
        auto.pages.find((page) => page.url === url) as unknown as {
          render: {
            status: string;
            choice: { kind: string; template: string };
          };
        }
      ).render;
    const docs = Array.from({ length: DOCS }, (_, i) =>
      choiceOf(site.url(`/docs/${i + 1}.html`)),
    );
    expect(docs.filter((render) => render.status === 'rendered')).toHaveLength(
      3,
    );
    expect(
      docs.filter((render) => render.status === 'not_rendered'),
    ).toHaveLength(DOCS - 3);
    expect(new Set(docs.map((render) => render.choice.template)).size).toBe(1);
    const apps = APPS.map((app) => choiceOf(site.url(`/app/${app}`)));
    expect(apps.every((render) => render.status === 'rendered')).toBe(true);
    expect(choiceOf(site.url('/')).choice.kind).toBe('start');

    // The audit says which templates were rendered, and why.
    const templates = auto.audit.render_templates as Array<{
      template: string;
      pages: number;
      rendered_pages: number;
      reason: string;
    }>;
    expect(templates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          template: docs[0].choice.template,
          pages: DOCS,
          rendered_pages: 3,
          reason: expect.stringContaining('judged raw'),
        }),
        expect.objectContaining({
          template: apps[0].choice.template,
          pages: APPS.length,
          rendered_pages: APPS.length,
          reason: expect.stringContaining('every page of it is rendered'),
        }),
      ]),
    );
    expect(every.audit.render_templates).toBeNull();
  }, 200_000);
});
