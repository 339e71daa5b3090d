import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { API_KEY_SCHEME, ApiProblemResponses } from '../common/api-docs.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { ApiKeyGuard } from '../auth/api-key.guard.js';

/**
 * Routes that need an API key: the guards (the key, then its rate limits, which
 * RateLimitsModule sets up; a 401 never counts) and what the OpenAPI document says
 * of them, the bearer scheme and its problems. The RateLimit-* headers of their
 * answers are documented once for every keyed operation (withRateLimitHeaders).
 */
export const Authenticated = () =>
  applyDecorators(
    UseGuards(ApiKeyGuard, RateLimitGuard),
    ApiBearerAuth(API_KEY_SCHEME),
    ApiProblemResponses({
      401: 'Missing, malformed, unknown or revoked API key.',
      429: 'Too many requests with this API key; see Retry-After.',
      503: 'The database, or the store of the rate limits, is unreachable; see Retry-After.',
    }),
  );
