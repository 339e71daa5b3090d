import type request from 'supertest';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** Auth, tenancy-independent errors and the framework edges of the contract. */
describe('API contract: auth and errors', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    key = (await t.newAccount()).key;
  });
  afterAll(() => t.close());

  const linksOf = (res: request.Response) => ({
    path: res.body.meta.path as string,
    first: res.body.links.first as string,
  });

  const expectProblem = (res: request.Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    expect(res.body).toMatchObject({ type: 'about:blank', status });
    expect(typeof res.body.title).toBe('string');
    expect(typeof res.body.detail).toBe('string');
  };

  describe('authentication', () => {
    it('401 without a key, with the Bearer challenge', async () => {
      const res = await t.anonymous().get('/api/v1/reports');
      expectProblem(res, 401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    });

    it.each([
      ['an unknown key', 'Bearer rk_unknownunknownunknownunknown'],
      ['a key without the prefix', 'Bearer abcdef'],
    ])('401 with invalid_token for %s', async (_name, header) => {
      const res = await t
        .anonymous()
        .get('/api/v1/reports')
        .set('Authorization', header);
      expectProblem(res, 401);
      expect(res.headers['www-authenticate']).toBe(
        'Bearer realm="api", error="invalid_token"',
      );
    });

    it.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer '], [key]])(
      '401 for the malformed header %p',
      async (header) => {
        const res = await t
          .anonymous()
          .get('/api/v1/reports')
          .set('Authorization', header ?? key);
        expectProblem(res, 401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
      },
    );

    it('accepts the scheme in any case', async () => {
      await t
        .anonymous()
        .get('/api/v1/reports')
        .set('Authorization', `bearer ${key}`)
        .expect(200);
      await t
        .anonymous()
        .get('/api/v1/reports')
        .set('Authorization', `BEARER ${key}`)
        .expect(200);
      await t
        .anonymous()
        .get('/api/v1/reports')
        .set('Authorization', `Bearer   ${key}`)
        .expect(200);
    });

    it('never reads a key from the query string or the body', async () => {
      expectProblem(
        await t.anonymous().get(`/api/v1/reports?access_token=${key}`),
        401,
      );
      expectProblem(
        await t
          .anonymous()
          .post('/api/v1/reports')
          .type('form')
          .send({ access_token: key, url: 'http://127.0.0.1/' }),
        401,
      );
    });

    it('refuses a revoked key', async () => {
      const { ApiKeyService } = await import('../src/auth/api-key.service.js');
      const keys = t.app.get(ApiKeyService);
      const issued = await keys.create('to revoke');
      await t.as(issued.key).get('/api/v1/reports').expect(200);
      expect(await keys.revoke(issued.id)).toBe(true);
      const res = await t.as(issued.key).get('/api/v1/reports');
      expectProblem(res, 401);
      expect(await keys.revoke(issued.id)).toBe(false);
      // The answer never tells a revoked key from one that never existed.
      const unknown = await t
        .anonymous()
        .get('/api/v1/reports')
        .set('Authorization', `Bearer rk_${'x'.repeat(43)}`);
      expect(res.body).toEqual(unknown.body);
      expect(res.headers['www-authenticate']).toBe(
        unknown.headers['www-authenticate'],
      );
    });

    it('stores only the SHA-256 digest of a key', async () => {
      const rows: Array<{ key_digest: string }> = await t.dataSource.query(
        'SELECT key_digest FROM api_keys',
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.key_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(rows.some((r) => r.key_digest.includes(key))).toBe(false);
      expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    });
  });

  describe('errors', () => {
    const owner = () => t.as(key);

    it('404 problem for unknown routes inside and outside /api/v1', async () => {
      expectProblem(await owner().get('/api/v1/nothing'), 404);
      expectProblem(await t.anonymous().get('/nothing'), 404);
      expectProblem(await owner().delete('/api/v1/reports'), 404);
    });

    it.each([
      '0',
      '-1',
      'abc',
      '1.5',
      '1234567890123456789',
      '00012x',
      '%E0%A4%A',
    ])(
      '404 for the id %p on every route, before the body is judged',
      async (id) => {
        expectProblem(await owner().get(`/api/v1/reports/${id}`), 404);
        expectProblem(
          await owner()
            .put(`/api/v1/reports/${id}`)
            .type('form')
            .send({ privacy: '9' }),
          404,
        );
        expectProblem(await owner().put(`/api/v1/reports/${id}`), 404);
        expectProblem(await owner().delete(`/api/v1/reports/${id}`), 404);
      },
    );

    it('404 for a report id that does not exist', async () => {
      expectProblem(await owner().get('/api/v1/reports/999999999999'), 404);
      expectProblem(await owner().delete('/api/v1/reports/999999999999'), 404);
      expectProblem(
        await owner()
          .put('/api/v1/reports/999999999999')
          .type('form')
          .send({ privacy: '0' }),
        404,
      );
    });

    const withBody = (method: 'post' | 'put') =>
      method === 'post'
        ? owner().post('/api/v1/reports')
        : owner().put('/api/v1/reports/1');

    it.each(['post', 'put'] as const)(
      '415 for a %s body of another content type',
      async (method) => {
        const res = await withBody(method)
          .set('Content-Type', 'text/plain')
          .send('url=http://127.0.0.1/');
        expectProblem(res, 415);
      },
    );

    it('404, not 415, for a body sent to an unknown route', async () => {
      const res = await owner()
        .post('/api/v1/nothing')
        .set('Content-Type', 'text/plain')
        .send('hello');
      expectProblem(res, 404);
    });

    it.each(['post', 'put'] as const)(
      '413 for a %s body over 16 KiB',
      async (method) => {
        const res = await withBody(method)
          .type('form')
          .send({ url: `http://127.0.0.1/${'a'.repeat(17 * 1024)}` });
        expectProblem(res, 413);
      },
    );

    it.each(['post', 'put'] as const)(
      '400 for malformed JSON in a %s',
      async (method) => {
        const res = await withBody(method)
          .set('Content-Type', 'application/json')
          .send('{"url": ');
        expectProblem(res, 400);
      },
    );

    it('422 for a JSON body that is not an object', async () => {
      const res = await owner()
        .post('/api/v1/reports')
        .set('Content-Type', 'application/json')
        .send('["http://127.0.0.1/"]');
      expectProblem(res, 422);
    });

    it('never shows a stack trace or SQL', async () => {
      const res = await owner().get('/api/v1/reports/1%00');
      expect(JSON.stringify(res.body)).not.toMatch(
        /at \w+ \(|SELECT|node_modules/,
      );
    });

    it.each(['search', 'project'])(
      '422, not a database error, for a NUL byte in %s',
      async (name) => {
        const res = await owner().get(`/api/v1/reports?${name}=a%00b`);
        expectProblem(res, 422);
        expect(Object.keys(res.body.errors)).toEqual([name]);
      },
    );
  });

  describe('absolute links', () => {
    it('come from the Host, ignoring X-Forwarded-* without TRUST_PROXY', async () => {
      const res = await t
        .as(key)
        .get('/api/v1/reports')
        .set('Host', 'reports.example.test')
        .set('X-Forwarded-Host', 'evil.example')
        .set('X-Forwarded-Proto', 'https')
        .expect(200);
      expect(linksOf(res).path).toBe(
        'http://reports.example.test/api/v1/reports',
      );
    });

    it('fall back to the local address when the Host is not a host', async () => {
      const res = await t
        .as(key)
        .get('/api/v1/reports')
        .set('Host', 'evil.example/x?y=')
        .expect(200);
      expect(linksOf(res).path).toMatch(
        /^http:\/\/(127\.0\.0\.1|\[::(ffff:127\.0\.0\.1|1)\]):\d+\/api\/v1\/reports$/,
      );
    });
  });

  // Each of these starts an app of its own; passport keeps the last one's strategy,
  // so they come last in the file.
  describe('rate limit', () => {
    it('answers 429 with Retry-After past the limit of an account', async () => {
      const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
      try {
        const { key: k } = await limited.newAccount();
        for (let i = 0; i < 3; i++) {
          await limited.as(k).get('/api/v1/reports').expect(200);
        }
        const res = await limited.as(k).get('/api/v1/reports');
        expectProblem(res, 429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        const other = await limited.newAccount();
        await limited.as(other.key).get('/api/v1/reports').expect(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('behind a trusted proxy', () => {
    it('builds links from X-Forwarded-Proto and -Host', async () => {
      const proxied = await startTestApp({ TRUST_PROXY: 'true' });
      try {
        const account = await proxied.newAccount();
        const res = await proxied
          .as(account.key)
          .get('/api/v1/reports?per_page=25')
          .set('Host', 'internal:3000')
          .set('X-Forwarded-Host', 'reports.example.test')
          .set('X-Forwarded-Proto', 'https')
          .expect(200);
        expect(linksOf(res)).toEqual({
          path: 'https://reports.example.test/api/v1/reports',
          first:
            'https://reports.example.test/api/v1/reports?per_page=25&page=1',
        });
      } finally {
        await proxied.close();
      }
    });
  });
});
