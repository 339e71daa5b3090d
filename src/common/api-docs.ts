import { applyDecorators } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
} from '@nestjs/swagger';
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
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The body cannot be parsed (malformed JSON).',
  401: 'Missing, malformed, unknown or revoked API key.',
  404: 'No such report in this account (or an id that is not a positive integer).',
  413: 'The body is over 16 KiB.',
  415: 'The body is neither application/x-www-form-urlencoded nor application/json.',
  422: 'A field or query parameter failed validation; `errors` names every one.',
  429: 'Too many requests for this account; see Retry-After.',
  503: 'The database is unreachable; see Retry-After.',
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

/** The problem documents an API-key route can answer with, documented in one line. */
export function ApiProblems(...statuses: number[]) {
  return ApiProblemResponses(
    Object.fromEntries(
      [...statuses, 401, 429, 503].map((status) => [
        status,
        DESCRIPTIONS[status] ?? titleOf(status),
      ]),
    ),
  );
}

/** The bearer key every /api/v1 route needs, as the OpenAPI document names it. */
export const API_KEY_SCHEME = 'api-key';
export const ApiKeyAuth = () => ApiBearerAuth(API_KEY_SCHEME);
