import { applyDecorators } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import {
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  DocumentBuilder,
  SwaggerModule,
} from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { titleOf } from './problem.js';

/** The error body of every failure (RFC 9457). */
export class ProblemDocumentView {
  @ApiProperty({ example: 'about:blank' })
  type: string;
  @ApiProperty({ example: 'Unprocessable Content' })
  title: string;
  @ApiProperty({ example: 422, type: 'integer' })
  status: number;
  @ApiProperty({ example: 'The request has invalid fields.' })
  detail: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { url: ['url must be an absolute http or https URL'] },
    description:
      'Each invalid field or parameter with every message about it (422).',
  })
  errors?: Record<string, string[]>;
  @ApiPropertyOptional({
    example: '3f2c9a1e-8a0b-4c5e-9a53-0d1c2b3a4f5e',
    description:
      "The request's X-Request-Id, on 5xx answers only: quote it when reporting the failure.",
  })
  request_id?: string;
  @ApiPropertyOptional({
    type: 'object',
    properties: {
      name: { type: 'string', example: 'WEBHOOKS_PER_ACCOUNT' },
      value: { type: 'integer', example: 16 },
    },
    required: ['name', 'value'],
    description:
      'On a 409 of a cap: the setting the account has reached, and its value.',
  })
  limit?: { name: string; value: number };
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The body cannot be parsed (malformed JSON).',
  404: 'No such report in this account (or an id that is not a positive integer).',
  413: 'The body is over 16 KiB.',
  415: 'The body is neither application/x-www-form-urlencoded nor application/json.',
  422: 'A field or query parameter failed validation; `errors` names every one.',
  431: 'The request headers, its URL included, are over 16 KiB in all.',
};

/** The header of every answer that asks the client to come back later (429, 503). */
export const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer' },
  },
};

const HEADERS: Record<
  number,
  Record<string, { description: string; schema: { type: string } }>
> = {
  401: {
    'WWW-Authenticate': {
      description: 'The authentication scheme the route expects.',
      schema: { type: 'string' },
    },
  },
  429: RETRY_AFTER_HEADER,
  503: RETRY_AFTER_HEADER,
};

/** Problem documents a route answers with, each with its own description. */
export function ApiProblemResponses(descriptions: Record<number, string>) {
  return applyDecorators(
    ...Object.entries(descriptions).map(([status, description]) =>
      ApiResponse({
        status: Number(status),
        description,
        headers: HEADERS[Number(status)],
        content: {
          'application/problem+json': {
            schema: { $ref: '#/components/schemas/ProblemDocumentView' },
          },
        },
      }),
    ),
  );
}

/** The problem documents a route answers with, by status, with their usual descriptions. */
export function ApiProblems(...statuses: number[]) {
  return ApiProblemResponses(
    Object.fromEntries(
      statuses.map((status) => [
        status,
        DESCRIPTIONS[status] ?? titleOf(status),
      ]),
    ),
  );
}

/** The bearer key every /api/v1 route needs, as the OpenAPI document names it. */
export const API_KEY_SCHEME = 'api-key';

/** What every answer to a request with a valid key says of its rate limits. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description:
      'Requests allowed in 60 s by the limit these headers describe: the general one (RATE_LIMIT_PER_MINUTE), or, on a create or an update with results=1, the analyses one (ANALYSIS_RATE_LIMIT_PER_MINUTE) when it has fewer requests left.',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests left under that limit.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description:
      'Seconds until that limit’s window resets; on a 429, until a request may be retried (as Retry-After).',
    schema: { type: 'integer' },
  },
};

interface KeyedOperation {
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}

/**
 * Adds the RateLimit-* headers to every answer of every operation behind the API
 * key, its 401 excepted (a refused key is not counted): one place, not one
 * decorator per response.
 */
