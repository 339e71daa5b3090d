import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

interface Operation {
  parameters?: Array<{
    name: string;
    in: string;
    schema: Record<string, unknown>;
  }>;
  security?: unknown[];
  responses: Record<
    string,
    { description?: string; headers?: Record<string, unknown> }
  >;
  requestBody?: { content: Record<string, unknown> };
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: {
      headers: Record<string, unknown>;
      schemas: Record<string, { properties?: Record<string, unknown> }>;
      securitySchemes: Record<string, unknown>;
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    const res = await request(t.http).get('/docs/openapi.json').expect(200);
    document = res.body;
  });
  afterAll(() => t.close());

  it('validates as OpenAPI with a third-party validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('names every operation of the interface, behind the bearer scheme', () => {
    const reports = document.paths['/api/v1/reports'];
    const one = document.paths['/api/v1/reports/{id}'];
    expect(Object.keys(reports).sort()).toEqual(['get', 'post']);
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'put']);
    expect(document.components.securitySchemes['api-key']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
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
    expect(Object.keys(reports.post.requestBody!.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
  });

  it('documents every list parameter with its enum and default', () => {
    const params = Object.fromEntries(
      document.paths['/api/v1/reports'].get.parameters!.map((p) => [
        p.name,
        p.schema,
      ]),
    );
    expect(Object.keys(params).sort()).toEqual([
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
      'results',
    ]) {
      expect(report).toHaveProperty(field);
    }
    expect(report).not.toHaveProperty('password');
    expect(
      Object.keys(
        document.components.schemas.ProblemDocumentView.properties!,
      ).sort(),
    ).toEqual(['detail', 'errors', 'status', 'title', 'type']);
    const create = document.components.schemas.CreateReportDto.properties!;
    expect(create.privacy).toMatchObject({ enum: [0, 1, 2], default: 1 });
  });

  it('documents the rate limits: 429, and the RateLimit headers on every keyed answer but 401', () => {
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
        if (status === '401') expect(headers).not.toContain(names[0]);
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
});
