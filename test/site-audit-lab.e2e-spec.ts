import { gateConfigOf } from '../src/gate/assertions.js';
import { exportOf, gateAudit } from '../src/cli/audit-site/audit-gate.js';
import { inProcessSiteAuditClient } from '../src/cli/audit-site/in-process-site-audits.js';
import type { SiteAuditView } from '../src/site-audits/site-audit.view.js';
import type { TemplateView } from '../src/site-audits/templates/template.view.js';
import { FakeLabMeasurer } from './support/fake-lab-measurer.js';
import type { FixtureSite } from './support/fixture-server.js';
import { junitErrors, sarifErrors } from './support/gate-schemas.js';
import {
  allPages,
  createAudit,
  finishedAudit,
  readAudit,
  runAudit,
} from './support/site-audits.js';
import { waitUntil } from './support/wait.js';
import type { AuditBody } from './support/site-audits.js';
import {
  startTemplatedSite,
  TEMPLATES,
  UNMEASURABLE,
} from './support/templated-site.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * `lab: true` on a site audit, end to end on the real app and database with a fake
 * lab measurer bound: a generated site of five templates is grouped, each template's
 * representatives measured one at a time, a failed measurement recorded without
 * failing the audit, each page told its template, and LCP budgets judged per
 * template in JUnit and SARIF.
 */
describe('site audit lab phase', () => {
  let t: TestApp;
  let site: FixtureSite;
  let key: string;
  let accountId: string;
  let audit: AuditBody & {
    progress: { phase: string; lab_pages: number; lab_pages_measured: number };
  };
  let templates: TemplateView[];
  const measurer = new FakeLabMeasurer();

  beforeAll(async () => {
    site = await startTemplatedSite();
    t = await startTestApp({}, { labMeasurer: measurer });
    ({ key, accountId } = await t.newAccount());
    audit = (await runAudit(t.as(key), {
      url: site.url('/'),
      lab: true,
      lab_runs: 3,
      sitemaps: false,
    })) as typeof audit;
    const res = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}/templates`)
      .expect(200);
    templates = (res.body as { data: TemplateView[] }).data;
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('completes, with the lab phase counted in its progress', () => {
    expect(audit.status).toBe('completed');
    expect(audit.progress.phase).toBe('finished');
    expect(audit.progress.lab_pages).toBe(13);
    expect(audit.progress.lab_pages_measured).toBe(13);
  });

  it('names every template with its pages, the biggest first', () => {
    expect(templates.map((x) => [x.name, x.pages])).toEqual(
      Object.entries(TEMPLATES).map(([name, { paths }]) => [
        name,
        paths.length,
      ]),
    );
    for (const template of templates) {
      const paths: readonly string[] =
        TEMPLATES[template.name as keyof typeof TEMPLATES].paths;
      expect(template.representatives.length).toBe(
        Math.min(5, 1 + Math.floor(Math.log2(template.pages))),
      );
      for (const url of template.representatives) {
        expect(paths).toContain(new URL(url).pathname);
      }
    }
  });

  it("measures every template's representatives, one at a time, and takes the median page", () => {
    expect(measurer.mostAtOnce).toBe(1);
    expect(measurer.measured).toHaveLength(13);
    for (const template of templates) {
      const lcp = template.metrics.find(
        (m) => m.id === 'largest_contentful_paint',
      );
      expect([template.name, lcp?.value]).toEqual([
        template.name,
        TEMPLATES[template.name as keyof typeof TEMPLATES].lcp,
      ]);
    }
    const product = templates.find((x) => x.name === '/product/{id}')!;
    expect(product.metrics[0]).toMatchObject({
      band: 'poor',
      pages: 3,
      wide: false,
      warning: null,
    });
    expect(product.lab_pages[0]).toMatchObject({
      state: 'measured',
      runs: 3,
      error: null,
    });
    expect(product.lab_pages[0].metrics[0].runs).toEqual([4200, 4190, 4210]);
    expect(product.verdict).toBe(
      "3 of its 6 pages were measured; the other 3 are not: they inherit this template's verdict.",
    );
  });

  it('records a failed measurement with its reason, and the audit stays completed', () => {
    const docs = templates.find((x) => x.name === '/docs/{slug}')!;
    const failed = docs.lab_pages.filter((p) => p.state === 'failed');
    expect(failed.map((p) => [new URL(p.url).pathname, p.error])).toEqual([
      [
        UNMEASURABLE,
        { code: 'timeout', message: 'The page did not finish loading.' },
      ],
    ]);
    expect(docs.metrics[0].pages).toBe(2);
  });

  it("tells each page its template, measured or inheriting the template's verdict", async () => {
    const pages = await allPages(t.as(key), audit.id);
    const post = pages.find((p) => p.url === site.url('/blog/hotel-post'))!;
    const detail = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}/pages/${post.id}`)
      .expect(200);
    const blog = templates.find((x) => x.name === '/blog/{slug}')!;
    expect(blog.representatives).not.toContain(post.url);
    expect(
      (detail.body as { data: { template: unknown } }).data.template,
    ).toEqual({
      id: blog.id,
      name: '/blog/{slug}',
      measured: false,
      note: 'Not measured in the lab: it inherits the verdict of its template /blog/{slug}, whose representatives were.',
    });
  });

  it('fails an LCP budget below a template median and passes one above, in JUnit and SARIF', async () => {
    const client = inProcessSiteAuditClient(t.app, accountId);
    const view: SiteAuditView = await client.get(audit.id);
    const exported = await exportOf(
      client,
      view,
      await client.issues(audit.id),
    );
    const judged = async (max: number) => {
      const files = new Map<string, string>();
      const { verdict } = await gateAudit(
        exported,
        null,
        {
          config: gateConfigOf(
            {
              assertions: {
                largest_contentful_paint: ['error', { maxNumericValue: max }],
              },
            },
            'lab budget',
          ),
          baseline: null,
          junit: 'lab.junit.xml',
          sarif: 'lab.sarif',
          hostname: 'ci',
          toolVersion: '0.0.0',
        },
        (path, content) => {
          files.set(path, String(content));
          return Promise.resolve();
        },
        { colour: false },
      );
      return {
        verdict,
        junit: files.get('lab.junit.xml')!,
        sarif: files.get('lab.sarif')!,
      };
    };

    const over = await judged(4000);
    expect(over.verdict.exitCode).toBe(1);
    expect(await junitErrors(over.junit)).toEqual([]);
    expect(sarifErrors(over.sarif)).toEqual([]);
    expect(over.junit).toContain('failures="1"');
    expect(over.junit).toContain(
      'Template /product/{id}: median 4200 ms, 6 pages (they inherit this verdict); measured on:',
    );
    const product = templates.find((x) => x.name === '/product/{id}')!;
    const results = (
      JSON.parse(over.sarif) as {
        runs: Array<{
          results: Array<{
            properties: { template: string };
            locations: Array<{
              physicalLocation: { artifactLocation: { uri: string } };
            }>;
          }>;
        }>;
      }
    ).runs[0].results;
    expect(
      results.map((r) => [
        r.properties.template,
        r.locations[0].physicalLocation.artifactLocation.uri,
      ]),
    ).toEqual(product.representatives.map((url) => ['/product/{id}', url]));

    const within = await judged(4500);
    expect(within.verdict.exitCode).toBe(0);
    expect(within.junit).toContain('failures="0"');
    expect(
      (JSON.parse(within.sarif) as { runs: Array<{ results: unknown[] }> })
        .runs[0].results,
    ).toEqual([]);
  });
});

