import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
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
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The body cannot be parsed (malformed JSON).',
  404: 'No such report in this account (or an id that is not a positive integer).',
  413: 'The body is over 16 KiB.',
  415: 'The body is neither application/x-www-form-urlencoded nor application/json.',
  422: 'A field or query parameter failed validation; `errors` names every one.',
};

const RETRY_AFTER = {
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
  429: RETRY_AFTER,
  503: RETRY_AFTER,
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
