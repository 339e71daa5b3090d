import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { RETRY_AFTER_HEADER } from '../common/api-docs.js';
import {
  IDEMPOTENCY_KEY,
  IdempotentRequests,
  REPLAYED_HEADER,
} from './idempotent-requests.interceptor.js';

/** The header a replayed answer carries, for the success responses of an @Idempotent() route. */
export const IDEMPOTENT_REPLAYED_HEADER = {
  [REPLAYED_HEADER]: {
    description: `"true" when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_KEY}; nothing was created again.`,
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * A create that honours Idempotency-Key (IdempotentRequests), and what the OpenAPI
 * document says of it: the header, and the 409 of a key whose request still runs.
 */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotentRequests),
    ApiHeader({
      name: IDEMPOTENCY_KEY,
      required: false,
      description: `1 to 255 printable ASCII characters, unique per request (a UUID). The first answer to a request with this key is kept 24 hours, per account: the same key with the same body (and method and path) answers it again, with ${REPLAYED_HEADER}: true, creating nothing; with a different body, 422; while the first request still runs, 409. A refused request (any error answer) keeps nothing, so its key may be used again.`,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    }),
    ApiResponse({
      status: 409,
      description: `A request with this ${IDEMPOTENCY_KEY} is still in progress; retry after Retry-After to get its answer.`,
      headers: RETRY_AFTER_HEADER,
      content: {
        'application/problem+json': {
          schema: { $ref: '#/components/schemas/ProblemDocumentView' },
        },
      },
    }),
  );
