import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite, FixtureHandler } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';

/** POST /api/v1/reports/batch: up to 100 reports at once, all or none. */
describe('batch creates', () => {
  let site: FixtureSite;
  let refusedSite: FixtureSite;
  let t: TestApp;

  beforeAll(async () => {
    const pages: Record<string, FixtureHandler> = {};
    for (let i = 0; i < 100; i++) {
      pages[`/page/${i}`] = (_req, res) => html(res, PLAIN_PAGE);
    }
    site = await startFixtureSite(pages);
    // A loopback address the address policy does not let through.
    refusedSite = await startFixtureSite(
      { '/': (_req, res) => html(res, PLAIN_PAGE) },
      { host: '127.0.0.2' },
    );
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await refusedSite?.close();
  });

  async function reportCount(key: string): Promise<number> {
    const res = await t.as(key).get('/api/v1/reports').expect(200);
    return res.body.meta.total as number;
  }

  it('creates 100 reports, queued, in order, and every one completes', async () => {
    const { key } = await t.newAccount();
    const reports = Array.from({ length: 100 }, (_, i) => ({
      url: site.url(`/page/${i}`),
      privacy: i % 3,
      ...(i % 3 === 2 ? { password: `secret-${i}` } : {}),
    }));
    const res = await t
      .as(key)
      .post('/api/v1/reports/batch')
      .set('Idempotency-Key', 'batch-of-100')
      .send({ reports })
      .expect(202);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.data.map((r: { url: string }) => r.url)).toEqual(
      reports.map((r) => r.url),
    );
    expect(
      res.body.data.every((r: { status: string }) => r.status === 'queued'),
    ).toBe(true);
    const ids = res.body.data.map((r: { id: number }) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // The same batch with the same key is answered again, creating nothing.
    const again = await t
      .as(key)
      .post('/api/v1/reports/batch')
      .set('Idempotency-Key', 'batch-of-100')
      .send({ reports })
      .expect(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(res.body);

    const listed = await waitUntil(
      () =>
        t
          .as(key)
          .get('/api/v1/reports?per_page=100')
          .expect(200)
          .then((list) => list.body as { data: Array<{ status: string }> }),
      (list) => list.data.every((r) => r.status === 'completed'),
      240_000,
      1_000,
    );
    expect(listed.data).toHaveLength(100);
    expect(listed.data.filter((r) => r.status !== 'completed')).toEqual([]);
  }, 300_000);

  it('refuses a batch with bad items by index, creating none', async () => {
    const { key } = await t.newAccount();
    const reports = Array.from({ length: 10 }, (_, i) => ({
      url: site.url(`/page/${i}`),
    }));
    reports[3] = { url: 'ftp://example.com/file' };
    reports[7] = { url: `${refusedSite.origin}/` };
    const res = await t
      .as(key)
      .post('/api/v1/reports/batch')
      .send({ reports })
      .expect(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'reports.3.url',
      'reports.7.url',
    ]);
    expect(await reportCount(key)).toBe(0);
  });

  it.each([
    ['more than 100 items', 101],
    ['no item', 0],
  ])('refuses a batch of %s (422 naming reports)', async (_what, n) => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .post('/api/v1/reports/batch')
      .send({
        reports: Array.from({ length: n }, (_, i) => ({
          url: site.url(`/page/${i % 100}`),
        })),
      })
      .expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['reports']);
    expect(await reportCount(key)).toBe(0);
  });

  it('refuses a batch that would pass the analyses in flight (429), creating none', async () => {
    const capped = await startTestApp({
      ANALYSES_IN_FLIGHT_PER_ACCOUNT: '3',
    });
    try {
      const { key } = await capped.newAccount();
      const res = await capped
        .as(key)
        .post('/api/v1/reports/batch')
        .send({
          reports: Array.from({ length: 4 }, (_, i) => ({
            url: site.url(`/page/${i}`),
          })),
        })
        .expect(429);
      expect(res.headers['retry-after']).toBeDefined();
      const list = await capped.as(key).get('/api/v1/reports').expect(200);
      expect(list.body.meta.total).toBe(0);
    } finally {
      await capped.close();
    }
  });
});
