import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import type { TestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';

/** A batch on BullMQ: the API adds 100 jobs, a worker process runs them all. */
describe('a batch of 100 on Redis, run by a worker process', () => {
  let deployment: ScaledOut;
  let site: FixtureSite;
  let api: TestApp;

  beforeAll(async () => {
    const pages: Record<string, FixtureHandler> = {};
    for (let i = 0; i < 100; i++) {
      pages[`/page/${i}`] = (_req, res) => html(res, PLAIN_PAGE);
    }
    site = await startFixtureSite(pages);
    deployment = await startScaledOut();
    ({ api } = deployment);
  });
  afterAll(async () => {
    await deployment?.close();
    await site?.close();
  });

  it('creates 100 reports that all complete', async () => {
    const { key } = await api.newAccount();
    const res = await api
      .as(key)
      .post('/api/v1/reports/batch')
      .send({
        reports: Array.from({ length: 100 }, (_, i) => ({
          url: site.url(`/page/${i}`),
        })),
      })
      .expect(202);
    expect(res.body.data).toHaveLength(100);
    const listed = await waitUntil(
      () =>
        api
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
});
