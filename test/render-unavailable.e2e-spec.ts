import { html, startFixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** The quick start runs without Chromium: a render or a lab measurement asked of it is refused, saying what to install. */
describe('render: true and lab: true without Chromium', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
  });

  const reportCount = async () =>
    (await t.as(key).get('/api/v1/reports').expect(200)).body.meta.total;

  it('answers 503 with a problem document naming what to install, and stores nothing', async () => {
    for (const [path, body] of [
      ['/api/v1/reports', { url: 'http://127.0.0.1:9/', render: true }],
      [
        '/api/v1/reports/batch',
        {
          reports: [
            { url: 'http://127.0.0.1:9/a' },
            { url: 'http://127.0.0.1:9/b', render: true },
          ],
        },
      ],
    ] as const) {
      const res = await t.as(key).post(path).send(body).expect(503);
      expect(res.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      expect(res.body).toMatchObject({
        status: 503,
        title: 'Service Unavailable',
      });
      expect(res.body.detail).toContain('apt-get install chromium');
      expect(res.body.detail).toContain('CHROMIUM_PATH');
    }
    expect(await reportCount()).toBe(0);
  });

  it('answers a PDF with 503 naming what to install, and every other format as usual', async () => {
    const site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>One page</title><h1>One</h1></html>',
        ),
    });
    // An account of its own: the tests beside it count their reports.
    const printer = (await t.newAccount()).key;
    try {
      const created = await t
        .as(printer)
        .post('/api/v1/reports')
        .send({ url: site.url('/') })
        .expect(201);
      const id = (created.body as { data: { id: number } }).data.id;
      const res = await t
        .as(printer)
        .get(`/api/v1/reports/${id}/export/pdf`)
        .expect(503);
      expect(res.body.detail).toMatch(
        /^The pdf format is printed in Chromium, which is not available here\. .*apt-get install chromium/,
      );
      await t.as(printer).get(`/api/v1/reports/${id}/export/html`).expect(200);
    } finally {
      await site.close();
    }
  });

  it('answers lab: true with 503 too, naming what to install, and stores nothing', async () => {
    for (const [path, body] of [
      ['/api/v1/reports', { url: 'http://127.0.0.1:9/', lab: true }],
      [
        '/api/v1/reports/batch',
        {
          reports: [
            { url: 'http://127.0.0.1:9/a' },
            { url: 'http://127.0.0.1:9/b', lab: true },
          ],
        },
      ],
    ] as const) {
      const res = await t.as(key).post(path).send(body).expect(503);
      expect(res.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      expect(res.body).toMatchObject({ status: 503 });
      expect(res.body.detail).toMatch(
        /^lab: true is not available here\. .*apt-get install chromium.*CHROMIUM_PATH/,
      );
    }
    expect(await reportCount()).toBe(0);
  });

  it('refuses a lab that is not true or false as a field error', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: 'http://127.0.0.1:9/', lab: 'soon' })
      .expect(422);
    expect(res.body.errors).toEqual({ lab: ['lab must be true or false'] });
  });

  it('refuses a render that is not true or false as a field error', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: 'http://127.0.0.1:9/', render: 'maybe' })
      .expect(422);
    expect(res.body.errors).toEqual({
      render: ['render must be true or false'],
    });
  });

  it('refuses a site audit’s render that is not true, false or "auto" as a field error', async () => {
    const res = await t
      .as(key)
      .post('/api/v1/site-audits')
      .send({ url: 'http://127.0.0.1:9/', render: 'sometimes' })
      .expect(422);
    expect(res.body.errors).toEqual({
      render: ['render must be true, false or "auto"'],
    });
  });
});

/**
 * Where Chromium's sandbox cannot start, rendering is refused, naming the settings: never
 * a silent --no-sandbox. As root, BROWSER_USER=root is such a place (Chromium refuses its
 * sandbox as root); a service run as another user starts its browsers as itself.
 */
(process.getuid?.() === 0 ? describe : describe.skip)(
  'render: true and lab: true where the sandbox cannot start',
  () => {
    let t: TestApp;
    let key: string;

    beforeAll(async () => {
      // A browser is there (any executable will do: none is started).
      t = await startTestApp({
        CHROMIUM_PATH: '/bin/true',
        RENDER_CHROMIUM_PATH: '/bin/true',
        BROWSER_USER: 'root',
      });
      key = (await t.newAccount()).key;
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each([
      ['a report that renders', '/api/v1/reports', { render: true }, 'render'],
      ['a report measured in the lab', '/api/v1/reports', { lab: true }, 'lab'],
      [
        'a site audit that renders',
        '/api/v1/site-audits',
        { render: true },
        'render',
      ],
    ] as const)(
      'answers %s with 503 naming BROWSER_USER and BROWSER_SANDBOX, and stores nothing',
      async (_case, path, ask, field) => {
        const res = await t
          .as(key)
          .post(path)
          .send({ url: 'http://127.0.0.1:9/', ...ask })
          .expect(503);
        expect(res.headers['content-type']).toMatch(
          /^application\/problem\+json/,
        );
        expect(res.body.detail).toMatch(
          new RegExp(
            `^${field}: true is not available here\\. Chromium's sandbox cannot start here: the service runs as root and BROWSER_USER \\(root\\) is root\\..*BROWSER_SANDBOX=off`,
          ),
        );
        const listed = await t.as(key).get(path).expect(200);
        expect(listed.body.meta.total).toBe(0);
      },
    );
  },
);
