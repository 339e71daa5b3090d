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
});