describe('site audit lab phase beside other audits', () => {
  let t: TestApp;
  let site: FixtureSite;
  const measurer = new FakeLabMeasurer();

  beforeAll(async () => {
    site = await startTemplatedSite();
    // Polled every 100 ms for up to a minute: past the default 300 requests a minute.
    t = await startTestApp(
      { RATE_LIMIT_PER_MINUTE: '100000' },
      { labMeasurer: measurer },
    );
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('holds no judgement: while two lab audits wait on the lab browser, an audit without lab is judged and completes', async () => {
    // Three accounts, as an agency's clients: each account's audits in flight are capped.
    const [one, two, three] = await Promise.all(
      [1, 2, 3].map(() => t.newAccount().then(({ key }) => t.as(key))),
    );
    const body = { url: site.url('/'), sitemaps: false, max_pages: 20 };
    const release = measurer.hold();
    const labbed: Array<[typeof one, number]> = [];
    try {
      for (const client of [one, two]) {
        labbed.push([
          client,
          await createAudit(client, { ...body, lab: true, lab_runs: 1 }),
        ]);
      }
      for (const [client, id] of labbed) {
        const phase = await waitUntil(
          () =>
            readAudit(client, id).then(
              (a) => (a.progress as { phase?: string }).phase,
            ),
          (p) => p === 'lab',
          60_000,
          100,
        );
        expect(phase).toBe('lab');
        // Judged, not completed: what the audit says waits for its lab phase.
        const judged = await readAudit(client, id);
        expect([
          judged.status,
          judged.score,
          judged.result,
          judged.issues,
        ]).toEqual(['running', null, null, null]);
      }
      // Both lab phases wait on the held measurement: judgements go on beside them.
      const plain = await finishedAudit(
        three,
        await createAudit(three, body),
        30_000,
      );
      expect([plain.status, measurer.measured]).toEqual(['completed', []]);
    } finally {
      release();
    }
    for (const [client, id] of labbed) {
      // Completed, it shows the judgement kept aside through its lab phase.
      const done = await finishedAudit(client, id);
      expect(done.status).toBe('completed');
      expect(typeof done.score).toBe('number');
      expect(['good', 'decent', 'bad']).toContain(done.result);
      expect(done.issues).toEqual(expect.any(Object));
    }
  }, 150_000);
});

describe('site audit lab phase without Chromium', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses lab_runs outside 1 to 5 with the field named, before anything else', async () => {
    const { key } = await t.newAccount();
    for (const lab_runs of [0, 6, 'three']) {
      const res = await t
        .as(key)
        .post('/api/v1/site-audits')
        .send({ url: 'http://127.0.0.1:9/', lab: true, lab_runs })
        .expect(422);
      expect(JSON.stringify(res.body)).toContain('lab_runs');
    }
  });

  it('refuses lab_runs without lab: true, naming both, rather than dropping it', async () => {
    const { key } = await t.newAccount();
    for (const body of [{ lab_runs: 2 }, { lab: false, lab_runs: 2 }]) {
      const res = await t
        .as(key)
        .post('/api/v1/site-audits')
        .send({ url: 'http://127.0.0.1:9/', ...body })
        .expect(422);
      expect(res.body.errors).toEqual({
        lab_runs: ['lab_runs needs lab: true'],
      });
    }
    const listed = await t.as(key).get('/api/v1/site-audits').expect(200);
    expect(listed.body.meta.total).toBe(0);
  });

  it('answers lab: true with a problem saying what to install', async () => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .post('/api/v1/site-audits')
      .send({ url: 'http://127.0.0.1:9/', lab: true })
      .expect(503);
    expect((res.body as { detail: string }).detail).toMatch(
      /lab: true is not available here\. .*chromium/i,
    );
  });
});
