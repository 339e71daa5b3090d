import { createHash } from 'node:crypto';
import request from 'supertest';
import { ApiKeyService } from '../src/auth/api-key.service.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { redisKeys, TEST_REDIS_URL, useTestRedis } from './support/redis.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** What an answer's RateLimit-* headers say. */
function limitsOf(res: request.Response) {
  return {
    limit: Number(res.headers['ratelimit-limit']),
    remaining: Number(res.headers['ratelimit-remaining']),
    reset: Number(res.headers['ratelimit-reset']),
  };
}

function expectTooMany(res: request.Response, detail: RegExp) {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toBe(
    'application/problem+json; charset=utf-8',
  );
  expect(res.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
  expect(res.body.detail).toMatch(detail);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // On a refusal the headers tell when to come back, as Retry-After does.
  expect(limitsOf(res)).toMatchObject({ remaining: 0, reset: retryAfter });
}

/**
 * The limits of the API keys and of shared reports' passwords, on the shared store
 * (this machine's Redis, under a key prefix of this test's own).
 */
describe('rate limits, shared in Redis', () => {
  const REQUESTS = 20;
  const ANALYSES = 3;
  const store = useTestRedis();
  const prefix = store.prefix;
  let t: TestApp;
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>Limits</title></html>',
        ),
    });
    t = await startTestApp({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: String(REQUESTS),
      ANALYSIS_RATE_LIMIT_PER_MINUTE: String(ANALYSES),
    });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const createAsync = (key: string, fields: object = {}) =>
    t
      .as(key)
      .post('/api/v1/reports')
      .set('Prefer', 'respond-async')
      .send({ url: site.url('/'), ...fields });

  it('is ready once the database and Redis answer, without a key and outside the limits', async () => {
    for (let i = 0; i < REQUESTS + 1; i++) {
      const res = await t.anonymous().get('/health/ready').expect(200);
      expect(res.body).toMatchObject({
        status: 'ok',
        info: { database: { status: 'up' }, redis: { status: 'up' } },
      });
    }
  });

  it('tells every answer to a keyed request its limit, what is left and the reset, errors included', async () => {
    const { key } = await t.newAccount();
    const ok = await t.as(key).get('/api/v1/reports').expect(200);
    expect(limitsOf(ok)).toMatchObject({
      limit: REQUESTS,
      remaining: REQUESTS - 1,
    });
    expect(limitsOf(ok).reset).toBeGreaterThanOrEqual(59);
    expect(limitsOf(ok).reset).toBeLessThanOrEqual(60);
    const missing = await t.as(key).get('/api/v1/reports/999999999');
    expect(missing.status).toBe(404);
    expect(limitsOf(missing)).toMatchObject({
      limit: REQUESTS,
      remaining: REQUESTS - 2,
    });
    const invalid = await t.as(key).get('/api/v1/reports?per_page=7');
    expect(invalid.status).toBe(422);
    expect(limitsOf(invalid)).toMatchObject({
      limit: REQUESTS,
      remaining: REQUESTS - 3,
    });
    const gone = await t.as(key).delete('/api/v1/reports/999999999');
    expect(gone.status).toBe(404);
    expect(limitsOf(gone)).toMatchObject({
      limit: REQUESTS,
      remaining: REQUESTS - 4,
    });
    // Counted in Redis, under the deployment's prefix, per key.
    const { keyId } = (await t.app.get(ApiKeyService).principalOf(key))!;
    expect(
      await redisKeys(store.redis, `${prefix}:throttle:requests:${keyId}`),
    ).toEqual([
      `${prefix}:throttle:requests:${keyId}:hits`,
      `${prefix}:throttle:requests:${keyId}:state`,
    ]);
  });

  it('answers 429 past the limit of a key, a problem with Retry-After; other keys, of the same account too, go on', async () => {
    const { key, accountId } = await t.newAccount();
    for (let i = 0; i < REQUESTS; i++) {
      await t.as(key).get('/api/v1/reports').expect(200);
    }
    expectTooMany(await t.as(key).get('/api/v1/reports'), /too many requests/i);
    expectTooMany(
      await t.as(key).get('/api/v1/reports/1'),
      /too many requests/i,
    );
    const sibling = await t.app.get(ApiKeyService).create('sibling', accountId);
    const res = await t.as(sibling.key).get('/api/v1/reports').expect(200);
    expect(limitsOf(res)).toMatchObject({ remaining: REQUESTS - 1 });
  });

  it('answers 401 before 429: a refused key is not counted and carries no budget', async () => {
    const keys = t.app.get(ApiKeyService);
    const { key } = await t.newAccount();
    for (let i = 0; i < REQUESTS; i++) {
      await t.as(key).get('/api/v1/reports').expect(200);
    }
    await t.as(key).get('/api/v1/reports').expect(429);
    const unknown = await t
      .anonymous()
      .get('/api/v1/reports')
      .set('Authorization', 'Bearer rk_unknownunknownunknownunknown')
      .expect(401);
    expect(unknown.headers['ratelimit-limit']).toBeUndefined();
    const { keyId } = (await keys.principalOf(key))!;
    await keys.revoke(keyId);
    const revoked = await t.as(key).get('/api/v1/reports').expect(401);
    expect(revoked.headers['ratelimit-remaining']).toBeUndefined();
  });

  it('counts creates and re-runs against the analyses limit, and nothing else', async () => {
    const { key } = await t.newAccount();
    const created = await createAsync(key).expect(202);
    // Both limits apply; the headers describe the one with fewer requests left.
    expect(limitsOf(created)).toMatchObject({ limit: ANALYSES, remaining: 2 });
    const id = created.body.data.id as number;

    const list = await t.as(key).get('/api/v1/reports').expect(200);
    expect(limitsOf(list)).toMatchObject({
      limit: REQUESTS,
      remaining: REQUESTS - 2,
    });
    await t.as(key).get(`/api/v1/reports/${id}`).expect(200);
    const privacy = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .type('form')
      .send({ privacy: '0', results: '0' })
      .expect(200);
    expect(limitsOf(privacy)).toMatchObject({
      limit: REQUESTS,
      remaining: REQUESTS - 4,
    });

    const rerun = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .set('Prefer', 'respond-async')
      .type('form')
      .send({ results: '1' });
    expect(rerun.status).toBeLessThan(300);
    expect(limitsOf(rerun)).toMatchObject({ limit: ANALYSES, remaining: 1 });
    const again = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .set('Prefer', 'respond-async')
      .send({ results: 1 });
    expect(again.status).toBeLessThan(300);
    expect(limitsOf(again)).toMatchObject({ limit: ANALYSES, remaining: 0 });

    expectTooMany(await createAsync(key), /too many analyses/i);
    expectTooMany(
      await t.as(key).put(`/api/v1/reports/${id}`).send({ results: '1' }),
      /too many analyses/i,
    );
    // A re-run asked for in a body that fails validation still counts: 429 first.
    expectTooMany(
      await t
        .as(key)
        .put(`/api/v1/reports/${id}`)
        .send({ results: 1, privacy: 7 }),
      /too many analyses/i,
    );
    // Reads and privacy changes go on under the general limit.
    await t.as(key).get(`/api/v1/reports/${id}`).expect(200);
    await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .send({ privacy: 1 })
      .expect(200);
  });

  it('counts 20 parallel wrong passwords exactly, in the shared store: 5 answer 401, 15 answer 429', async () => {
    const { key } = await t.newAccount();
    const created = await createAsync(key, {
      privacy: 2,
      password: 'letmein',
    }).expect(202);
    const token = (created.body.data.share_url as string).split('/r/')[1];
    const statuses = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t
            .anonymous()
            .get(`/api/v1/shared/reports/${token}`)
            .set('X-Report-Password', `burst ${i}`),
        ),
      )
    ).map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    // Counted in Redis under the link's digest: the report's window and this client's, five each.
    const link = createHash('sha256').update(token).digest('base64url');
    const counted = `${prefix}:attempts:wrong-password:${link}`;
    expect(await store.redis.zcard(counted)).toBe(5);
    expect(await store.redis.zcard(`${counted}:127.0.0.1`)).toBe(5);
  });
});

// An app of its own: passport keeps the last app's strategy, so this comes last.
describe('rate limits, their Redis unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1 of the loopback.
    t = await startTestApp({
      REDIS_URL: 'redis://127.0.0.1:1',
      RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(() => t.close());

  it('answers keyed requests at once, counting their limits in its own memory meanwhile', async () => {
    const { key } = await t.newAccount();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.as(key).get('/api/v1/reports')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
