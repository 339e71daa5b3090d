import { parse } from 'csv-parse/sync';
import {
  FORMULA_TITLE,
  startDiffFixtureSite,
} from './support/diff-fixture-site.js';
import type { DiffFixtureSite } from './support/diff-fixture-site.js';
import { affectedBy, allPages, runAudit } from './support/site-audits.js';
import type { AuditBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The CSV exports of a site audit end to end, read back with a standard CSV parser:
 * on the PostgreSQL of DATABASE_URL, then on the embedded default.
 */

/** The columns docs/site-audits.md documents, in order. */
const PAGE_HEADERS = [
  'id',
  'url',
  'status_code',
  'redirect_to',
  'content_type',
  'depth',
  'inlinks',
  'outlinks',
  'in_sitemap',
  'blocked_by_robots',
  'indexable',
  'title',
  'canonical',
  'score',
  'result',
  'failed_checks',
  'error',
  'template',
  // Empty here: the audit does not render.
  'render',
];
const ISSUE_HEADERS = [
  'issue_id',
  'scope',
  'importance',
  'page_id',
  'url',
  'status_code',
  'depth',
  'template',
  'evidence',
];

/** A cell as the file must hold a value: empty for null, JSON for evidence that is not text, formulas neutralised. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return typeof value === 'string' && /^[=+\-@\t\r＝＋－＠]/.test(text)
    ? `'${text}`
    : text;
}

function parsed(text: string): { headers: string[]; rows: string[][] } {
  const records: string[][] = parse(text);
  const [headers, ...rows] = records;
  return { headers, rows };
}

function describeOn(name: string, env: Record<string, string | undefined>) {
  describe(`site audit exports on ${name}`, () => {
    let t: TestApp;
    let site: DiffFixtureSite;
    let key: string;
    let audit: AuditBody;

    beforeAll(async () => {
      site = await startDiffFixtureSite();
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ...env });
      ({ key } = await t.newAccount());
      audit = await runAudit(t.as(key), { url: site.url('/') });
      expect(audit.status).toBe('completed');
    });
    afterAll(async () => {
      await t?.close();
      await site?.close();
    });

    it('pages.csv holds every page with the fields of /pages, a crawled formula neutralised', async () => {
      const res = await t
        .as(key)
        .get(`/api/v1/site-audits/${audit.id}/pages.csv`)
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="site-audit-${audit.id}-pages.csv"`,
      );
      expect(res.text).toMatch(/\r\n$/);
      const { headers, rows } = parsed(res.text);
      expect(headers).toEqual(PAGE_HEADERS);
      const pages = await allPages(t.as(key), audit.id);
      expect(rows).toEqual(
        pages.map((page) =>
          PAGE_HEADERS.map((header) => {
            if (header === 'template') return page.template?.name ?? '';
            const value = (page as unknown as Record<string, unknown>)[header];
            return Array.isArray(value) ? value.join(' ') : cell(value);
          }),
        ),
      );
      const formula = rows.find((row) => row[1] === site.url('/formula'));
      expect(formula?.[PAGE_HEADERS.indexOf('title')]).toBe(
        `'${FORMULA_TITLE}`,
      );
    });

    it('issues.csv holds every affected page of every check with its evidence, as /issues/{check_id} does', async () => {
      const res = await t
        .as(key)
        .get(`/api/v1/site-audits/${audit.id}/issues.csv`)
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="site-audit-${audit.id}-issues.csv"`,
      );
      const { headers, rows } = parsed(res.text);
      expect(headers).toEqual(ISSUE_HEADERS);
      const pages = await allPages(t.as(key), audit.id);
      const byId = new Map(pages.map((page) => [page.id, page]));
      const expected: string[][] = [];
      for (const page of pages) {
        for (const checkId of page.failed_checks) {
          const [affected] = (
            await affectedBy(t.as(key), audit.id, checkId)
          ).filter((a) => a.page_id === page.id);
          expected.push([
            checkId,
            '',
            '',
            String(page.id),
            page.url,
            cell(page.status_code),
            cell(page.depth),
            page.template?.name ?? '',
            cell(affected.value),
          ]);
        }
      }
      expect(rows.map((row) => [row[0], '', '', ...row.slice(3)])).toEqual(
        expected,
      );
      expect(rows.length).toBe(
        Object.values(audit.issues ?? {}).reduce((a, b) => a + b, 0),
      );
      const issues = (
        await t.as(key).get(`/api/v1/site-audits/${audit.id}/issues`)
      ).body.data as Array<{
        id: string;
        scope: string;
        importance: string;
        templates: Array<{ name: string }>;
      }>;
      for (const row of rows) {
        // The finding of the row's check that holds its page: of its template, or the other.
        const own = issues.filter((issue) => issue.id === row[0]);
        const finding =
          own.find((issue) =>
            issue.templates.some((tt) => tt.name === row[7]),
          ) ?? own.find((issue) => issue.templates.length === 0);
        expect([row[1], row[2]]).toEqual([finding?.scope, finding?.importance]);
      }
      expect(rows.some((row) => byId.get(Number(row[3])) === undefined)).toBe(
        false,
      );
    });

    it("shows another account nothing: 404 problem documents; 409 for an audit's issues before it is judged", async () => {
      const other = await t.newAccount();
      for (const file of ['pages.csv', 'issues.csv']) {
        const res = await t
          .as(other.key)
          .get(`/api/v1/site-audits/${audit.id}/${file}`)
          .expect(404);
        expect(res.headers['content-type']).toBe(
          'application/problem+json; charset=utf-8',
        );
      }
      // Nothing listens on port 9: the audit fails, and has no issues to export.
      const failed = await runAudit(t.as(key), { url: 'http://127.0.0.1:9/' });
      expect(failed.status).toBe('failed');
      await t
        .as(key)
        .get(`/api/v1/site-audits/${failed.id}/issues.csv`)
        .expect(409);
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
