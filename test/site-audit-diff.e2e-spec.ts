import { CHANGED, startDiffFixtureSite } from './support/diff-fixture-site.js';
import type { DiffFixtureSite } from './support/diff-fixture-site.js';
import { createAudit, finishedAudit, runAudit } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The diff of two audits of one site end to end: a site with ten kinds of change
 * between its audits, and one without any; on the PostgreSQL of DATABASE_URL, then
 * on the embedded default.
 */

interface Change {
  type: string;
  check_id: string | null;
  pages: number;
  items: Array<{ url: string; before: unknown; after: unknown }>;
}

function describeOn(name: string, env: Record<string, string | undefined>) {
  describe(`site audit diffs on ${name}`, () => {
    let t: TestApp;
    let site: DiffFixtureSite;

    beforeAll(async () => {
      site = await startDiffFixtureSite();
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ...env });
    });
    afterAll(async () => {
      await t?.close();
      await site?.close();
    });

    it('reports no change between two audits of an unchanged site, and 404 for the first', async () => {
      site.version = 'before';
      const { key } = await t.newAccount();
      const first = await runAudit(t.as(key), { url: site.url('/') });
      const second = await runAudit(t.as(key), { url: site.url('/') });
      const res = await t
        .as(key)
        .get(`/api/v1/site-audits/${second.id}/diff`)
        .expect(200);
      expect(res.body.data).toMatchObject({
        from: { id: first.id, url: site.url('/') },
        to: { id: second.id, url: site.url('/') },
        pages_per_change: 100,
        warnings: [],
        changes: [],
      });
      // Made with another max_pages: the diff says so before anything else.
      const smaller = await runAudit(t.as(key), {
        url: site.url('/'),
        max_pages: 2,
      });
      const warned = await t
        .as(key)
        .get(`/api/v1/site-audits/${smaller.id}/diff?from=${second.id}`)
        .expect(200);
      expect(warned.body.data.warnings).toEqual([
        expect.stringMatching(
          /^The audits were made with different settings: max_pages 500 then, 2 now;/,
        ),
      ]);
      const none = await t
        .as(key)
        .get(`/api/v1/site-audits/${first.id}/diff`)
        .expect(404);
      expect(none.headers['content-type']).toBe(
        'application/problem+json; charset=utf-8',
      );
    });

    it('reports each of ten kinds of change with its pages, each kind once', async () => {
      const { key } = await t.newAccount();
      site.version = 'before';
      const before = await runAudit(t.as(key), { url: site.url('/') });
      site.version = 'after';
      let after;
      try {
        after = await runAudit(t.as(key), { url: site.url('/') });
      } finally {
        site.version = 'before';
      }
      expect([before.status, after.status]).toEqual(['completed', 'completed']);
      const res = await t
        .as(key)
        .get(`/api/v1/site-audits/${after.id}/diff?from=${before.id}`)
        .expect(200);
      const changes = res.body.data.changes as Change[];
      const kinds = changes.map((c) => `${c.type}:${c.check_id ?? ''}`);
      expect(new Set(kinds).size).toBe(kinds.length);
      const url = (path: string) => site.url(path);
      const of = (type: string, checkId: string | null = null) => {
        const change = changes.find(
          (c) => c.type === type && c.check_id === checkId,
        );
        expect({ type, checkId, found: !!change }).toEqual({
          type,
          checkId,
          found: true,
        });
        expect(change!.pages).toBe(change!.items.length);
        return change!.items;
      };
      // 1. A title changed.
      expect(of('title')).toEqual([
        {
          url: url(CHANGED.title),
          before: 'The old title',
          after: 'The new title',
        },
      ]);
      // 2. A page became noindex: so it is no longer indexable either.
      expect(of('noindex')).toEqual([
        { url: url(CHANGED.noindex), before: false, after: true },
      ]);
      expect(of('indexable')).toEqual(
        expect.arrayContaining([
          { url: url(CHANGED.noindex), before: true, after: false },
          { url: url(CHANGED.canonical), before: true, after: false },
        ]),
      );
      // 3. A canonical changed.
      expect(of('canonical')).toEqual([
        {
          url: url(CHANGED.canonical),
          before: url(CHANGED.canonical),
          after: url('/other'),
        },
      ]);
      // 4. A page started to 404, and 5. a redirect appeared.
      expect(of('status_code')).toEqual([
        { url: url(CHANGED.notFound), before: 200, after: 404 },
        { url: url(CHANGED.redirect), before: 200, after: 301 },
      ]);
      expect(of('redirect_to')).toEqual([
        { url: url(CHANGED.redirect), before: null, after: url('/other') },
      ]);
      // 6. A page was added (and the missing target of the new link is a page too) and 7. one removed.
      expect(of('page_added')).toEqual([
        { url: url(CHANGED.added), before: null, after: 200 },
        { url: url(CHANGED.brokenTarget), before: null, after: 404 },
      ]);
      expect(of('page_removed')).toEqual([
        { url: url(CHANGED.removed), before: 200, after: null },
      ]);
      // 8. A new broken link; the home page's link to the page now 404 is broken too.
      expect(of('issue_appeared', 'broken_link').map((i) => i.url)).toEqual([
        url('/'),
        url(CHANGED.brokenLink),
      ]);
      // 9. hreflang changed.
      expect(of('hreflang')).toEqual([
        {
          url: url(CHANGED.hreflang),
          before: [
            { lang: 'en', url: url(CHANGED.hreflang) },
            { lang: 'fr', url: url('/fr') },
          ],
          after: [
            { lang: 'de', url: url('/de') },
            { lang: 'en', url: url(CHANGED.hreflang) },
          ],
        },
      ]);
      // 10. A meta description removed.
      expect(of('meta_description')).toEqual([
        {
          url: url(CHANGED.description),
          before: 'A description that will go.',
          after: null,
        },
      ]);
      // A page removed, turned 404 or redirected is that one change: no check it "fixed".
      const fixedOn = changes
        .filter((c) => c.type === 'issue_fixed')
        .flatMap((c) => c.items.map((i) => i.url));
      for (const path of [
        CHANGED.notFound,
        CHANGED.redirect,
        CHANGED.removed,
      ]) {
        expect({ path, fixed: fixedOn.includes(url(path)) }).toEqual({
          path,
          fixed: false,
        });
      }
      // Pages nothing changed on appear in no change but the issue ones.
      const touched = new Set(
        changes
          .filter((c) => !c.type.startsWith('issue_'))
          .flatMap((c) => c.items.map((i) => i.url)),
      );
      for (const path of ['/other', '/fr', '/de', '/formula', '/']) {
        expect({ path, touched: touched.has(url(path)) }).toEqual({
          path,
          touched: false,
        });
      }

      // The default `from` is the previous completed audit; the cap lists fewer pages, counts them all.
      const capped = await t
        .as(key)
        .get(`/api/v1/site-audits/${after.id}/diff?pages_per_change=1`)
        .expect(200);
      expect(capped.body.data.from.id).toBe(before.id);
      const status = (capped.body.data.changes as Change[]).find(
        (c) => c.type === 'status_code',
      );
      expect(status).toMatchObject({
        pages: 2,
        items: [{ url: url(CHANGED.notFound) }],
      });
    });

    it('answers 404, 409 and 422 problem documents for audits it cannot compare', async () => {
      site.version = 'before';
      const { key } = await t.newAccount();
      const other = await t.newAccount();
      const audit = await runAudit(t.as(key), {
        url: site.url('/'),
        max_pages: 3,
      });
      const base = `/api/v1/site-audits/${audit.id}/diff`;
      // Another site's audit (another start URL): 422 naming from.
      const elsewhere = await runAudit(t.as(key), {
        url: site.url('/other'),
        max_pages: 1,
      });
      const wrongSite = await t
        .as(key)
        .get(`${base}?from=${elsewhere.id}`)
        .expect(422);
      expect(Object.keys(wrongSite.body.errors)).toEqual(['from']);
      await t.as(key).get(`${base}?from=${audit.id}`).expect(422);
      await t.as(key).get(`${base}?from=abc`).expect(422);
      await t.as(key).get(`${base}?pages_per_change=0`).expect(422);
      await t.as(key).get(`${base}?pages_per_change=1001`).expect(422);
      // An audit of the same site that did not complete: 409, either way round.
      const cancelled = await createAudit(t.as(key), { url: site.url('/') });
      await t.as(key).post(`/api/v1/site-audits/${cancelled}/cancel`);
      expect((await finishedAudit(t.as(key), cancelled)).status).toBe(
        'cancelled',
      );
      await t.as(key).get(`${base}?from=${cancelled}`).expect(409);
      await t
        .as(key)
        .get(`/api/v1/site-audits/${cancelled}/diff?from=${audit.id}`)
        .expect(409);
      // Another account's audits are no audits at all.
      const foreign = await runAudit(t.as(other.key), {
        url: site.url('/'),
        max_pages: 1,
      });
      await t.as(key).get(`${base}?from=${foreign.id}`).expect(404);
      await t.as(other.key).get(base).expect(404);
    });
  });
}

describeOn(
  process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded default',
  {},
);
if (process.env.DATABASE_URL) {
  describeOn('the embedded default', { DATABASE_URL: undefined });
}