export function withRateLimitHeaders(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...RATE_LIMIT_HEADERS },
  };
  const refs = Object.fromEntries(
    Object.keys(RATE_LIMIT_HEADERS).map((name) => [
      name,
      { $ref: `#/components/headers/${name}` },
    ]),
  );
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path) as KeyedOperation[]) {
      const keyed = operation?.security?.some(
        (requirement) => API_KEY_SCHEME in requirement,
      );
      if (!keyed || !operation.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== '401')
          response.headers = { ...response.headers, ...refs };
      }
    }
  }
  return document;
}

/** Schema keywords the swagger decorators cannot set on a class, by schema name. */
const SCHEMA_KEYWORDS = new Map<string, Record<string, unknown>>();

/**
 * JSON Schema keywords of a whole DTO (`minProperties`), which `@ApiProperty` cannot
 * say: declared on the class, merged into its schema by buildOpenApiDocument.
 */
export function ApiSchemaKeywords(
  keywords: Record<string, unknown>,
): ClassDecorator {
  return (target) => {
    SCHEMA_KEYWORDS.set(target.name, keywords);
  };
}

/** What every HTML page of the service carries (html-page.ts, PAGE_HEADERS). */
const HTML_PAGE_HEADERS = {
  'Content-Security-Policy': {
    description:
      'A strict policy: the page loads nothing from elsewhere and runs no script.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      '`private, no-store` on shared pages; `public, max-age=3600` on the catalogue.',
    schema: { type: 'string' },
  },
};

/** HTML pages a route answers with (the shared pages, the catalogue), by status or `default`. */
export function ApiHtmlResponses(
  descriptions: Record<string, string>,
  headers: Record<string, Record<string, unknown>> = {},
) {
  return applyDecorators(
    ...Object.entries(descriptions).map(([status, description]) =>
      ApiResponse({
        status: status === 'default' ? 'default' : Number(status),
        description,
        headers: { ...HTML_PAGE_HEADERS, ...headers[status] },
        content: { 'text/html': { schema: { type: 'string' } } },
      }),
    ),
  );
}

interface DocumentOperation extends KeyedOperation {
  requestBody?: {
    $ref?: string;
    required?: boolean;
    description?: string;
    content?: Record<string, { schema?: { $ref?: string } }>;
  };
}

function operationsOf(document: OpenAPIObject): DocumentOperation[] {
  return Object.values(document.paths).flatMap(
    (path) => Object.values(path) as DocumentOperation[],
  );
}

/** Merges each ApiSchemaKeywords declaration into the schema of its class. */
function withSchemaKeywords(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  for (const [name, keywords] of SCHEMA_KEYWORDS) {
    if (schemas[name]) Object.assign(schemas[name], keywords);
  }
  return document;
}

/**
 * Moves each request body's DTO schema into components.requestBodies: a field's
 * `default` is what the server assumes when it is left out, and generators
 * (openapi-typescript) keep such a field optional only in a request body, not in a
 * shared schema, where they read a default as "always present".
 */
function withRequestBodiesApart(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const requestBodies: Record<string, unknown> = {};
  for (const operation of operationsOf(document)) {
    const body = operation.requestBody;
    const refs = Object.values(body?.content ?? {}).map((m) => m.schema?.$ref);
    const name = refs[0]?.replace('#/components/schemas/', '');
    if (!body || !name || refs.some((ref) => ref !== refs[0])) continue;
    requestBodies[name] = {
      ...body,
      content: Object.fromEntries(
        Object.keys(body.content ?? {}).map((type) => [
          type,
          { schema: structuredClone(schemas[name]) },
        ]),
      ),
    };
    operation.requestBody = { $ref: `#/components/requestBodies/${name}` };
  }
  const text = JSON.stringify(document);
  for (const name of Object.keys(requestBodies)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  document.components = {
    ...document.components,
    requestBodies: {
      ...document.components?.requestBodies,
      ...requestBodies,
    } as NonNullable<OpenAPIObject['components']>['requestBodies'],
  };
  return document;
}

/**
 * Node answers 431 before any route runs when a request's headers (its URL included)
 * pass 16 KiB (app.setup.ts): every operation can get it, with no RateLimit headers.
 */
function withHeaderLimitAnswer(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    responses: {
      ...document.components?.responses,
      HeadersTooLarge: {
        description: DESCRIPTIONS[431],
        content: {
          'application/problem+json': {
            schema: { $ref: '#/components/schemas/ProblemDocumentView' },
          },
        },
      },
    },
  };
  for (const operation of operationsOf(document)) {
    operation.responses ??= {};
    operation.responses['431'] ??= {
      $ref: '#/components/responses/HeadersTooLarge',
    } as { headers?: Record<string, unknown> };
  }
  return document;
}

