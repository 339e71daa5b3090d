import type { Server } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import request from 'supertest';
import { committedDocumentText } from './openapi-document.js';

interface SchemaHolder {
  schema?: unknown;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, SchemaHolder>;
  headers?: Record<string, SchemaHolder & { $ref?: string }>;
}

interface OperationObject {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    headers?: Record<string, SchemaHolder>;
    responses?: Record<string, ResponseObject>;
  };
}

/** An answer as the conformance check reads it. */
export interface ReceivedAnswer {
  method: string;
  /** The path the request named, query left out. */
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body as text. */
  text: string;
}

// ajv-formats is CommonJS: its plugin is the default export's default under ESM.
const addFormats = ((addFormatsModule as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

const DOCUMENT_ID = 'openapi.json';
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;
const BINARY_TYPE = /^application\/pdf$/;

/** A JSON pointer segment: `~` and `/` escaped as RFC 6901 says. */
function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Judges answers against the committed OpenAPI document with ajv (JSON Schema
 * 2020-12, OpenAPI 3.1's dialect): the status must be one the operation
 * documents, the media type one it names, the body valid by its schema, and every
 * documented header present valid by its own.
 */
export class OpenApiConformance {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Array<{
    template: string;
    pattern: RegExp;
    operations: Record<string, OperationObject>;
  }>;

  constructor(private readonly document: OpenApiDocument) {
    // strict off: the document holds OpenAPI's own keywords (example, paths) beside the schemas.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.routes = Object.entries(document.paths).map(
      ([template, operations]) => ({
        template,
        pattern: new RegExp(
          `^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`,
        ),
        operations,
      }),
    );
  }

  /** The problems of one answer; empty when it conforms. */
  problemsOf(answer: ReceivedAnswer): string[] {
    const method = answer.method.toLowerCase();
    // Express routes without strict mode: /api/v1/reports/ is /api/v1/reports.
    const path =
      answer.path.length > 1 ? answer.path.replace(/\/$/, '') : answer.path;
    // A literal path (/reports/batch) beside a template (/reports/{id}): the one with this method.
    const matching = this.routes.filter((r) => r.pattern.test(path));
    const route =
      matching.find((r) => r.operations[method] !== undefined) ?? matching[0];
    const operation = route?.operations[method];
    if (!route || !operation) return this.outsideTheDocument(answer);
    const where = `${answer.method.toUpperCase()} ${route.template} (${operation.operationId})`;
    const status = String(answer.status);
    let response =
      operation.responses[status] ??
      operation.responses[`${status[0]}XX`] ??
      operation.responses.default;
    if (!response) {
      return [
        `${where} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`,
      ];
    }
    const key = operation.responses[status]
      ? status
      : operation.responses[`${status[0]}XX`]
        ? `${status[0]}XX`
        : 'default';
    const pointer = response.$ref
      ? response.$ref.slice(1)
      : `/paths/${pointerSegment(route.template)}/${method}/responses/${key}`;
    if (response.$ref) {
      response = this.document.components.responses?.[
        response.$ref.replace('#/components/responses/', '')
      ] ?? { content: {} };
    }
    return [
      ...this.headerProblems(where, status, response, answer, pointer),
      ...this.bodyProblems(
        where,
        status,
        response,
        answer,
        (mediaType) => `${pointer}/content/${pointerSegment(mediaType)}/schema`,
      ),
    ];
  }

  /**
   * docs/api.md, "Order of checks": a request no operation takes answers 404, unless
   * its body (400, 413, 415) or headers (431) were refused first; always a problem
   * document. CORS preflights are HTTP's, not the API's.
   */
  private outsideTheDocument(answer: ReceivedAnswer): string[] {
    if (answer.method.toUpperCase() === 'OPTIONS') return [];
    const where = `${answer.method.toUpperCase()} ${answer.path}`;
    if (![400, 404, 413, 415, 431].includes(answer.status)) {
      return [
        `${where} is not in the document, yet answered ${answer.status} (only 404, or 400/413/415/431 before routing, is promised there)`,
      ];
    }
    return this.bodyProblems(
      where,
      String(answer.status),
      { content: { 'application/problem+json': {} } },
      answer,
      () => '/components/schemas/ProblemDocumentView',
    );
  }

  private headerProblems(
    where: string,
    status: string,
    response: ResponseObject,
    answer: ReceivedAnswer,
    pointer: string,
  ): string[] {
    const problems: string[] = [];
    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const value = answer.headers[name.toLowerCase()];
      if (value === undefined || name.toLowerCase() === 'set-cookie') continue;
      const header = declared.$ref
        ? this.document.components.headers?.[
            declared.$ref.replace('#/components/headers/', '')
          ]
        : declared;
      const type = (header?.schema as { type?: string } | undefined)?.type;
      const text = Array.isArray(value) ? value.join(', ') : value;
      const parsed =
        type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;
      const validate = this.validatorFor(
        declared.$ref
          ? `${declared.$ref.slice(1)}/schema`
          : `${pointer}/headers/${pointerSegment(name)}/schema`,
      );
      if (!validate(parsed)) {
        problems.push(
          `${where} ${status}: header ${name}: ${JSON.stringify(text)} ${this.ajv.errorsText(validate.errors, { dataVar: name })}`,
        );
      }
    }
    return problems;
  }

  private bodyProblems(
    where: string,
    status: string,
    response: ResponseObject,
    answer: ReceivedAnswer,
    schemaPointer: (mediaType: string) => string,
  ): string[] {
    const contentType = String(answer.headers['content-type'] ?? '');
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    const documented = Object.keys(response.content ?? {});
    if (documented.length === 0) {
      return answer.text === ''
        ? []
        : [
            `${where} ${status}: the document declares no body, yet one came (${contentType}): ${answer.text.slice(0, 200)}`,
          ];
    }
    if (!documented.includes(mediaType)) {
      return [
        `${where} ${status}: content-type ${JSON.stringify(contentType)} is not one the document names (${documented.join(', ')})`,
      ];
    }
    // A binary body (a PDF) is checked by its media type alone.
    if (BINARY_TYPE.test(mediaType)) return [];
    let body: unknown = answer.text;
    if (JSON_TYPE.test(mediaType)) {
      try {
        body = JSON.parse(answer.text);
      } catch {
        return [`${where} ${status}: the ${mediaType} body does not parse`];
      }
    }
    const validate = this.validatorFor(schemaPointer(mediaType));
    if (validate(body)) return [];
    const errors = validate.errors ?? [];
    const more = errors.length > 5 ? ` (and ${errors.length - 5} more)` : '';
    return [
      `${where} ${status}: the body breaks the schema: ${this.ajv.errorsText(errors.slice(0, 5), { separator: '; ', dataVar: 'body' })}${more}\n  body: ${answer.text.slice(0, 500)}`,
    ];
  }

  /** A validator of the schema at `pointer` (a JSON pointer into the document). */
  private validatorFor(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

let committed: OpenApiConformance | undefined;

/** The conformance check of docs/openapi.json, read once per test file. */
export function committedConformance(): OpenApiConformance {
  committed ??= new OpenApiConformance(
    JSON.parse(committedDocumentText()) as OpenApiDocument,
  );
  return committed;
}

/** Makes a supertest request fail unless its answer conforms to docs/openapi.json. */
export function conforming(test: request.Test): request.Test {
  const { method } = test;
  // The path as sent, not as URL would resolve it: the server sees `..` and `%2F` raw.
  const path = test.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
  return test.expect((res: request.Response) => {
    const problems = committedConformance().problemsOf({
      method,
      path,
      status: res.status,
      headers: res.headers,
      text: res.text ?? '',
    });
    if (problems.length > 0) {
      throw new Error(
        `The answer does not conform to docs/openapi.json:\n- ${problems.join('\n- ')}`,
      );
    }
  });
}

/** Requests without a key (the shared routes, refusals), each answer checked against the document. */
export function documentedRequests(http: Server) {
  const agent = request(http);
  return {
    get: (path: string) => conforming(agent.get(path)),
    post: (path: string) => conforming(agent.post(path)),
    put: (path: string) => conforming(agent.put(path)),
    delete: (path: string) => conforming(agent.delete(path)),
    patch: (path: string) => conforming(agent.patch(path)),
    options: (path: string) => conforming(agent.options(path)),
  };
}

/** fetch, for services started as processes: fails unless the answer conforms to docs/openapi.json. */
export async function checkedFetch(
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const res = await fetch(url, init);
  const problems = committedConformance().problemsOf({
    method: init.method ?? 'GET',
    path: new URL(url).pathname,
    status: res.status,
    headers: Object.fromEntries(res.headers),
    text: await res.clone().text(),
  });
  if (problems.length > 0) {
    throw new Error(
      `The answer does not conform to docs/openapi.json:\n- ${problems.join('\n- ')}`,
    );
  }
  return res;
}
