import {
  CANONICAL_FAULTS,
  CANONICAL_FORMS,
  FAILING,
  LINKED_COPY,
  startCanonicalFormsSite,
} from './support/canonical-forms-site.js';
import type { CanonicalFormsSite } from './support/canonical-forms-site.js';
import { affectedBy, allPages, runAudit } from './support/site-audits.js';
import type { AuditBody, PageBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * Canonicals read as Google reads them, end to end: a site that writes its canonicals
 * in every form (absolute, a path, a relative path, scheme-relative, an upper-case
 * scheme, with a fragment, against a `<base href>`, in the Link header), and a site's
 * own failures asked once. On the PostgreSQL of DATABASE_URL, then on the embedded
 * default.
 */

interface Change {
  type: string;
  check_id: string | null;
  items: Array<{ url: string; before: unknown; after: unknown }>;
}

function describeOn(name: string, env: Record<string, string | undefined>) {
  describe(`canonicals in every written form on ${name}`, () => {
    let t: TestApp;
    let site: CanonicalFormsSite;
    let key: string;
    let audit: AuditBody;
    let pages: PageBody[];
    const pageAt = (path: string) =>
      pages.find((p) => p.url === site.url(path));

    beforeAll(async () => {
      site = await startCanonicalFormsSite();
      // The page that never answers is given up at the deadline, not held for 30 s.
      t = await startTestApp({
        RATE_LIMIT_PER_MINUTE: '100000',
        ANALYZER_DEADLINE_MS: '5000',
        ...env,
      });
      ({ key } = await t.newAccount());
      site.version = 'before';
      audit = await runAudit(t.as(key), { url: site.url('/') });
      pages = await allPages(t.as(key), audit.id);
    });
    afterAll(async () => {
      await t?.close();
      await site?.close();
    });

    it('crawls each canonical-only target, of no depth, and counts its copy as not indexable', () => {
      expect(audit.status).toBe('completed');
      for (const form of CANONICAL_FORMS) {
        const target = pageAt(form.target('before'));
        expect([form.form, target?.status_code, target?.depth]).toEqual([
          form.form,
          200,
          null,
        ]);
        expect([form.form, target?.indexable]).toEqual([form.form, true]);
        expect([form.form, pageAt(form.page)?.indexable]).toEqual([
          form.form,
          false,
        ]);
      }
      const { broken, redirect, chain } = CANONICAL_FAULTS;
      for (const [path, status] of [
        [broken.target, 404],
        [redirect.target, 301],
        [chain.target, 200],
        [chain.end, 200],
      ] as const) {
        expect([path, pageAt(path)?.status_code, pageAt(path)?.depth]).toEqual([
          path,
          status,
          null,
        ]);
      }
    });

    it('reads a canonical naming the page by its path as the page, and two that disagree as none', async () => {
      expect(pageAt('/self-path')).toMatchObject({
        indexable: true,
        depth: 1,
      });
      // A canonical all the same: it passes, with the advice to write it absolute.
      expect(pageAt('/self-path')!.failed_checks).not.toContain('canonical');
      const detail = await t
        .as(key)
        .get(
          `/api/v1/site-audits/${audit.id}/pages/${pageAt('/self-path')!.id}`,
        )
        .expect(200);
      const check = (
        detail.body.data.results.checks as Array<{
          id: string;
          passed: boolean;
          message: string;
          value: unknown;
        }>
      ).find((c) => c.id === 'canonical');
      expect(check).toMatchObject({
        passed: true,
        message: expect.stringMatching(
          /written as a relative URL \("\/self-path"\)/,
        ),
        value: { written: '/self-path', resolved: site.url('/self-path') },
      });
      expect(pageAt('/conflict')!.indexable).toBe(true);
      const asked = site.requests.map((r) => r.path);
      expect(asked).not.toContain('/conflict-one');
      expect(asked).not.toContain('/conflict-two');
    });

    it('finds no duplicate between a page and the page it names as canonical', async () => {
      // The original is linked too: both crawled, the copy not indexable.
      expect(pageAt(LINKED_COPY.page)).toMatchObject({ indexable: false });
      expect(pageAt(LINKED_COPY.original)).toMatchObject({ indexable: true });
      for (const check of [
        'duplicate_title',
        'duplicate_description',
        'duplicate_content',
      ]) {
        expect([check, await affectedBy(t.as(key), audit.id, check)]).toEqual([
          check,
          [],
        ]);
      }
    });

    it('judges canonicals that are broken, redirect or chain exactly, each written as a path', async () => {
      const { broken, redirect, chain } = CANONICAL_FAULTS;
      const findings = async (check: string) =>
        (await affectedBy(t.as(key), audit.id, check)).map(
          ({ url, value }) => ({ url, value }),
        );
      expect(await findings('canonical_broken')).toEqual([
        {
          url: site.url(broken.page),
          value: expect.objectContaining({
            url: site.url(broken.target),
            status_code: 404,
          }),
        },
      ]);
      expect(await findings('canonical_redirect')).toEqual([
        {
          url: site.url(redirect.page),
          value: {
            url: site.url(redirect.target),
            status_code: 301,
            redirect_to: site.url(redirect.to),
          },
        },
      ]);
      expect(await findings('canonical_chain')).toEqual([
        {
          url: site.url(chain.page),
          value: {
            url: site.url(chain.target),
            canonical: site.url(chain.end),
          },
        },
      ]);
    });

    it('asks a page that resets, one that never answers and one that answers 500 once each, and counts them as broken links', async () => {
      const asked = new Map<string, number>();
      for (const r of site.requests) {
        asked.set(r.path, (asked.get(r.path) ?? 0) + 1);
      }
      expect([...asked].filter(([, n]) => n > 1)).toEqual([]);
      for (const path of Object.values(FAILING)) {
        expect([path, asked.get(path)]).toEqual([path, 1]);
      }
      expect(pageAt(FAILING.reset)).toMatchObject({
        status_code: null,
        error: 'connection',
      });
      expect(pageAt(FAILING.hang)).toMatchObject({
        status_code: null,
        error: 'timeout',
      });
      expect(pageAt(FAILING.error)).toMatchObject({
        status_code: 500,
        error: null,
      });
      const broken = await affectedBy(t.as(key), audit.id, 'broken_link');
      expect(broken.map((b) => b.url)).toEqual([site.url('/')]);
      const targets = broken[0].value as Array<{ url: string }>;
      expect(targets.map((target) => target.url).sort()).toEqual(
        Object.values(FAILING)
          .map((path) => site.url(path))
          .sort(),
      );
    });

    it('reports the move of a canonical in each written form in the diff', async () => {
      site.version = 'after';
      let after: AuditBody;
      try {
        after = await runAudit(t.as(key), { url: site.url('/') });
      } finally {
        site.version = 'before';
      }
      const res = await t
        .as(key)
        .get(`/api/v1/site-audits/${after.id}/diff?from=${audit.id}`)
        .expect(200);
      const moved = (res.body.data.changes as Change[]).find(
        (c) => c.type === 'canonical',
      );
      expect(
        [...(moved?.items ?? [])].sort((a, b) => a.url.localeCompare(b.url)),
      ).toEqual(
        [...CANONICAL_FORMS]
          .map((form) => ({
            url: site.url(form.page),
            before: site.url(form.target('before')),
            after: site.url(form.target('after')),
          }))
          .sort((a, b) => a.url.localeCompare(b.url)),
      );
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