/** One tag per resource, in the order a reader meets them. */
const TAGS: Array<[string, string]> = [
  ['reports', "An account's reports: create, list, read, change, delete."],
  [
    'webhooks',
    "An account's endpoints that hear of its reports' and site audits' events (report.completed, report.failed, report.score_changed, site_audit.completed, site_audit.failed, site_audit.changed), signed as Standard Webhooks says; their deliveries and attempts.",
  ],
  [
    'site audits',
    'Audits of whole sites: a crawl from a start URL, every page judged, then the set (duplicates, broken internal links, redirects, canonicals, sitemaps, hreflang, depth); their pages, issues and links.',
  ],
  [
    'branding',
    "An account's branding (name, logo, accent colour, contact line, footer), printed on its white-label PDFs and share pages in place of the product's own.",
  ],
  [
    'shared reports',
    'Public and password reports, read without an API key: the HTML page at their share_url and its JSON twin for embedding.',
  ],
  [
    'shared site audits',
    "Public and password site audits, read without an API key: the HTML pages at their share_url (summary, an issue's pages, a page's checks).",
  ],
  [
    'check catalogue',
    'What each check judges and what to do when it fails; where doc_url leads.',
  ],
  [
    'health',
    'Probes for orchestrators and balancers: is the process up, can it serve.',
  ],
];

/** The service's OpenAPI document: what /docs serves and docs/openapi.json holds. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Report analysis service')
    .setDescription(
      [
        'Submit a URL; the service audits the page (search engine readiness, speed, security, web conventions) and stores a report with a score, a rating and a privacy setting.',
        '',
        'Every /api/v1 route but /api/v1/shared needs `Authorization: Bearer <key>`; keys are issued with `npx report-service keys:create --name <label>`. Bodies are `application/x-www-form-urlencoded` or `application/json`, at most 16 KiB (384 KiB on PUT /api/v1/account/branding, whose logo travels in the body). Every error of the JSON API is an RFC 9457 problem document (`application/problem+json`); the pages under /r answer errors as HTML pages. An empty query or form value counts as absent.',
        '',
        '**Rate limits**, per API key and shared by every process of the service: RATE_LIMIT_PER_MINUTE requests (default 300) and, among them, ANALYSIS_RATE_LIMIT_PER_MINUTE analyses (default 60: every create, and every update with `results=1`, whatever its answer) in any 60 seconds. Past either, the answer is 429 with `Retry-After`, and the limit that refused the request does not count it; a 401 counts nowhere. Every answer to a request with a valid key carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; where both limits apply they describe the one with fewer requests left (on a tie, the one that resets later).',
      ].join('\n'),
    )
    .setVersion('1')
    // Relative: the service answers on any host, so paths resolve against the document's own address.
    .addServer('/', 'This service, at the address this document was read from.')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'rk_ API key (opaque)',
        description:
          'An API key: `rk_` and 43 base64url characters, issued with `npx report-service keys:create`. It is opaque (not a JWT): only its digest is stored.',
      },
      API_KEY_SCHEME,
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const config = builder.build();
  // The licence of LICENSE and package.json, by its SPDX identifier.
  config.info.license = {
    name: 'MIT',
    identifier: 'MIT',
  } as typeof config.info.license;
  delete config.info.contact;
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ProblemDocumentView],
    autoTagControllers: false,
  });
  return withRequestBodiesApart(
    withSchemaKeywords(withHeaderLimitAnswer(withRateLimitHeaders(document))),
  );
}
