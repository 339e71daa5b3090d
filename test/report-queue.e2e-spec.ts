import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';

/** Create waits for its analysis, but not longer than the deadline behind a queue. */
describe('reports behind a long queue', () => {
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite({
      // Never answers: its analysis lasts exactly the deadline.
      '/hang': () => {},
      '/pricing': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>Pricing plans for teams</title><h1>Pricing</h1></html>',
        ),
    });
  });
  afterAll(() => site.close());

  it('answers 202 with the report as it stands once the deadline has passed in the queue', async () => {
    // 3 reports of 3 attempts of 1 s each stand before it.
    const busy = await startTestApp({
      ANALYSIS_CONCURRENCY: '1',
      ANALYZER_DEADLINE_MS: '1000',
    });
    try {
      const k = (await busy.newAccount()).key;
      const post = (path: string) =>
        busy
          .as(k)
          .post('/api/v1/reports')
          .send({ url: site.url(path) });
      for (let i = 0; i < 3; i++) {
        await post('/hang').set('Prefer', 'respond-async').expect(202);
      }
      const started = performance.now();
      const res = await post('/pricing').expect(202);
      expect(performance.now() - started).toBeLessThan(2_900);
      expect(res.body.data.status).toBe('queued');
      expect(res.headers.location).toMatch(
        new RegExp(`/api/v1/reports/${res.body.data.id}$`),
      );
      // It still runs in its turn: after the hanging ones, whose retries keep their places.
      for (let i = 0; i < 200; i++) {
        const now = await busy.as(k).get(`/api/v1/reports/${res.body.data.id}`);
        if (now.body.data.status === 'completed') return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the queued report never completed');
    } finally {
      await busy.close();
    }
  }, 40_000);
});
