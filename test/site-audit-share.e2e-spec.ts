import type request from 'supertest';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import {
  HOSTILE_TITLE,
  seedHostileUrl,
  sharePath,
  startHostileAuditSite,
} from './support/shared-audits.js';
import { readAudit, runAudit } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * A site audit's shared page (/s/{token}) and PUT /api/v1/site-audits/{id}: the
 * privacy model of reports (public, private 404, password form, cookie, guess limits,
 * rotation), and nothing of the crawled site able to inject markup.
 */
describe('shared site audits', () => {
  let t: TestApp;
  let hostile: FixtureSite;
  let plain: FixtureSite;
  let key: string;

  beforeAll(async () => {
    hostile = await startHostileAuditSite();
    plain = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><head><title>Plain</title></head><body><p>Plain</p></body></html>',
        ),
    });
    t = await startTestApp({
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await hostile?.close();
    await plain?.close();
  });

  const put = (id: number, body: object) =>
    t.as(key).put(`/api/v1/site-audits/${id}`).send(body);
  const shareUrlOf = async (id: number) =>
    (await t.as(key).get(`/api/v1/site-audits/${id}`).expect(200)).body.data
      .share_url as string | null;
  const unlock = (path: string, password: string, client = '198.51.100.7') =>
    t
      .anonymous()
      .post(path)
      .set('X-Forwarded-For', client)
      .type('form')
      .send({ password });
  const cookieFrom = (res: request.Response) => {
    const header = res.headers['set-cookie'] as unknown as string[] | undefined;
    expect(header).toBeDefined();
    return header![0].split(';')[0];
  };
  const plainAudit = async (body: object = {}) =>
    (
      await runAudit(t.as(key), {
        url: plain.url('/'),
        sitemaps: false,
        ...body,
      })
    ).id;

  describe('a public audit of a hostile site', () => {
    let id: number;
    let path: string;
    let hostilePage: number;

    beforeAll(async () => {
      const audit = await runAudit(t.as(key), {
        url: hostile.url('/'),
        privacy: 0,
      });
      expect(audit.status).toBe('completed');
      id = audit.id;
      path = sharePath(await shareUrlOf(id));
      hostilePage = await seedHostileUrl(t.dataSource, id, '/a');
    });

    it('shares at /s/{token} with a strict Content-Security-Policy and no script', async () => {
      expect(path).toMatch(/^\/s\/[A-Za-z0-9_-]{32}$/);
      const res = await t.anonymous().get(path).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src/);
      expect(res.text).toContain('<svg class="gauge"');
      expect(res.text).toContain('Status codes');
      expect(res.text).toContain('Click depth');
      expect(res.text).toMatch(/svg class="bar-chart"/);
      expect(res.text).toContain(`href="${path}/pages/${hostilePage}"`);
      // The host's facts first, on the first page; then the issues, ten a page, highest priority first.
      const priorities = (html: string) =>
        [...html.matchAll(/priority (\d+) · /g)].map((m) => Number(m[1]));
      const descending = (list: number[]) =>
        expect(list).toEqual([...list].sort((a, b) => b - a));
      const issuesHeading =
        '<h2 id="issues">Issues, highest priority first</h2>';
      const [hostPart, firstList] = res.text.split(issuesHeading);
      expect(hostPart).toMatch(
        /<h2 id="host">The host: \d+ facts to fix once<\/h2>/,
      );
      expect(hostPart).toContain('<code>https</code>');
      expect(hostPart).toContain('class="advice"');
      descending(priorities(hostPart.split('<h2 id="host">')[1]));
      const last = Number(/Page 1 of (\d+)/.exec(res.text)?.[1] ?? 1);
      let all = firstList;
      for (let n = 2; n <= last; n++) {
        const text = (await t.anonymous().get(`${path}?page=${n}`).expect(200))
          .text;
        expect(text).not.toContain('<h2 id="host">');
        all += text.split(issuesHeading)[1];
      }
      expect(all).toContain('<code>duplicate_title</code>');
      expect(all).toContain('<code>broken_link</code>');
      descending(priorities(all));
    });

    it('escapes every title, URL and piece of evidence from the crawled site', async () => {
      const pages = [
        path,
        `${path}/issues/duplicate_title`,
        `${path}/issues/broken_link`,
        `${path}/pages/${hostilePage}`,
      ];
      for (const one of pages) {
        const res = await t.anonymous().get(one).expect(200);
        expect({ one, script: /<script/i.test(res.text) }).toEqual({
          one,
          script: false,
        });
        expect({ one, img: /<img/i.test(res.text) }).toEqual({
          one,
          img: false,
        });
        expect({ one, handler: /<[^>]+\son\w+=/i.test(res.text) }).toEqual({
          one,
          handler: false,
        });
      }
      const page = await t
        .anonymous()
        .get(`${path}/pages/${hostilePage}`)
        .expect(200);
      expect(page.text).toContain(
        '&lt;img src=x onerror=alert(&#39;url&#39;)&gt;',
      );
      expect(page.text).toContain(
        HOSTILE_TITLE.replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;'),
      );
    });

    it('lists the pages of one issue and a page of checks; unknown ones are 404 pages', async () => {
      const issue = await t
        .anonymous()
        .get(`${path}/issues/duplicate_title?page=1`)
        .expect(200);
      expect(issue.text.match(/\/pages\/\d+"/g)?.length).toBe(2);
      const page = await t.anonymous().get(`${path}/pages/1`).expect(200);
      expect(page.text).toContain('<ul class="checks">');
      for (const missing of [
        `${path}/pages/999`,
        `${path}/pages/0`,
        `${path}/issues/deep_page`,
        `${path}/issues/no_such_check`,
      ]) {
        const res = await t.anonymous().get(missing).expect(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      }
      // A page past the end of the list shows the last one.
      await t.anonymous().get(`${path}?page=99`).expect(200);
      await t.anonymous().get(`${path}?page=junk`).expect(200);
    });

    it('rotates its token: the old link is 404, the new one opens', async () => {
      const res = await put(id, { rotate_share_token: 1 }).expect(200);
      const rotated = sharePath(res.body.data.share_url);
      expect(rotated).not.toBe(path);
      const gone = await t.anonymous().get(path).expect(404);
      expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
      await t.anonymous().get(`${path}/pages/1`).expect(404);
      await t.anonymous().get(rotated).expect(200);
      path = rotated;
    });
  });

  describe('privacy', () => {
    it('answers 404 for a private audit, and for one made private', async () => {
      const id = await plainAudit({ privacy: 0 });
      const path = sharePath(await shareUrlOf(id));
      await t.anonymous().get(path).expect(200);
      const res = await put(id, { privacy: 1 }).expect(200);
      expect(res.body.data.share_url).toBeNull();
      const gone = await t.anonymous().get(path).expect(404);
      expect(gone.text).toContain('Site audit not found');
      expect(await shareUrlOf(await plainAudit())).toBeNull();
    });

    it('shows the password form, opens with the password, and limits wrong guesses', async () => {
      const id = await plainAudit({ privacy: 2, password: 'correct horse' });
      const path = sharePath(await shareUrlOf(id));
      const form = await t.anonymous().get(path).expect(200);
      expect(form.text).toContain(`<form method="post" action="${path}"`);
      expect(form.text).not.toContain(plain.url('/'));
      await t.anonymous().get(`${path}/pages/1`).expect(200);
      expect((await t.anonymous().get(`${path}/pages/1`)).text).not.toContain(
        '<ul class="checks">',
      );

      const wrong = await unlock(path, 'wrong', '198.51.100.20').expect(401);
      expect(wrong.text).toContain('That password is not right.');
      const right = await unlock(path, 'correct horse').expect(303);
      expect(right.headers.location).toBe(path);
      const setCookie = (right.headers['set-cookie'] as unknown as string[])[0];
      expect(setCookie).toMatch(/^shared_audit=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toContain(`Path=${path}`);
      const cookie = cookieFrom(right);
      const shown = await t.anonymous().get(path).set('Cookie', cookie);
      expect(shown.status).toBe(200);
      expect(shown.text).not.toContain('type="password"');
      const checks = await t
        .anonymous()
        .get(`${path}/pages/1`)
        .set('Cookie', cookie)
        .expect(200);
      expect(checks.text).toContain('<ul class="checks">');

      // A new password signs the cookie out.
      await put(id, { password: 'battery staple' }).expect(200);
      const signedOut = await t.anonymous().get(path).set('Cookie', cookie);
      expect(signedOut.text).toContain('type="password"');

      // Five wrong guesses from one client, then 429 for it; another still gets in.
      for (let i = 0; i < 5; i++) {
        await unlock(path, `guess ${i}`, '203.0.113.1').expect(401);
      }
      const blocked = await unlock(
        path,
        'battery staple',
        '203.0.113.1',
      ).expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.headers['content-type']).toBe('text/html; charset=utf-8');
      await unlock(path, 'battery staple', '203.0.113.2').expect(303);
    });

    it("never takes a report's cookie for an audit's", async () => {
      const id = await plainAudit({ privacy: 2, password: 'same words' });
      const path = sharePath(await shareUrlOf(id));
      const report = await t.as(key).createReport({
        url: plain.url('/'),
        privacy: 2,
        password: 'same words',
      });
      const shared = (
        await t.as(key).get(`/api/v1/reports/${report}`).expect(200)
      ).body.data.share_url as string;
      const reportCookie = cookieFrom(
        await unlock(new URL(shared).pathname, 'same words').expect(303),
      ).replace(/^shared_report=/, 'shared_audit=');
      const res = await t.anonymous().get(path).set('Cookie', reportCookie);
      expect(res.text).toContain('type="password"');
    });
  });

  describe('PUT /api/v1/site-audits/{id}', () => {
    let id: number;
    beforeAll(async () => {
      id = await plainAudit();
    });

    it('refuses a body with nothing to change, and bad fields, naming each', async () => {
      const empty = await put(id, {}).expect(422);
      expect(empty.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      expect(Object.keys(empty.body.errors).sort()).toEqual([
        'password',
        'privacy',
        'rotate_share_token',
        'schedule',
      ]);
      const bad = await put(id, {
        privacy: 7,
        rotate_share_token: 2,
        schedule: 'hourly',
      }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'privacy',
        'rotate_share_token',
        'schedule',
      ]);
      const noPassword = await put(id, { privacy: 2 }).expect(422);
      expect(noPassword.body.errors.password).toEqual([
        'password is required when privacy is 2 (password)',
      ]);
      const stray = await put(id, { password: 'x' }).expect(422);
      expect(stray.body.errors.password).toEqual([
        'password is only accepted with privacy 2 (password)',
      ]);
      await put(id, { password: 'x'.repeat(129), privacy: 2 }).expect(422);
      expect((await readAudit(t.as(key), id)).status).toBe('completed');
      expect(await shareUrlOf(id)).toBeNull();
    });

    it('takes a form, as PUT /reports/{id} does', async () => {
      const res = await t
        .as(key)
        .put(`/api/v1/site-audits/${id}`)
        .type('form')
        .send({ privacy: '0' })
        .expect(200);
      expect(res.body.data.privacy).toBe(0);
      expect(res.body.data.share_url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
      await put(id, { privacy: 1 }).expect(200);
    });

    it('sets and stops a schedule', async () => {
      const on = await put(id, { schedule: 'weekly' }).expect(200);
      expect(on.body.data.schedule).toBe('weekly');
      expect(on.body.data.next_run_at).not.toBeNull();
      const again = await put(id, { schedule: 'weekly' }).expect(200);
      expect(again.body.data.next_run_at).toBe(on.body.data.next_run_at);
      const off = await put(id, { schedule: null }).expect(200);
      expect(off.body.data).toMatchObject({
        schedule: null,
        next_run_at: null,
      });
    });

    it("answers 404 for another account's audit and for ids that are none", async () => {
      const other = (await t.newAccount()).key;
      const res = await t
        .as(other)
        .put(`/api/v1/site-audits/${id}`)
        .send({ privacy: 0 })
        .expect(404);
      expect(res.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      await put(99999999, { privacy: 0 }).expect(404);
      await t
        .as(key)
        .put('/api/v1/site-audits/abc')
        .send({ privacy: 0 })
        .expect(404);
      expect(await shareUrlOf(id)).toBeNull();
    });
  });
});
