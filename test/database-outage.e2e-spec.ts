import { startTestApp } from './support/test-app.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import type { TestApp } from './support/test-app.js';

/**
 * The database goes away under a running service and comes back: requests answer 503
 * with Retry-After meanwhile, and the service recovers without a restart. Runs on a
 * PostgreSQL cluster of its own, the one a test can stop and start. (Not the embedded
 * database over its socket: PGlite is one session, and the pool's connections would
 * interleave their statements.)
 */
describe('database outage', () => {
  let database: ThrowawayPostgres;
  let t: TestApp;

  beforeAll(async () => {
    database = await ThrowawayPostgres.create();
    t = await startTestApp({ DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await t?.close();
    database?.destroy();
  });

  it('answers 503 with Retry-After while the database is down, then recovers; readiness follows', async () => {
    const { key } = await t.newAccount();
    const list = () => t.as(key).get('/api/v1/reports');
    await list().expect(200);

    const ready = () => t.anonymous().get('/health/ready');
    const live = () => t.anonymous().get('/health/live');
    expect((await ready()).body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' } },
    });

    database.stop();
    // Readiness says what is missing; liveness stays up, so nothing restarts the process.
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.headers['content-type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    expect(notReady.body.detail).toBe('Not ready: database does not answer.');
    await live().expect(200, { status: 'ok' });
    const down = await list();
    expect(down.status).toBe(503);
    expect(down.headers['content-type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body.request_id).toBe(down.headers['x-request-id']);
    expect(JSON.stringify(down.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);

    database.start();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await list()).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    await ready().expect(200);
  });
});
