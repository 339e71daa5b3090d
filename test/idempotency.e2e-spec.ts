import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { PLAIN_PAGE } from './support/job-fixtures.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** Idempotency-Key on POST /api/v1/reports: one report per key and body, per account. */
describe('Idempotency-Key on creates', () => {
  let site: FixtureSite;
  let t: TestApp;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': (_req, res) => html(res, PLAIN_PAGE),
      '/slow': (_req, res) => {
        setTimeout(() => html(res, PLAIN_PAGE), 1_500);
      },
    });
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  async function reportCount(key: string): Promise<number> {
    const res = await t.as(key).get('/api/v1/reports').expect(200);
    return res.body.meta.total as number;
  }

  it('answers the same key and body with the first answer, creating one report', async () => {
    const { key } = await t.newAccount();
    const body = { url: site.url('/page'), privacy: 0 };
    const first = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'order-1')
      .send(body)
      .expect(201);
    expect(first.body.data.status).toBe('completed');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body written otherwise (another key order) is the same request.
    const again = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'order-1')
      .send({ privacy: 0, url: site.url('/page') })
      .expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body).toEqual(first.body);
    expect(await reportCount(key)).toBe(1);
  });

  it('refuses the same key with another body (422 naming Idempotency-Key), creating nothing', async () => {
    const { key } = await t.newAccount();
    await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'k-2')
      .set('Prefer', 'respond-async')
      .send({ url: site.url('/page') })
      .expect(202);
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'k-2')
      .set('Prefer', 'respond-async')
      .send({ url: site.url('/page?other') })
      .expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['Idempotency-Key']);
    expect(await reportCount(key)).toBe(1);
  });

  it('lets ten concurrent requests with one key create exactly one report', async () => {
    const { key } = await t.newAccount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t
          .as(key)
          .post('/api/v1/reports')
          .set('Idempotency-Key', 'burst')
          .set('Prefer', 'respond-async')
          .send({ url: site.url('/page') }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((s) => s === 202 || s === 409)).toBe(true);
    const created = answers.filter((res) => res.status === 202);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((res) => res.body.data.id)).size).toBe(1);
    expect(
      created.filter((res) => res.headers['idempotent-replayed'] !== 'true'),
    ).toHaveLength(1);
    expect(await reportCount(key)).toBe(1);
  });

  it('answers 409 with Retry-After while the first request with the key still runs', async () => {
    const { key } = await t.newAccount();
    const body = { url: site.url('/slow') };
    const first = t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'slow-1')
      .send(body)
      .then((res) => res);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'slow-1')
      .send(body)
      .expect(409);
    expect(during.headers['retry-after']).toBe('1');
    expect((await first).status).toBe(201);
    const after = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'slow-1')
      .send(body)
      .expect(201);
    expect(after.body).toEqual((await first).body);
    expect(await reportCount(key)).toBe(1);
  });

  it('keeps keys per account: two accounts may use the same key', async () => {
    const a = await t.newAccount();
    const b = await t.newAccount();
    const post = (key: string) =>
      t
        .as(key)
        .post('/api/v1/reports')
        .set('Idempotency-Key', 'shared-key')
        .set('Prefer', 'respond-async')
        .send({ url: site.url('/page') })
        .expect(202);
    const [ra, rb] = [await post(a.key), await post(b.key)];
    expect(ra.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(ra.body.data.id).not.toBe(rb.body.data.id);
    expect(await reportCount(a.key)).toBe(1);
    expect(await reportCount(b.key)).toBe(1);
  });

  it('keeps nothing for a refused request: its key may be used again', async () => {
    const { key } = await t.newAccount();
    await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'retry-me')
      .send({ url: 'ftp://example.com/' })
      .expect(422);
    await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', 'retry-me')
      .set('Prefer', 'respond-async')
      .send({ url: site.url('/page') })
      .expect(202);
    expect(await reportCount(key)).toBe(1);
  });

  it('judges a body nested 4,000 deep with a key as it does without one: 422, never 500', async () => {
    const { key } = await t.newAccount();
    const deep = `${'['.repeat(4_000)}${']'.repeat(4_000)}`;
    const body = `{"url":"${site.url('/page')}","privacy":${deep}}`;
    const without = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(422);
    const withKey = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Content-Type', 'application/json')
      .set('Idempotency-Key', 'deep-body')
      .send(body)
      .expect(422);
    expect(Object.keys(withKey.body.errors)).toEqual(
      Object.keys(without.body.errors),
    );
    expect(await reportCount(key)).toBe(0);
  });

  it('treats a key older than 24 hours as new', async () => {
    const { key, accountId } = await t.newAccount();
    const post = () =>
      t
        .as(key)
        .post('/api/v1/reports')
        .set('Idempotency-Key', 'old-key')
        .set('Prefer', 'respond-async')
        .send({ url: site.url('/page') })
        .expect(202);
    const first = await post();
    await t.dataSource.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours'
       WHERE account_id = $1`,
      [accountId],
    );
    const second = await post();
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(await reportCount(key)).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
  ])('refuses a key that is %s (422)', async (_what, value) => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Idempotency-Key', value)
      .send({ url: site.url('/page') })
      .expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['Idempotency-Key']);
    expect(await reportCount(key)).toBe(0);
  });
});
