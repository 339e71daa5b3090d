import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { affectedBy, allPages, runAudit } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * Findings by template (docs/site-audits.md, "Templates"), end to end: a site of four
 * layouts whose 20 API reference pages all carry a header image without `alt` gives one
 * template finding naming the API template, and the same defect on 2 of 30 guide pages
 * stays a page finding; a site of three templates where two share a defect names both
 * in one finding, with their counts.
 */

interface Finding {
  id: string;
  scope: 'host' | 'template' | 'site' | 'page';
  priority: number;
  pages: number;
  advice: string;
  examples: string[];
  templates: Array<{
    id: number;
    name: string;
    pattern: string;
    pages: number;
    failing: number;
  }>;
}

const WORDS = [
  'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel',
  'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa',
  'quebec', 'romeo', 'sierra', 'tango', 'uniform', 'victor', 'whiskey',
  'xray', 'yankee', 'zulu', 'amber', 'cobalt', 'indigo', 'maroon',
]; // prettier-ignore

/** A page of a site whose pages all link to each other, with its own title and text. */
function page(
  path: string,
  all: string[],
  body: string,
  header = '<header><nav>Docs</nav></header>',
): string {
  const nav = all.map((p) => `<a href="${p}">${p}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The page ${path}</title>
<meta name="description" content="What the page ${path} of a fixture site of several templates is about.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>${header}<main>${body}<p>Words that make ${path} a page of its own, more than a few of them.</p></main><footer><nav>${nav}</nav></footer></body></html>`;
}

function siteOf(pages: Record<string, (all: string[]) => string>) {
  const all = Object.keys(pages);
  const routes: Record<string, FixtureHandler> = {};
  for (const [path, body] of Object.entries(pages)) {
    const text = body(all);
    routes[path] = (_req, res) => html(res, text);
  }
  return startFixtureSite(routes);
}

/** Home, a section index, 30 guide pages (2 with an image without alt), 20 API pages (all). */
function fourLayouts(): Promise<FixtureSite> {
  const pages: Record<string, (all: string[]) => string> = {
    '/': (all) =>
      page('/', all, '<h1>Home</h1><section><p>Start</p></section>'),
    '/guide/': (all) =>
      page('/guide/', all, '<h1>Guide</h1><ol><li>Contents</li></ol>'),
  };
  WORDS.forEach((word, i) => {
    const path = `/guide/guide-${word}`;
    const alt = i < 2 ? '' : ` alt="A figure of ${word}"`;
    pages[path] = (all) =>
      page(
        path,
        all,
        `<article><h1>Guide: ${word}</h1><figure><img src="/fig-${word}.png"${alt} width="40" height="40"></figure></article>`,
      );
  });
  WORDS.slice(0, 20).forEach((word) => {
    const path = `/api/${word}-reference`;
    pages[path] = (all) =>
      page(
        path,
        all,
        `<section><h1>API: ${word}</h1><dl><dt>${word}()</dt><dd>Returns it.</dd></dl></section>`,
        '<header><img src="/api-logo.png" width="40" height="40"><nav>API</nav></header>',
      );
  });
  return siteOf(pages);
}

/** Blog posts and products lack image alt; docs do not. */
function threeTemplates(): Promise<FixtureSite> {
  const pages: Record<string, (all: string[]) => string> = {
    '/': (all) =>
      page('/', all, '<h1>Shop</h1><section><p>Start</p></section>'),
  };
  WORDS.slice(0, 6).forEach((word) => {
    const path = `/blog/${word}-post`;
    pages[path] = (all) =>
      page(
        path,
        all,
        `<article><h1>Post ${word}</h1><img src="/post-${word}.png" width="40" height="40"></article>`,
      );
  });
  [101, 102, 103, 104, 105].forEach((id) => {
    const path = `/product/${id}`;
    pages[path] = (all) =>
      page(
        path,
        all,
        `<div><h1>Product ${id}</h1><table><tr><td><img src="/p${id}.png" width="40" height="40"></td></tr></table></div>`,
      );
  });
  WORDS.slice(10, 14).forEach((word) => {
    const path = `/docs/${word}-setup`;
    pages[path] = (all) =>
      page(
        path,
        all,
        `<aside><ul><li>Contents</li></ul></aside><article><h1>Docs ${word}</h1><pre>steps</pre></article>`,
      );
  });
  return siteOf(pages);
}

describe('findings by template', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount());
  });
  afterAll(async () => {
    await t?.close();
  });

  const findingsOf = async (id: number): Promise<Finding[]> =>
    (await t.as(key).get(`/api/v1/site-audits/${id}/issues`).expect(200)).body
      .data as Finding[];

  describe('a site of four layouts, one defect of the API template', () => {
    let site: FixtureSite;
    let auditId: number;
    let findings: Finding[];

    beforeAll(async () => {
      site = await fourLayouts();
      auditId = (
        await runAudit(t.as(key), {
          url: site.url('/'),
          sitemaps: false,
          privacy: 0,
        })
      ).id;
      findings = await findingsOf(auditId);
    });
    afterAll(() => site?.close());

    const imageAlt = () => findings.filter((f) => f.id === 'image_alt');

    it('names the API template with 20 of its 20 pages, in one template finding', () => {
      const [template] = imageAlt().filter((f) => f.scope === 'template');
      expect(template).toMatchObject({
        pages: 20,
        templates: [
          {
            name: '/api/{slug}',
            pattern: '/api/{slug}',
            pages: 20,
            failing: 20,
          },
        ],
      });
      expect(template.examples).toHaveLength(3);
      for (const url of template.examples) expect(url).toContain('/api/');
      expect(template.advice).not.toBe('');
    });

    it('keeps a page finding for the 2 guide pages, and none for the API pages', async () => {
      const [onPages] = imageAlt().filter((f) => f.scope === 'page');
      expect(onPages).toMatchObject({ pages: 2, templates: [] });
      const ofPages = await t
        .as(key)
        .get(`/api/v1/site-audits/${auditId}/issues/image_alt?scope=page`)
        .expect(200);
      expect(
        (ofPages.body.data as Array<{ url: string }>).map((p) => p.url),
      ).toEqual([
        site.url('/guide/guide-alpha'),
        site.url('/guide/guide-bravo'),
      ]);
      const ofTemplate = await t
        .as(key)
        .get(
          `/api/v1/site-audits/${auditId}/issues/image_alt?scope=template&per_page=100`,
        )
        .expect(200);
      expect(ofTemplate.body.meta.total).toBe(20);
      expect(await affectedBy(t.as(key), auditId, 'image_alt')).toHaveLength(
        22,
      );
    });

    it('ranks the template finding below the page problems of medium importance and above scattered low ones', () => {
      const [template] = imageAlt().filter((f) => f.scope === 'template');
      expect(template.priority).toBe(16);
      const [onPages] = imageAlt().filter((f) => f.scope === 'page');
      expect(onPages.priority).toBeGreaterThan(template.priority);
    });

    it('tells each page its template, in /pages, /templates and pages.csv', async () => {
      const pages = await allPages(t.as(key), auditId);
      const byUrl = new Map(pages.map((p) => [p.url, p]));
      expect(byUrl.get(site.url('/api/alpha-reference'))?.template).toEqual(
        expect.objectContaining({ name: '/api/{slug}' }),
      );
      expect(byUrl.get(site.url('/guide/guide-kilo'))?.template).toEqual(
        expect.objectContaining({ name: '/guide/{slug}' }),
      );
      const templates = (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${auditId}/templates`)
          .expect(200)
      ).body.data as Array<{ name: string; pages: number; verdict: string }>;
      expect(templates.map((tt) => [tt.name, tt.pages])).toEqual([
        ['/guide/{slug}', 30],
        ['/api/{slug}', 20],
        ['/', 1],
        ['/guide', 1],
      ]);
      expect(templates[0].verdict).toMatch(/without lab/);
      const csv = (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${auditId}/pages.csv`)
          .expect(200)
      ).text;
      const [header, ...rows] = csv.trim().split('\r\n');
      const column = header.split(',').indexOf('template');
      expect(column).toBeGreaterThan(0);
      const api = rows.find((row) => row.includes('/api/alpha-reference'));
      expect(api?.split(',')[column]).toBe('/api/{slug}');
    });

    it('writes each row of issues.csv with the scope of its own finding', async () => {
      const csv = (
        await t
          .as(key)
          .get(`/api/v1/site-audits/${auditId}/issues.csv`)
          .expect(200)
      ).text;
      const rows = csv
        .trim()
        .split('\r\n')
        .filter((row) => row.startsWith('image_alt,'));
      expect(rows).toHaveLength(22);
      expect(rows.filter((row) => row.includes(',template,'))).toHaveLength(20);
      expect(
        rows.filter((row) => row.startsWith('image_alt,page,')),
      ).toHaveLength(2);
    });

    it('shows the template on the share page, with the advice, each finding linking to its own pages', async () => {
      const audit = (
        await t.as(key).get(`/api/v1/site-audits/${auditId}`).expect(200)
      ).body.data as { share_url: string };
      const path = new URL(audit.share_url).pathname;
      const summary = (await t.anonymous().get(path).expect(200)).text;
      expect(summary).toContain(
        'Template <code class="wrap">/api/{slug}</code>: 20 of its 20 pages',
      );
      // The templates, biggest first, and each page's own.
      expect(summary).toContain('<h2 id="templates">Templates</h2>');
      expect(summary).toContain(
        '<code class="wrap">/guide/{slug}</code>: 30 pages',
      );
      const pages = await allPages(t.as(key), auditId);
      const api = pages.find((p) => p.url.endsWith('/api/alpha-reference'))!;
      const pageChecks = (
        await t.anonymous().get(`${path}/pages/${api.id}`).expect(200)
      ).text;
      expect(pageChecks).toContain('<dt>Template</dt><dd>/api/{slug}</dd>');
      const templatePages = (
        await t.anonymous().get(`${path}/issues/image_alt?scope=template`)
      ).text;
      expect(templatePages).toContain('/api/alpha-reference');
      expect(templatePages).not.toContain('/guide/guide-alpha<');
      const pagePages = (
        await t.anonymous().get(`${path}/issues/image_alt?scope=page`)
      ).text;
      expect(pagePages).toContain('/guide/guide-alpha');
      expect(pagePages).not.toContain('/api/alpha-reference');
    });
  });

  describe('a site of three templates, two sharing a defect', () => {
    let site: FixtureSite;
    let findings: Finding[];

    beforeAll(async () => {
      site = await threeTemplates();
      const audit = await runAudit(t.as(key), {
        url: site.url('/'),
        sitemaps: false,
      });
      findings = await findingsOf(audit.id);
    });
    afterAll(() => site?.close());

    it('names both templates in one finding, each with its count, and leaves the docs out', () => {
      const imageAlt = findings.filter((f) => f.id === 'image_alt');
      expect(imageAlt).toHaveLength(1);
      expect(imageAlt[0]).toMatchObject({ scope: 'template', pages: 11 });
      expect(
        imageAlt[0].templates.map((tt) => [tt.name, tt.failing, tt.pages]),
      ).toEqual([
        ['/blog/{slug}', 6, 6],
        ['/product/{id}', 5, 5],
      ]);
    });
  });
});
