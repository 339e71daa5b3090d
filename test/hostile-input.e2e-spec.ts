import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** Inputs that used to answer 500 or a vague error: each answers the 4xx it should, saying why. */
describe('hostile and malformed input', () => {
  let t: TestApp;
  let key: string;
  let id: number;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '10000' });
    key = (await t.newAccount()).key;
    // A report to update: unreachable, so its analysis fails, and settles before the tests.
    id = await t.as(key).createReport({ url: 'http://127.0.0.1:9/' });
  });
  afterAll(() => t.close());

  const expectProblem = (res: request.Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    expect(res.body.status).toBe(status);
    return res.body as { detail: string; errors?: Record<string, string[]> };
  };

  it.each(['privacy', 'password', 'results', 'rotate_share_token'])(
    'a JSON null for %s is a 422 naming it, and changes nothing',
    async (field) => {
      const before = (await t.as(key).get(`/api/v1/reports/${id}`)).body.data;
      const body = expectProblem(
        await t
          .as(key)
          .put(`/api/v1/reports/${id}`)
          .send({ [field]: null }),
        422,
      );
      expect(body.errors).toEqual({ [field]: [`${field} must not be null`] });
      const after = (await t.as(key).get(`/api/v1/reports/${id}`)).body.data;
      expect(after).toEqual(before);
    },
  );

  it.each(['url', 'privacy', 'password'])(
    'a JSON null for %s on create is a 422 naming it',
    async (field) => {
      const body = expectProblem(
        await t
          .as(key)
          .post('/api/v1/reports')
          .send({ url: 'http://127.0.0.1:9/', [field]: null }),
        422,
      );
      expect(Object.keys(body.errors!)).toContain(field);
    },
  );

  it('a JSON body nested thousands of levels deep is a 422 naming the field', async () => {
    const deep = `{"privacy":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const body = expectProblem(
      await t
        .as(key)
        .put(`/api/v1/reports/${id}`)
        .set('Content-Type', 'application/json')
        .send(deep),
      422,
    );
    expect(body.errors).toEqual({
      privacy: ['privacy nests more than 8 levels of arrays or objects'],
    });
  });

  it('malformed JSON says so', async () => {
    const body = expectProblem(
      await t
        .as(key)
        .post('/api/v1/reports')
        .set('Content-Type', 'application/json')
        .send('{"url": '),
      400,
    );
    expect(body.detail).toBe('The request body is not valid JSON.');
  });

  it('a body over 16 KiB says so', async () => {
    const body = expectProblem(
      await t
        .as(key)
        .post('/api/v1/reports')
        .type('form')
        .send({ url: `http://127.0.0.1/${'a'.repeat(17 * 1024)}` }),
      413,
    );
    expect(body.detail).toBe('The request body is over 16 KiB.');
  });

  it('a form of more than 100 fields under 16 KiB says so', async () => {
    const form = Array.from({ length: 101 }, (_, i) => `f${i}=1`).join('&');
    const body = expectProblem(
      await t
        .as(key)
        .post('/api/v1/reports')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(form),
      400,
    );
    expect(body.detail).toBe(
      'The form has more than 100 fields; send at most 100.',
    );
  });

  it('page=abc is told it is no whole number', async () => {
    const body = expectProblem(
      await t.as(key).get('/api/v1/reports?page=abc'),
      422,
    );
    expect(body.errors).toEqual({
      page: ['page must be a whole number from 1'],
    });
  });

  it('a 100 KB Authorization header answers 431 as a problem document', async () => {
    if (!t.http.listening) {
      await new Promise<void>((resolve) =>
        t.http.listen(0, '127.0.0.1', resolve),
      );
    }
    const { port } = t.http.address() as AddressInfo;
    const answer = await new Promise<{
      status: number;
      type: string;
      body: string;
    }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/reports',
          headers: { Authorization: `Bearer ${'x'.repeat(100_000)}` },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              type: String(res.headers['content-type']),
              body,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 431,
      title: 'Request Header Fields Too Large',
    });
  });

  it.each(['/r', '/r/', '/r/x/y'])(
    '%s, which is no shared page, answers a problem document',
    async (path) => {
      expectProblem(await t.anonymous().get(path), 404);
    },
  );

  it('a bad configuration stops the service with one message naming every bad setting, and no stack trace', () => {
    const run = spawnSync(process.execPath, ['dist/main.js'], {
      env: {
        ...process.env,
        PORT: 'eighty',
        REDIS_URL: 'http://cache',
        SHARE_SECRET: 'short',
        ANALYZER_ALLOW_HOSTS: '10.0.0.0/33',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'The configuration has 4 problems; nothing was started:',
    );
    for (const name of [
      'PORT',
      'REDIS_URL',
      'SHARE_SECRET',
      'ANALYZER_ALLOW_HOSTS',
    ]) {
      expect(run.stderr).toContain(`  - ${name}`);
    }
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
