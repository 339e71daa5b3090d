import { findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { CHECKS, SITE_CHECKS } from '../src/analysis/index.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/** The check catalogue the service serves, and the links failed checks carry to it. */
describe('the check catalogue', () => {
  let t: TestApp;
  let site: FixtureSite;

  beforeAll(async () => {
    t = await startTestApp();
    site = await startFixtureSite({
      // No title, no description, no language: several checks fail.
      '/': (_req, res) => html(res, '<html><body><p>Bare.</p></body></html>'),
    });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('is a page with a section for every check and every site check, anchored by its id, without script', async () => {
    const res = await t.anonymous().get('/docs/checks').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain(
      "default-src 'none'",
    );
    const document = parseDocument(res.text);
    const ids = findAll((e) => e.name === 'section', document.children).map(
      (e) => e.attribs.id,
    );
    // The page checks (by category), then the site checks, as docs/checks.md has them.
    expect(ids).toHaveLength(CHECKS.length + SITE_CHECKS.length);
    expect(ids.slice(0, CHECKS.length)).toEqual(
      expect.arrayContaining(CHECKS.map((check) => check.id)),
    );
    expect(ids.slice(CHECKS.length)).toEqual(
      SITE_CHECKS.map((check) => check.id),
    );
    expect(findAll((e) => e.name === 'script', document.children)).toEqual([]);
  });

  it("gives each failed check an absolute doc_url, on the request's own host, that leads to its section", async () => {
    const { key } = await t.newAccount();
    const res = await t
      .as(key)
      .post('/api/v1/reports')
      .set('Host', 'reports.example.test')
      .send({ url: site.url('/') })
      .expect(201);
    const failed = (
      res.body.data.results.checks as Array<{
        id: string;
        passed: boolean | null;
        doc_url?: string;
        advice?: string;
      }>
    ).filter((check) => check.passed === false);
    expect(failed.length).toBeGreaterThan(0);
    for (const check of failed) {
      expect(check.doc_url).toBe(
        `http://reports.example.test/docs/checks#${check.id}`,
      );
      expect(check.advice).toEqual(expect.any(String));
    }
  });
});
