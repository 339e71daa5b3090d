import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { REPORT_ERROR_CODES } from '../src/reports/report.entity.js';
import { reportsRoundTrip } from './openapi-client/reports-client.js';
import { siteAuditRoundTrip } from './openapi-client/site-audits-client.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import {
  committedConformance,
  conforming,
} from './support/openapi-conformance.js';
import { committedDocumentText } from './support/openapi-document.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Array<{
    name: string;
    in: string;
    schema: Record<string, unknown>;
  }>;
  security?: unknown[];
  responses: Record<
    string,
    {
      description?: string;
      headers?: Record<string, unknown>;
      content?: Record<string, unknown>;
    }
  >;
  requestBody?: { $ref: string };
}

interface Schema {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  minProperties?: number;
}

// A type, not an interface: the validator takes it as a plain record.
type Document = {
  openapi: string;
  servers: Array<{ url: string }>;
  info: { license?: { name: string } };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    headers: Record<string, unknown>;
    schemas: Record<string, Schema>;
    requestBodies: Record<
      string,
      { content: Record<string, { schema: Schema }> }
    >;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};

/** A report as a queued create answers it: every field that may be null is. */
const QUEUED_REPORT = {
  id: 7,
  url: 'https://example.com/',
  project: 'example.com',
  status: 'queued',
  result: null,
  score: null,
  privacy: 1,
  render: false,
  lab: false,
  generated_at: null,
  created_at: '2026-11-22T08:00:01.120Z',
  updated_at: '2026-11-22T08:00:01.120Z',
  error: null,
  share_url: null,
  schedule: null,
  next_run_at: null,
  results: null,
};

