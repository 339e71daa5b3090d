import { findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type request from 'supertest';
import { XSS_PAGE } from './support/hostile-page.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

describe('shared reports: the page and the JSON for people without a key', () => {
  let t: TestApp;
  let site: FixtureSite;
  let key: string;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A well made page for sharing</title></head><body><h1>Shared</h1><p>${'Some words. '.repeat(120)}</p></body></html>`,
        ),
      '/xss': (_req, res) => html(res, XSS_PAGE),
      '/gone': (_req, res) => {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('<script>alert(1)</script> down');
      },
      '/hostile-redirect': (_req, res) => {
        res.writeHead(302, { location: '/"><script>alert(1)</script>' });
        res.end();
      },
      '/"><script>alert(1)</script>': (_req, res) =>
        html(res, '<!doctype html><title>Landed</title><h1>Landed</h1>'),
    });
    t = await startTestApp({ TRUST_PROXY: '1' });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  /** Each report's share token, as its share_url in the API's answers says. */
  const tokens = new Map<number, string>();
  const remember = (res: request.Response) => {
    const shareUrl = res.body.data.share_url as string | null;
    if (shareUrl) tokens.set(res.body.data.id, shareUrl.split('/r/')[1]);
    return res;
  };
  /** The share token of a report, or the value itself for what is not a report's id. */
  const tokenOf = (id: number | string) =>
    (typeof id === 'number' ? tokens.get(id) : undefined) ?? String(id);

  async function createReport(body: object, path = '/'): Promise<number> {
    const id = await t.as(key).createReport({ url: site.url(path), ...body });
    const res = remember(
      await t.as(key).get(`/api/v1/reports/${id}`).expect(200),
    );
    expect(res.body.data.status).toBe('completed');
    return id;
  }
  const updateReport = async (id: number, body: object) =>
    remember(
      await t.as(key).put(`/api/v1/reports/${id}`).send(body).expect(200),
    );
  const page = (id: number | string) => t.anonymous().get(`/r/${tokenOf(id)}`);
  const json = (id: number | string) =>
    t.anonymous().get(`/api/v1/shared/reports/${tokenOf(id)}`);
  const unlock = (id: number, password: string, client = '198.51.100.7') =>
    t
      .anonymous()
      .post(`/r/${tokenOf(id)}`)
      .set('X-Forwarded-For', client)
      .type('form')
      .send({ password });
  const cookieFrom = (res: request.Response) => {
    const header = res.headers['set-cookie'] as unknown as string[] | undefined;
    expect(header).toBeDefined();
    return header![0].split(';')[0];
  };

  describe('public (0)', () => {
    let id: number;
    beforeAll(async () => {
      id = await createReport({ privacy: 0 });
    });

    it('shows the report page with gauge, rating, categories, checks and facts', async () => {
      const res = await page(id).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<svg class="gauge"');
      for (const heading of [
        'Search engines',
        'Performance',
        'Security',
        'Miscellaneous',
      ]) {
        expect(res.text).toContain(heading);
      }
      expect(res.text).toContain(site.url('/'));
      expect(res.text).toMatch(/Title tag/);
      expect(res.text).not.toMatch(/<link[^>]+stylesheet|<script/i);
    });

    it('shows what to change under each failed check', async () => {
      const results = (await json(id).expect(200)).body.data.results;
      const failed = results.checks.filter(
        (c: { passed: boolean | null }) => c.passed === false,
      );
      expect(failed.length).toBeGreaterThan(0);
      const res = await page(id).expect(200);
      const advice = [...res.text.matchAll(/<p class="advice">/g)];
      expect(advice).toHaveLength(failed.length);
      expect(res.text).toContain(
        '<p class="advice">Write one <code>&lt;meta name=&quot;description&quot;&gt;</code> of 50 to 160 characters',
      );
    });

    it('serves the same report as JSON, without results hidden', async () => {
      const res = await json(id).expect(200);
      expect(res.body.data).toMatchObject({
        id,
        privacy: 0,
        status: 'completed',
      });
      expect(res.body.data.results.checks).toHaveLength(58);
    });

    it('sends a strict Content-Security-Policy and no script source', async () => {
      const res = await page(id).expect(200);
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('share links', () => {
    it('open a report by its token; its id opens nothing', async () => {
      const id = await createReport({ privacy: 0 });
      expect(tokenOf(id)).toMatch(/^[A-Za-z0-9_-]{32}$/);
      await page(id).expect(200);
      await json(id).expect(200);
      await t.anonymous().get(`/r/${id}`).expect(404);
      await t.anonymous().get(`/api/v1/shared/reports/${id}`).expect(404);
    });

    it('keep their token from public to password and back', async () => {
      const id = await createReport({ privacy: 0 });
      const token = tokenOf(id);
      await updateReport(id, { privacy: 2, password: 'kept' });
      expect(tokenOf(id)).toBe(token);
      await json(id).set('X-Report-Password', 'kept').expect(200);
      await updateReport(id, { privacy: 0 });
      expect(tokenOf(id)).toBe(token);
      await page(id).expect(200);
    });

    it('stop working when the token is rotated; the new one works', async () => {
      const id = await createReport({ privacy: 0 });
      const old = tokenOf(id);
      const res = await updateReport(id, { rotate_share_token: 1 });
      expect(tokenOf(id)).not.toBe(old);
      expect(res.body.data.share_url).toContain(`/r/${tokenOf(id)}`);
      await t.anonymous().get(`/r/${old}`).expect(404);
      await t.anonymous().get(`/api/v1/shared/reports/${old}`).expect(404);
      await page(id).expect(200);
    });

    it('of a report made private open nothing, and its share_url is null', async () => {
      const id = await createReport({ privacy: 0 });
      const token = tokenOf(id);
      const res = await t
        .as(key)
        .put(`/api/v1/reports/${id}`)
        .send({ privacy: 1 })
        .expect(200);
      expect(res.body.data.share_url).toBeNull();
      await t.anonymous().get(`/r/${token}`).expect(404);
      await t.anonymous().get(`/api/v1/shared/reports/${token}`).expect(404);
    });

    it('answer a malformed token with a 404 other origins can read', async () => {
      const res = await t
        .anonymous()
        .get('/api/v1/shared/reports/0')
        .set('Origin', 'https://agency.example')
        .expect(404);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('private (1)', () => {
    it('answers 404 exactly like a missing report, on both routes', async () => {
      const id = await createReport({ privacy: 1 });
      const missingPage = await page(999999999).expect(404);
      const privatePage = await page(id).expect(404);
      expect(privatePage.text).toBe(missingPage.text);
      const missingJson = await json(999999999).expect(404);
      const privateJson = await json(id).expect(404);
      expect(privateJson.body).toEqual(missingJson.body);
      await page('abc').expect(404);
      await json('0').expect(404);
    });
  });

  describe('password (2)', () => {
    let id: number;
    beforeAll(async () => {
      id = await createReport({ privacy: 2, password: 'correct horse' });
    });

    it('shows a password form, not the report', async () => {
      const res = await page(id).expect(200);
      expect(res.text).toContain(
        `<form method="post" action="/r/${tokenOf(id)}"`,
      );
      expect(res.text).toContain('type="password"');
      expect(res.text).not.toContain('<svg class="gauge"');
      // The form must not tell what a protected report is about, nor its id.
      expect(res.text).not.toContain(site.url('/'));
      expect(res.text).not.toMatch(new RegExp(`report ${id}\\b`));
    });

    it('has a share_url in the API', async () => {
      const res = await t.as(key).get(`/api/v1/reports/${id}`).expect(200);
      expect(res.body.data.share_url).toMatch(
        /^http:\/\/127\.0\.0\.1(:\d+)?\/r\/[A-Za-z0-9_-]{32}$/,
      );
    });

    it('unlocks with the form: 303 and a signed, HttpOnly, SameSite cookie for this report', async () => {
      const res = await unlock(id, 'correct horse').expect(303);
      expect(res.headers.location).toBe(`/r/${tokenOf(id)}`);
      const setCookie = (res.headers['set-cookie'] as unknown as string[])[0];
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toContain(`Path=/r/${tokenOf(id)}`);
      expect(setCookie).toMatch(/Max-Age=\d+/);
      const shown = await page(id).set('Cookie', cookieFrom(res)).expect(200);
      expect(shown.text).toContain('<svg class="gauge"');
    });

    it('refuses a forged or foreign cookie', async () => {
      const res = await unlock(id, 'correct horse').expect(303);
      const cookie = cookieFrom(res);
      const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      const shown = await page(id).set('Cookie', forged).expect(200);
      expect(shown.text).not.toContain('<svg class="gauge"');
      const other = await createReport({
        privacy: 2,
        password: 'correct horse',
      });
      // The same cookie sent to another report's page: signed for this report only.
      const foreign = await page(other).set('Cookie', cookie).expect(200);
      expect(foreign.text).not.toContain('<svg class="gauge"');
    });

    it('answers a wrong password with 401 on both routes', async () => {
      const res = await unlock(id, 'wrong', '198.51.100.20').expect(401);
      expect(res.text).toContain('type="password"');
      expect(res.headers['set-cookie']).toBeUndefined();
      await json(id).expect(401);
      const wrongJson = await json(id)
        .set('X-Report-Password', 'wrong')
        .set('X-Forwarded-For', '198.51.100.21')
        .expect(401);
      expect(wrongJson.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      expect(wrongJson.headers['www-authenticate']).toMatch(
        /^X-Report-Password /,
      );
      const right = await json(id)
        .set('X-Report-Password', 'correct horse')
        .expect(200);
      expect(right.body.data.id).toBe(id);
    });

    it('limits wrong passwords per client, then per report', async () => {
      const limited = await createReport({ privacy: 2, password: 'letmein' });
      for (let i = 0; i < 5; i++)
        await unlock(limited, `guess ${i}`, '203.0.113.1').expect(401);
      const blocked = await unlock(limited, 'letmein', '203.0.113.1').expect(
        429,
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      await json(limited)
        .set('X-Report-Password', 'letmein')
        .set('X-Forwarded-For', '203.0.113.1')
        .expect(429);
      // Another client still gets in...
      await unlock(limited, 'letmein', '203.0.113.2').expect(303);
      // ...until the report as a whole has seen too many wrong guesses.
      for (let i = 0; i < 25; i++) {
        await json(limited)
          .set('X-Report-Password', `guess ${i}`)
          .set('X-Forwarded-For', `203.0.113.${10 + i}`)
          .expect(401);
      }
      await unlock(limited, 'letmein', '203.0.113.99').expect(429);
    });

    it('counts parallel guesses: a burst cannot slip past the limit', async () => {
      const limited = await createReport({ privacy: 2, password: 'letmein' });
      const statuses = (
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            unlock(limited, `burst ${i}`, '203.0.113.200'),
          ),
        )
      ).map((res) => res.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    });

    it('counts a client by the address its proxy saw, not what it wrote into X-Forwarded-For', async () => {
      const limited = await createReport({ privacy: 2, password: 'letmein' });
      for (let i = 0; i < 5; i++)
        await unlock(limited, 'wrong', `10.9.9.${i}, 203.0.113.201`).expect(
          401,
        );
      await unlock(limited, 'wrong', '10.9.9.77, 203.0.113.201').expect(429);
    });

    it('answers 429 on the JSON route as a problem document with Retry-After', async () => {
      const limited = await createReport({ privacy: 2, password: 'letmein' });
      for (let i = 0; i < 5; i++)
        await json(limited)
          .set('X-Report-Password', `guess ${i}`)
          .set('X-Forwarded-For', '203.0.113.202')
          .expect(401);
      const res = await json(limited)
        .set('X-Report-Password', 'letmein')
        .set('X-Forwarded-For', '203.0.113.202')
        .expect(429);
      expect(res.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      expect(res.body).toMatchObject({
        status: 429,
        title: 'Too Many Requests',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });

    it('keeps cookies valid when an update re-sends the same privacy', async () => {
      const steady = await createReport({ privacy: 2, password: 'same' });
      const cookie = cookieFrom(await unlock(steady, 'same').expect(303));
      await updateReport(steady, { privacy: 2 });
      expect((await page(steady).set('Cookie', cookie)).text).toContain(
        '<svg class="gauge"',
      );
    });

    it('invalidates earlier cookies when the password or the privacy changes', async () => {
      const changing = await createReport({ privacy: 2, password: 'one' });
      const first = cookieFrom(await unlock(changing, 'one').expect(303));
      expect((await page(changing).set('Cookie', first)).text).toContain(
        '<svg class="gauge"',
      );

      await updateReport(changing, { password: 'two' });
      expect((await page(changing).set('Cookie', first)).text).not.toContain(
        '<svg class="gauge"',
      );
      const second = cookieFrom(await unlock(changing, 'two').expect(303));
      expect((await page(changing).set('Cookie', second)).text).toContain(
        '<svg class="gauge"',
      );

      await updateReport(changing, { privacy: 0 });
      await updateReport(changing, { privacy: 2, password: 'two' });
      expect((await page(changing).set('Cookie', second)).text).not.toContain(
        '<svg class="gauge"',
      );

      await updateReport(changing, { privacy: 1 });
      await page(changing).set('Cookie', second).expect(404);
    });
  });

  describe('a hostile analysed page', () => {
    it('stays inert: everything from the site is escaped', async () => {
      const id = await createReport({ privacy: 0 }, '/xss');
      const res = await page(id).expect(200);
      expect(res.text).not.toMatch(/<script/i);
      expect(res.text).not.toMatch(/<img[^>]*onerror/i);
      expect(res.text).not.toMatch(/<svg onload/i);
      expect(res.text).not.toMatch(/<b onmouseover/i);
      expect(res.text).not.toMatch(/href="javascript:/i);
      expect(res.text).toContain(
        '&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;',
      );
      // Parsed as a browser would: no script, no handler, no javascript: URL anywhere.
      const elements = findAll(() => true, parseDocument(res.text).children);
      expect(
        elements.filter((e) => e.name === 'script' || e.name === 'iframe'),
      ).toEqual([]);
      const attributes = elements.flatMap((e) => Object.entries(e.attribs));
      expect(attributes.filter(([name]) => /^on/i.test(name))).toEqual([]);
      expect(
        attributes.filter(([, value]) => /^\s*javascript:/i.test(value)),
      ).toEqual([]);
    });
  });

  describe('around the report', () => {
    it('lets pages on other origins embed the JSON (CORS, preflight included)', async () => {
      const id = await createReport({ privacy: 0 });
      const res = await json(id)
        .set('Origin', 'https://agency.example')
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const preflight = await t
        .anonymous()
        .options(`/api/v1/shared/reports/${tokenOf(id)}`)
        .set('Origin', 'https://agency.example')
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'x-report-password')
        .expect(204);
      expect(preflight.headers['access-control-allow-headers']).toMatch(
        /X-Report-Password/i,
      );
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
    });

    it('sends the page headers that keep it private and unframeable', async () => {
      const id = await createReport({ privacy: 0 });
      const res = await page(id).expect(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('answers errors of a shared page as HTML pages with the same headers', async () => {
      const id = await createReport({ privacy: 2, password: 'pw' });
      for (const res of [
        await t
          .anonymous()
          .post(`/r/${tokenOf(id)}`)
          .set('Content-Type', 'text/plain')
          .send('password=pw')
          .expect(415),
        await page('not-a-token').expect(404),
        await t.anonymous().get('/r/not-a-token/').expect(404),
        await page(id).set('Cookie', 'shared_report=forged').expect(200),
      ]) {
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['content-security-policy']).toContain(
          "default-src 'none'",
        );
        expect(res.text).toMatch(/^<!DOCTYPE html>/);
      }
    });

    it('answers addresses that are no shared page with problem documents', async () => {
      const id = await createReport({ privacy: 0 });
      for (const path of ['/r', '/r/', `/r/${tokenOf(id)}/more`]) {
        const res = await t.anonymous().get(path).expect(404);
        expect(res.headers['content-type']).toBe(
          'application/problem+json; charset=utf-8',
        );
      }
    });

    it('shows a failed analysis, escaping its message', async () => {
      const res = await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/gone'), privacy: 0 })
        .expect(201);
      remember(res);
      expect(res.body.data.status).toBe('failed');
      const shown = await page(res.body.data.id).expect(200);
      expect(shown.text).toContain('The analysis failed (http_status)');
      expect(shown.text).not.toMatch(/<script/i);
    });

    it('shows a report still in the queue as such', async () => {
      const res = await t
        .as(key)
        .post('/api/v1/reports')
        .set('Prefer', 'respond-async')
        .send({ url: site.url('/'), privacy: 0 })
        .expect(202);
      remember(res);
      const shown = await page(res.body.data.id).expect(200);
      expect(shown.text).toMatch(
        /The analysis is (queued|running)\. Reload|<svg class="gauge"/,
      );
    });

    it('escapes a hostile final URL and redirect chain', async () => {
      const id = await createReport({ privacy: 0 }, '/hostile-redirect');
      const res = await page(id).expect(200);
      expect(res.text).not.toMatch(/<script/i);
      // The URL parser percent-encodes the path, so nothing raw reaches the page.
      expect(res.text).toContain(
        '/%22%3E%3Cscript%3Ealert(1)%3C/script%3E</dd>',
      );
    });
  });
});
