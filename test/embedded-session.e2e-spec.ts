import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The embedded default has one database session for the crawl and the API. Under
 * load (a crawl's writes on a busy machine) a request can wait for it longer than the
 * 5 s after which a request on a PostgreSQL server answers 503; in CI it did, and a
 * hostile-site audit on the embedded default saw its own poll answered 503.
 */
describe('the embedded default, its one session busy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DATABASE_URL: undefined });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers a request that waited its turn longer than a server database allows', async () => {
    const client = t.as((await t.newAccount()).key);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Holds the session, as a long crawl write does, without blocking the event loop.
    const holding = t.dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1');
      await released;
    });
    const answer = client.get('/api/v1/site-audits').then((res) => res);
    await sleep(7_000);
    release();
    await holding;
    expect((await answer).status).toBe(200);
  }, 60_000);
});