function allOperations(document: Document): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await request(t.http).get('/docs/openapi.json').expect(200);
    document = res.body;
  });
  afterAll(() => t.close());

  it('is the committed docs/openapi.json, served at /docs/openapi.json', () => {
    expect(document).toEqual(JSON.parse(committedDocumentText()));
  });

  it('validates as OpenAPI 3.1 with a third-party validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    // 3.1 writes null into the type; `nullable` is 3.0's and ignored beside allOf.
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('names a server, a licence and an opaque bearer key', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.info.license?.name).toBeTruthy();
    const scheme = document.components.securitySchemes['api-key'];
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.bearerFormat).not.toMatch(/jwt/i);
    expect(scheme.bearerFormat).toMatch(/rk_/);
  });

  it('has readable operation ids and one described tag per resource', () => {
    expect(
      Object.fromEntries(
        allOperations(document).map(([where, op]) => [where, op.operationId]),
      ),
    ).toEqual({
      'GET /health/live': 'getLiveness',
      'GET /health/ready': 'getReadiness',
      'GET /api/v1/reports': 'listReports',
      'POST /api/v1/reports': 'createReport',
      'POST /api/v1/reports/batch': 'createReportsBatch',
      'GET /api/v1/reports/{id}': 'getReport',
      'PUT /api/v1/reports/{id}': 'updateReport',
      'DELETE /api/v1/reports/{id}': 'deleteReport',
      'POST /api/v1/webhooks': 'createWebhook',
      'GET /api/v1/webhooks': 'listWebhooks',
      'GET /api/v1/webhooks/{id}': 'getWebhook',
      'DELETE /api/v1/webhooks/{id}': 'deleteWebhook',
      'POST /api/v1/webhooks/{id}/rotate-secret': 'rotateWebhookSecret',
      'POST /api/v1/webhooks/{id}/enable': 'enableWebhook',
      'POST /api/v1/site-audits': 'createSiteAudit',
      'GET /api/v1/site-audits': 'listSiteAudits',
      'GET /api/v1/site-audits/{id}': 'getSiteAudit',
      'GET /api/v1/site-audits/{id}/diff': 'diffSiteAudits',
      'DELETE /api/v1/site-audits/{id}': 'deleteSiteAudit',
      'POST /api/v1/site-audits/{id}/cancel': 'cancelSiteAudit',
      'GET /api/v1/site-audits/{id}/pages': 'listSiteAuditPages',
      'GET /api/v1/site-audits/{id}/pages.csv': 'exportSiteAuditPages',
      'GET /api/v1/site-audits/{id}/pages/{page_id}': 'getSiteAuditPage',
      'GET /api/v1/site-audits/{id}/templates': 'listSiteAuditTemplates',
      'GET /api/v1/site-audits/{id}/issues': 'listSiteAuditIssues',
      'GET /api/v1/site-audits/{id}/issues.csv': 'exportSiteAuditIssues',
      'GET /api/v1/site-audits/{id}/issues/{check_id}':
        'listSiteAuditIssuePages',
      'GET /api/v1/site-audits/{id}/issues/{check_id}/targets':
        'listSiteAuditIssueTargets',
      'GET /api/v1/site-audits/{id}/links': 'listSiteAuditLinks',
      'GET /api/v1/site-audits/{id}/export/{format}': 'exportSiteAudit',
      'GET /api/v1/reports/{id}/export/{format}': 'exportReport',
      'GET /s/{token}/export/pdf': 'getSharedSiteAuditPdf',
      'GET /r/{token}/export/pdf': 'getSharedReportPdf',
      'GET /api/v1/webhooks/{id}/deliveries': 'listWebhookDeliveries',
      'GET /api/v1/reports/{id}/runs': 'listReportRuns',
      'GET /api/v1/reports/{id}/runs/{run}': 'getReportRun',
      'GET /api/v1/reports/{id}/diff': 'getReportDiff',
      'GET /api/v1/shared/reports/{token}': 'getSharedReport',
      'GET /r/{token}': 'getSharedReportPage',
      'POST /r/{token}': 'unlockSharedReportPage',
      'PUT /api/v1/site-audits/{id}': 'updateSiteAudit',
      'GET /s/{token}': 'getSharedSiteAuditPage',
      'POST /s/{token}': 'unlockSharedSiteAuditPage',
      'GET /s/{token}/issues/{check_id}': 'getSharedSiteAuditIssuePage',
      'GET /s/{token}/pages/{page_id}': 'getSharedSiteAuditPageChecks',
      'GET /docs/checks': 'getCheckCatalogue',
      'GET /api/v1/account/branding': 'getBranding',
      'PUT /api/v1/account/branding': 'putBranding',
      'DELETE /api/v1/account/branding': 'deleteBranding',
    });
    const tags = document.tags.map((tag) => tag.name);
    for (const [, operation] of allOperations(document)) {
      expect(operation.tags).toHaveLength(1);
      expect(tags).toContain(operation.tags[0]);
    }
    for (const tag of document.tags) expect(tag.description).toBeTruthy();
  });

  it('names every operation of the interface, behind the bearer scheme', () => {
    const reports = document.paths['/api/v1/reports'];
    const one = document.paths['/api/v1/reports/{id}'];
    expect(Object.keys(reports).sort()).toEqual(['get', 'post']);
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'put']);
    for (const operation of [
      reports.get,
      reports.post,
      one.get,
      one.put,
      one.delete,
    ]) {
      expect(operation.security).toEqual([{ 'api-key': [] }]);
      expect(operation.responses).toHaveProperty('401');
    }
    expect(reports.post.responses).toHaveProperty('201');
    expect(reports.post.responses).toHaveProperty('202');
    expect(reports.post.responses).toHaveProperty('422');
    expect(one.delete.responses).toHaveProperty('204');
    const create = document.components.requestBodies.CreateReportDto;
    expect(Object.keys(create.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(reports.post.requestBody).toEqual({
      $ref: '#/components/requestBodies/CreateReportDto',
    });
  });

  it('includes the HTML pages: the shared page, its password form, the catalogue', () => {
    const page = document.paths['/r/{token}'];
    expect(page.get.security).toEqual([]);
    expect(Object.keys(page.get.responses['200'].content!)).toEqual([
      'text/html',
    ]);
    expect(Object.keys(page.get.responses['404'].content!)).toEqual([
      'text/html',
    ]);
    expect(page.post.responses['303'].headers).toHaveProperty('Set-Cookie');
    expect(Object.keys(page.post.responses['401'].content!)).toEqual([
      'text/html',
    ]);
    const catalogue = document.paths['/docs/checks'].get;
    expect(Object.keys(catalogue.responses['200'].content!)).toEqual([
      'text/html',
    ]);
  });

  it('types ids alike in paths and bodies', () => {
    const idParam = document.paths['/api/v1/reports/{id}'].get.parameters!.find(
      (p) => p.name === 'id',
    )!;
    const idField =
      document.components.schemas.ReportSummaryView.properties!.id;
    expect(idParam.schema.type).toBe('integer');
    expect(idField.type).toBe('integer');
    expect(idParam.schema.format).toBe(idField.format);
  });

  it('keeps fields with a default optional, and refuses an empty update body', () => {
    const create =
      document.components.requestBodies.CreateReportDto.content[
        'application/json'
      ].schema;
    expect(create.properties!.privacy).toMatchObject({
      enum: [0, 1, 2],
      default: 1,
    });
    expect(create.required).toEqual(['url']);
    const update =
      document.components.requestBodies.UpdateReportDto.content[
        'application/json'
      ].schema;
    expect(update.minProperties).toBe(1);
    expect(update.required ?? []).toEqual([]);
  });

  it('types the codes, the Prefer header and the full analysis', () => {
    const error = document.components.schemas.ReportErrorView.properties!;
    expect(error.code.enum).toEqual([...REPORT_ERROR_CODES]);
    const prefer = document.paths['/api/v1/reports'].post.parameters!.find(
      (p) => p.name === 'Prefer',
    )!;
    expect(prefer.schema.enum).toEqual(['respond-async']);
    const results = document.components.schemas.AnalysisResultsView;
    expect(results.required).toEqual(
      expect.arrayContaining([
        'score',
        'rating',
        'categories',
        'checks',
        'page',
      ]),
    );
    expect(
      document.components.schemas.CategoryScoresView.required!.sort(),
    ).toEqual(['miscellaneous', 'performance', 'security', 'seo']);
  });

  it('accepts null where docs/api.md says null, and refuses what the service never answers', () => {
    const conformance = committedConformance();
    const answer = (body: unknown) => ({
      method: 'GET',
      path: '/api/v1/reports/7',
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      text: JSON.stringify(body),
    });
    expect(conformance.problemsOf(answer({ data: QUEUED_REPORT }))).toEqual([]);
    expect(
      conformance.problemsOf(
        answer({
          data: {
            ...QUEUED_REPORT,
            status: 'failed',
            error: { code: 'gremlins', message: 'No.' },
          },
        }),
      ),
    ).toEqual([expect.stringMatching(/error.*code/)]);
    expect(
      conformance.problemsOf({
        ...answer({ data: QUEUED_REPORT }),
        status: 418,
      }),
    ).toEqual([expect.stringMatching(/answered 418/)]);
    expect(
      conformance.problemsOf({
        ...answer({ data: QUEUED_REPORT }),
        headers: { 'content-type': 'text/plain' },
      }),
    ).toEqual([expect.stringMatching(/content-type/)]);
  });

  it('fails a request whose answer the document does not describe', async () => {
    // The document itself is served outside the document: a 200 there is no promise of it.
    await expect(
      conforming(request(t.http).get('/docs/openapi.json')),
    ).rejects.toThrow(/does not conform to docs\/openapi\.json/);
  });

  it('documents every list parameter with its enum and default', () => {
    const params = Object.fromEntries(
      document.paths['/api/v1/reports'].get.parameters!.map((p) => [
        p.name,
        p.schema,
      ]),
    );
    expect(Object.keys(params).sort()).toEqual([
      'cursor',
      'page',
      'per_page',
      'project',
      'result',
      'search',
      'search_by',
      'sort',
      'sort_by',
    ]);
    expect(params.per_page).toMatchObject({
      enum: [10, 25, 50, 100],
      default: 10,
    });
    expect(params.sort_by).toMatchObject({
      enum: ['id', 'generated_at', 'url', 'result'],
      default: 'id',
    });
    expect(params.sort).toMatchObject({
      enum: ['desc', 'asc'],
      default: 'desc',
    });
    expect(params.result).toMatchObject({ enum: ['good', 'decent', 'bad'] });
    expect(params.search_by).toMatchObject({ enum: ['url'], default: 'url' });
    expect(params.page).toMatchObject({ minimum: 1, default: 1 });
    expect(params.cursor).toMatchObject({ type: 'string', maxLength: 12000 });
  });

  it('describes the report and the problem document', () => {
    const report = document.components.schemas.ReportView.properties!;
    for (const field of [
      'id',
      'url',
      'project',
      'status',
      'result',
      'score',
      'privacy',
      'generated_at',
      'created_at',
      'updated_at',
      'error',
      'share_url',
      'results',
    ]) {
      expect(report).toHaveProperty(field);
    }
    expect(report).not.toHaveProperty('password');
    expect(
      Object.keys(
        document.components.schemas.ProblemDocumentView.properties!,
      ).sort(),
    ).toEqual([
      'detail',
      'errors',
      'limit',
      'request_id',
      'status',
      'title',
      'type',
    ]);
  });

  it('documents the rate limits: 429, and the RateLimit headers on every keyed answer but 401 and 431', () => {
    const reports = document.paths['/api/v1/reports'];
    const one = document.paths['/api/v1/reports/{id}'];
    const names = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
    for (const name of names) {
      expect(document.components.headers[name]).toMatchObject({
        schema: { type: 'integer' },
      });
    }
    // Every operation behind the key: the five of the interface.
    for (const operation of [
      ...Object.values(reports),
      ...Object.values(one),
    ]) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        // A refused key is not counted; 431 is Node's, before any route runs.
        if (status === '401' || status === '431')
          expect(headers).not.toContain(names[0]);
        else expect(headers).toEqual(expect.arrayContaining(names));
      }
      expect(Object.keys(operation.responses['429'].headers!)).toContain(
        'Retry-After',
      );
    }
    // Creates and re-runs answer 429 for the analyses limit too; reads do not.
    expect(reports.post.responses['429'].description).toMatch(/analyses/);
    expect(one.put.responses['429'].description).toMatch(/analyses/);
    expect(reports.get.responses['429'].description).not.toMatch(/analyses/);
    const shared = document.paths['/api/v1/shared/reports/{token}'].get;
    expect(JSON.stringify(shared.responses)).not.toContain('RateLimit');
  });

  it('serves Swagger UI at /docs without a key', async () => {
    const res = await request(t.http).get('/docs').redirects(1).expect(200);
    expect(res.text).toContain('swagger-ui');
  });

  describe('the generated client, run against the service', () => {
    let site: FixtureSite;
    let baseUrl: string;

    beforeAll(async () => {
      site = await startFixtureSite({
        '/': (_req, res) =>
          html(
            res,
            '<!doctype html><title>Typed client</title><h1>Hi</h1><a href="/next">next</a>',
          ),
        '/next': (_req, res) =>
          html(res, '<!doctype html><title>Typed client</title><h1>Next</h1>'),
      });
      await new Promise<void>((resolve) =>
        t.http.listen(0, '127.0.0.1', resolve),
      );
      baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    });
    afterAll(() => site.close());

    it('creates, lists, gets, updates and deletes a report, each answer conforming', async () => {
      const { key } = await t.newAccount();
      const problems: string[] = [];
      // Every answer the client receives is judged against the document too.
      const checkedFetch: typeof fetch = async (input, init) => {
        const req = new Request(input, init);
        const res = await fetch(req);
        problems.push(
          ...committedConformance().problemsOf({
            method: req.method,
            path: new URL(req.url).pathname,
            status: res.status,
            headers: Object.fromEntries(res.headers),
            text: await res.clone().text(),
          }),
        );
        return res;
      };
      const trip = await reportsRoundTrip(
        baseUrl,
        key,
        site.url('/'),
        checkedFetch,
      );
      expect(problems).toEqual([]);
      expect(trip.created.status).toBe('queued');
      expect(trip.listed).toBeGreaterThanOrEqual(1);
      expect(trip.fetched.id).toBe(trip.created.id);
      expect(trip.updated.privacy).toBe(0);
      expect(trip.deletedStatus).toBe(204);
    });

    it('audits a site through the generated client, each answer conforming', async () => {
      const { key } = await t.newAccount();
      const problems: string[] = [];
      const checkedFetch: typeof fetch = async (input, init) => {
        const req = new Request(input, init);
        const res = await fetch(req);
        problems.push(
          ...committedConformance().problemsOf({
            method: req.method,
            path: new URL(req.url).pathname,
            status: res.status,
            headers: Object.fromEntries(res.headers),
            text: await res.clone().text(),
          }),
        );
        return res;
      };
      const trip = await siteAuditRoundTrip(
        baseUrl,
        key,
        site.url('/'),
        checkedFetch,
      );
      expect(problems).toEqual([]);
      expect(trip.created.status).toBe('queued');
      expect(trip.finished).toMatchObject({
        status: 'completed',
        stop_reason: 'done',
      });
      expect(trip.listed).toBe(1);
      expect(trip.pages).toBe(2);
      expect(trip.firstPageChecks).toBeGreaterThan(50);
      // Two pages of one title: the worst issue affects both.
      expect(trip.issues[0]).toMatchObject({ pages: 2 });
      expect(trip.affected).toHaveLength(2);
      expect(trip.links).toBe(1);
      expect(trip.shared.privacy).toBe(0);
      expect(trip.shared.share_url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
      expect(trip.sharePageStatus).toBe(200);
      expect(trip.sharePageType).toBe('text/html; charset=utf-8');
      expect(trip.refusedUpdateStatus).toBe(422);
      expect(trip.pagesCsv.split('\r\n')).toHaveLength(4);
      expect(trip.issuesCsvType).toBe('text/csv; charset=utf-8');
      expect(trip.diffStatus).toBe(404);
      expect(trip.changes).toEqual([]);
      expect(trip.cancelStatus).toBe(409);
      expect(trip.deletedStatus).toBe(204);
    });
  });
});
