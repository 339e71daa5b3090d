import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { startDiffFixtureSite } from './support/diff-fixture-site.js';
import type { DiffFixtureSite } from './support/diff-fixture-site.js';
import { affectedBy, createAudit, runAudit } from './support/site-audits.js';
import type { AuditBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { OUTPUT_FORMATS } from '../src/outputs/output-formats.js';

/**
 * One way out for a site audit, end to end: every registered format from one route,
 * the JSON the same export `audit-site --json` prints, and the problems of a route
 * asked too early, for another account or for a format no one registered.
 */
describe('the outputs of a site audit', () => {
  let t: TestApp;
  let site: DiffFixtureSite;
  let key: string;
  let audit: AuditBody;

  beforeAll(async () => {
    site = await startDiffFixtureSite();
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount('Outputs agency'));
    audit = await runAudit(t.as(key), { url: site.url('/') });
    expect(audit.status).toBe('completed');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const get = (path: string) =>
    t.as(key).get(`/api/v1/site-audits/${audit.id}/export/${path}`);

  it('serves each non-printed format as an attachment of its media type', async () => {
    for (const format of OUTPUT_FORMATS.filter((f) => f.name !== 'pdf')) {
      const res = await get(format.name).expect(200);
      expect(res.headers['content-type']).toBe(format.mediaType);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="site-audit-${audit.id}.${format.extension}"`,
      );
    }
  });

  it('writes as JSON the audit with every affected URL of each issue', async () => {
    const res = await get('json').expect(200);
    const exported = JSON.parse(res.text) as {
      audit: { id: number; status: string };
      issues: Array<{
        id: string;
        scope: string;
        pages: number;
        urls: string[];
      }>;
    };
    expect(exported.audit).toMatchObject({ id: audit.id, status: 'completed' });
    const issues = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}/issues`)
      .expect(200);
    const ids = (issues.body as { data: Array<{ id: string }> }).data.map(
      (issue) => issue.id,
    );
    expect(exported.issues.map((issue) => issue.id)).toEqual(ids);
    for (const issue of exported.issues.slice(0, 3)) {
      const urls = (
        await affectedBy(t.as(key), audit.id, issue.id, issue.scope)
      ).map((page) => page.url);
      expect(issue.urls).toEqual(urls);
      expect(issue.urls).toHaveLength(issue.pages);
    }
  });

  it('writes the findings CSV in priority order, and the verdict by the preset asked for', async () => {
    const csv: string[][] = parse((await get('csv').expect(200)).text);
    expect(csv[0]).toEqual([
      'priority',
      'check_id',
      'title',
      'scope',
      'importance',
      'pages',
      'advice',
      'examples',
    ]);
    const priorities = csv.slice(1).map((row) => Number(row[0]));
    expect(priorities.length).toBeGreaterThan(0);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    const recommended = (await get('junit').expect(200)).text;
    const strict = (await get('junit?assert=seo:strict').expect(200)).text;
    expect(recommended).toContain('<testsuites');
    expect(strict).not.toEqual(recommended);
    const problem = await get('junit?assert=seo:lenient').expect(422);
    expect(problem.body.errors).toHaveProperty('assert');
  });

  it('answers 404 for a format no one registered and for another account, 409 before the audit stops', async () => {
    const unknown = await get('docx').expect(404);
    expect(unknown.body.detail).toContain('html, json, csv');
    const other = await t.newAccount();
    await t
      .as(other.key)
      .get(`/api/v1/site-audits/${audit.id}/export/json`)
      .expect(404);

    // A start page that answers only after the question: the audit is still running.
    const slow: Server = createServer((_request, response) => {
      setTimeout(() => response.end('<html><title>slow</title></html>'), 3_000);
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    try {
      const { port } = slow.address() as AddressInfo;
      const running = await createAudit(t.as(key), {
        url: `http://127.0.0.1:${port}/`,
      });
      const early = await t
        .as(key)
        .get(`/api/v1/site-audits/${running}/export/json`)
        .expect(409);
      expect(early.headers['content-type']).toBe(
        'application/problem+json; charset=utf-8',
      );
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });
});

describe('the outputs of a report', () => {
  let t: TestApp;
  let site: DiffFixtureSite;
  let key: string;
  let reportId: number;

  beforeAll(async () => {
    site = await startDiffFixtureSite();
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount('Report agency'));
    const created = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/') })
      .expect(201);
    reportId = (created.body as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const get = (format: string) =>
    t.as(key).get(`/api/v1/reports/${reportId}/export/${format}`);

  it('writes the report as JSON, as GET /reports/{id} answers it', async () => {
    const res = await get('json').expect(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="report-${reportId}.json"`,
    );
    const read = await t.as(key).get(`/api/v1/reports/${reportId}`).expect(200);
    // Each request reaches the test server on a port of its own: links differ by it.
    const portless = (value: unknown) =>
      JSON.stringify(value).replace(/127\.0\.0\.1:\d+\/docs/g, 'service/docs');
    const { report } = JSON.parse(res.text) as { report: unknown };
    expect(portless(report)).toEqual(
      portless((read.body as { data: unknown }).data),
    );
  });

  it("writes its HTML document with every failed check's advice", async () => {
    const html = (await get('html').expect(200)).text;
    const read = await t.as(key).get(`/api/v1/reports/${reportId}`).expect(200);
    const failed = (
      read.body as {
        data: {
          results: { checks: Array<{ passed: boolean | null; title: string }> };
        };
      }
    ).data.results.checks.filter((check) => check.passed === false);
    expect(failed.length).toBeGreaterThan(0);
    for (const check of failed)
      expect(html).toContain(check.title.replace(/&/g, '&amp;'));
    expect(html).toContain('Report agency');
  });

  it('answers 404 for a format of site audits only, naming those of a report', async () => {
    const res = await get('sarif').expect(404);
    expect(res.body.detail).toMatch(/its formats: (pdf, )?html, json\./);
  });
});
