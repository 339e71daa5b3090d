import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const PAGE = (title: string) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head><body><h1>${title}</h1><p>${'Words about pricing plans. '.repeat(80)}</p></body></html>`;

describe('reports: create, get, update, re-run, delete', () => {
  let t: TestApp;
  let site: FixtureSite;
  let key: string;
  let otherKey: string;
  let flakyServesHtml = false;
  let flakyRequests = 0;
  let pageVersion = 1;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/pricing': (_req, res) =>
        html(res, PAGE('Pricing plans for every team')),
      '/versioned': (_req, res) =>
        html(res, PAGE(`Version ${pageVersion} of the changing page`)),
      '/data.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"not":"html"}');
      },
      '/flaky': (_req, res) => {
        flakyRequests++;
        if (flakyServesHtml)
          return html(res, PAGE('Back up and running again'));
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('down for maintenance');
      },
    });
    t = await startTestApp();
    key = (await t.newAccount('owner')).key;
    otherKey = (await t.newAccount('someone else')).key;
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  const owner = () => t.as(key);
  const create = (body: object) => owner().post('/api/v1/reports').send(body);

  describe('create', () => {
    it('analyses the page and answers 201 with Location and the full report', async () => {
      const res = await create({ url: site.url('/pricing#plans') })
        .set('Host', 'reports.example.test')
        .expect(201);
      const report = res.body.data;
      expect(res.headers.location).toBe(
        `http://reports.example.test/api/v1/reports/${report.id}`,
      );
      expect(res.headers['content-type']).toMatch(
        /^application\/json; charset=utf-8/,
      );
      expect(report).toMatchObject({
        id: expect.any(Number),
        url: site.url('/pricing'),
        project: '127.0.0.1',
        status: 'completed',
        privacy: 1,
        error: null,
        share_url: null,
      });
      expect(report.score).toBeGreaterThanOrEqual(0);
      expect(['good', 'decent', 'bad']).toContain(report.result);
      expect(report.generated_at).toMatch(ISO_MS);
      expect(report.created_at).toMatch(ISO_MS);
      expect(report.updated_at).toMatch(ISO_MS);
      expect(report.results.score).toBe(report.score);
      expect(report.results.checks).toHaveLength(58);
      expect(report.results.page).toMatchObject({
        final_url: site.url('/pricing'),
        status_code: 200,
      });
      expect(report).not.toHaveProperty('password');
      expect(report).not.toHaveProperty('password_hash');
    });

    it('accepts the documented form body, values as strings', async () => {
      const res = await owner()
        .post('/api/v1/reports')
        .type('form')
        .send({ url: site.url('/pricing'), privacy: '0' })
        .expect(201);
      expect(res.body.data.privacy).toBe(0);
      expect(res.body.data.share_url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/r\/[A-Za-z0-9_-]{32}$/,
      );
    });

    it('stores a password report without ever returning the password', async () => {
      const res = await create({
        url: site.url('/pricing'),
        privacy: 2,
        password: 'open sesame',
      }).expect(201);
      expect(res.body.data.privacy).toBe(2);
      expect(JSON.stringify(res.body)).not.toContain('open sesame');
      const row = await t.dataSource.query(
        'SELECT password_hash FROM reports WHERE id = $1',
        [res.body.data.id],
      );
      expect(row[0].password_hash).toMatch(/^scrypt\$/);
    });

    it('treats an empty password as absent', async () => {
      const res = await create({
        url: site.url('/pricing'),
        password: '',
      }).expect(201);
      expect(res.body.data.privacy).toBe(1);
    });

    it('keeps a failed analysis as a created report with its error', async () => {
      const res = await create({ url: site.url('/data.json') }).expect(201);
      expect(res.body.data).toMatchObject({
        status: 'failed',
        result: null,
        score: null,
        generated_at: null,
        results: null,
        error: { code: 'not_html', message: expect.any(String) },
      });
    });

    it.each([
      [
        'another loopback address',
        (port: number) => `http://127.0.0.2:${port}/`,
      ],
      ['IPv6 loopback', (port: number) => `http://[::1]:${port}/`],
      [
        'a hex spelling of loopback',
        (port: number) => `http://0x7f.0.0.2:${port}/`,
      ],
      [
        'a decimal spelling of loopback',
        (port: number) => `http://2130706434:${port}/`,
      ],
    ])('refuses %s with 422 naming url', async (_name, urlOf) => {
      const res = await create({ url: urlOf(site.port) }).expect(422);
      expect(res.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      // The refusal says how to lift it.
      expect(res.body.errors.url[0]).toMatch(
        /not allowed \(loopback\)\. To allow it, add \S+ to ANALYZER_ALLOW_HOSTS/,
      );
    });

    it.each([
      [{}, 'url'],
      [{ url: '' }, 'url'],
      [{ url: 'example.com/pricing' }, 'url'],
      [{ url: 'ftp://example.com/' }, 'url'],
      [{ url: 'https://user:pw@example.com/' }, 'url'],
      [{ url: `https://example.com/${'a'.repeat(2050)}` }, 'url'],
      [{ url: 42 }, 'url'],
      [{ url: 'https://example.com/', privacy: 3 }, 'privacy'],
      [{ url: 'https://example.com/', privacy: 'public' }, 'privacy'],
      [{ url: 'https://example.com/', privacy: 2 }, 'password'],
      [{ url: 'https://example.com/', privacy: 2, password: '' }, 'password'],
      [{ url: 'https://example.com/', privacy: 1, password: 'x' }, 'password'],
      [{ url: 'https://example.com/', privacy: 0, password: 'x' }, 'password'],
      [{ url: 'https://example.com/', password: 'x' }, 'password'],
      [
        { url: 'https://example.com/', privacy: 2, password: 'p'.repeat(129) },
        'password',
      ],
      [{ url: 'https://example.com/', privacy: 2, password: 5 }, 'password'],
    ])('422 for %j naming %s', async (body, field) => {
      const res = await create(body).expect(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(res.body).toMatchObject({
        type: 'about:blank',
        title: 'Unprocessable Content',
        status: 422,
      });
    });

    it('names every bad field at once', async () => {
      const res = await create({
        url: 'nope',
        privacy: 9,
        password: '',
      }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['privacy', 'url']);
    });

    it('names a refused address beside the other bad fields', async () => {
      const res = await create({
        url: `http://127.0.0.2:${site.port}/`,
        privacy: 9,
      }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['privacy', 'url']);
      expect(res.body.errors.url[0]).toMatch(/not allowed/);
    });

    it('says a missing url is required', async () => {
      const res = await create({ privacy: 0 }).expect(422);
      expect(res.body.errors.url).toEqual(['url is required']);
    });

    it('422, not a database error, for a URL that grows past 2048 characters once encoded', async () => {
      const res = await create({
        url: site.url(`/${'é'.repeat(1000)}`),
      }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['url']);
    });

    it('answers 202 at once with Prefer: respond-async, then completes', async () => {
      const res = await create({ url: site.url('/pricing') })
        .set('Prefer', 'respond-async')
        .expect(202);
      expect(res.headers['preference-applied']).toBe('respond-async');
      expect(res.headers.location).toMatch(/\/api\/v1\/reports\/\d+$/);
      expect(res.body.data.status).toBe('queued');
      const done = await pollUntilSettled(res.body.data.id);
      expect(done.status).toBe('completed');
      expect(done.results.checks).toHaveLength(58);
    });
  });

  async function pollUntilSettled(
    id: number,
  ): Promise<{ status: string; results: { checks: unknown[] } }> {
    for (let i = 0; i < 100; i++) {
      const res = await owner().get(`/api/v1/reports/${id}`).expect(200);
      const report = res.body.data;
      if (report.status === 'completed' || report.status === 'failed') {
        return report;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`report ${id} did not settle`);
  }

  describe('get and list', () => {
    it('gets one report with results; the list leaves results out', async () => {
      const id = (await create({ url: site.url('/pricing') }).expect(201)).body
        .data.id;
      const one = await owner().get(`/api/v1/reports/${id}`).expect(200);
      expect(one.body.data.results.checks).toHaveLength(58);
      const list = await owner()
        .get('/api/v1/reports?per_page=100')
        .expect(200);
      const listed = list.body.data.find((r: { id: number }) => r.id === id);
      expect(listed).toBeDefined();
      expect(listed).not.toHaveProperty('results');
    });
  });

  describe('update', () => {
    let id: number;
    beforeEach(async () => {
      id = (await create({ url: site.url('/pricing') }).expect(201)).body.data
        .id;
    });
    const update = (body: object) =>
      owner().put(`/api/v1/reports/${id}`).send(body);
    /** The status of the report's shared JSON, asked by the token of its share_url. */
    const sharedJsonStatus = async (password?: string): Promise<number> => {
      const report = (await owner().get(`/api/v1/reports/${id}`)).body.data;
      const token = (report.share_url as string).split('/r/')[1];
      const req = t.anonymous().get(`/api/v1/shared/reports/${token}`);
      return (
        await (password === undefined
          ? req
          : req.set('X-Report-Password', password))
      ).status;
    };

    it('422 for a body with none of the fields, naming the fields it takes', async () => {
      const res = await update({}).expect(422);
      expect(res.body.detail).toMatch(/at least one/);
      expect(Object.keys(res.body.errors).sort()).toEqual([
        'password',
        'privacy',
        'results',
        'rotate_share_token',
        'schedule',
      ]);
    });

    it('names the rules that depend on the stored report beside the other bad fields', async () => {
      const res = await update({ results: 7, privacy: 2 }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual([
        'password',
        'results',
      ]);
    });

    it('never leaves a password on a report that is not password-protected, whatever the order of concurrent updates', async () => {
      await update({ privacy: 2, password: 'start' }).expect(200);
      for (let round = 0; round < 5; round++) {
        const [withPassword, toPublic] = await Promise.all([
          update({ password: `p${round}` }),
          update({ privacy: 0 }),
        ]);
        expect([200, 422]).toContain(withPassword.status);
        expect(toPublic.status).toBe(200);
        const rows: Array<{ privacy: number; password_hash: string | null }> =
          await t.dataSource.query(
            'SELECT privacy, password_hash FROM reports WHERE id = $1',
            [id],
          );
        expect(rows[0].privacy).toBe(0);
        expect(rows[0].password_hash).toBeNull();
        await update({ privacy: 2, password: 'again' }).expect(200);
      }
    });

    it.each([
      [{ privacy: 7 }, 'privacy'],
      [{ results: 2 }, 'results'],
      [{ results: 'yes' }, 'results'],
      [{ privacy: 2, password: 'p'.repeat(129) }, 'password'],
    ])('422 for %j naming %s', async (body, field) => {
      const res = await update(body).expect(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    });

    it('makes a report public, with a share_url from the request host', async () => {
      const res = await update({ privacy: 0 })
        .set('Host', 'reports.example.test')
        .expect(200);
      expect(res.body.data.privacy).toBe(0);
      expect(res.body.data.share_url).toMatch(
        /^http:\/\/reports\.example\.test\/r\/[A-Za-z0-9_-]{32}$/,
      );
      expect(await sharedJsonStatus()).toBe(200);
    });

    it('switching to password needs a password unless one is stored', async () => {
      const refused = await update({ privacy: 2 }).expect(422);
      expect(Object.keys(refused.body.errors)).toEqual(['password']);
      await update({ privacy: 2, password: 'first' }).expect(200);
      expect(await sharedJsonStatus('first')).toBe(200);
      // A password alone on a privacy-2 report replaces it.
      await update({ password: 'second' }).type('form').expect(200);
      expect(await sharedJsonStatus('first')).toBe(401);
      expect(await sharedJsonStatus('second')).toBe(200);
      // Leaving privacy 2 drops it: coming back needs a new one.
      await update({ privacy: 0 }).expect(200);
      await update({ privacy: 2 }).expect(422);
    });

    it('refuses a password alone on a report that is not password-protected', async () => {
      const res = await update({ password: 'secret' }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['password']);
    });

    it('results=0 does nothing to the analysis', async () => {
      const before = (await owner().get(`/api/v1/reports/${id}`)).body.data;
      const res = await update({ results: 0 }).expect(200);
      expect(res.body.data.generated_at).toBe(before.generated_at);
    });
  });

  describe('re-run', () => {
    it('results=1 analyses the page again and answers with the new result', async () => {
      pageVersion = 1;
      const first = (await create({ url: site.url('/versioned') }).expect(201))
        .body.data;
      const title = (r: {
        results: { checks: Array<{ id: string; value: unknown }> };
      }) => r.results.checks.find((c) => c.id === 'title')?.value;
      expect(title(first)).toBe('Version 1 of the changing page');
      pageVersion = 2;
      const again = await owner()
        .put(`/api/v1/reports/${first.id}`)
        .type('form')
        .send({ results: '1' })
        .expect(200);
      expect(again.body.data.status).toBe('completed');
      expect(title(again.body.data)).toBe('Version 2 of the changing page');
      expect(Date.parse(again.body.data.generated_at)).toBeGreaterThan(
        Date.parse(first.generated_at),
      );
    });

    it('keeps the last result while an async re-run is queued', async () => {
      const first = (await create({ url: site.url('/pricing') }).expect(201))
        .body.data;
      const res = await owner()
        .put(`/api/v1/reports/${first.id}`)
        .set('Prefer', 'respond-async')
        .send({ results: 1 })
        .expect(202);
      expect(res.headers.location).toMatch(
        new RegExp(`/api/v1/reports/${first.id}$`),
      );
      expect(res.body.data.status).toBe('queued');
      expect(res.body.data.score).toBe(first.score);
      expect((await pollUntilSettled(first.id)).status).toBe('completed');
    });

    it('retries a failed analysis', async () => {
      flakyServesHtml = false;
      flakyRequests = 0;
      const failed = (await create({ url: site.url('/flaky') }).expect(201))
        .body.data;
      expect(failed.error.code).toBe('http_status');
      // A 5xx is transient: three attempts before the analysis fails.
      expect(flakyRequests).toBe(3);
      flakyServesHtml = true;
      const res = await owner()
        .put(`/api/v1/reports/${failed.id}`)
        .send({ results: 1 })
        .expect(200);
      expect(res.body.data).toMatchObject({ status: 'completed', error: null });
      expect(res.body.data.score).toEqual(expect.any(Number));
    });
  });

  describe('delete and tenancy', () => {
    it('deletes a report: 204, then 404', async () => {
      const id = (await create({ url: site.url('/pricing') }).expect(201)).body
        .data.id;
      const res = await owner().delete(`/api/v1/reports/${id}`).expect(204);
      expect(res.text).toBe('');
      await owner().get(`/api/v1/reports/${id}`).expect(404);
      await owner().delete(`/api/v1/reports/${id}`).expect(404);
    });

    it("answers 404 for another account's report on every route", async () => {
      const id = (await create({ url: site.url('/pricing') }).expect(201)).body
        .data.id;
      const other = t.as(otherKey);
      const missing = await other.get('/api/v1/reports/999999999').expect(404);
      const foreign = await other.get(`/api/v1/reports/${id}`).expect(404);
      expect(foreign.body).toEqual(missing.body);
      await other.put(`/api/v1/reports/${id}`).send({ privacy: 0 }).expect(404);
      await other.delete(`/api/v1/reports/${id}`).expect(404);
      const list = await other.get('/api/v1/reports?per_page=100').expect(200);
      expect(list.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
      // Still there, unchanged, for its owner.
      const mine = await owner().get(`/api/v1/reports/${id}`).expect(200);
      expect(mine.body.data.privacy).toBe(1);
    });
  });
});
