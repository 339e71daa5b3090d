import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { NotFoundProblem } from '../../common/problem.js';

/** 24 random bytes: 192 bits, well past the 128 a link nobody can guess needs. */
const TOKEN_BYTES = 24;

/** A share token: 32 characters of base64url. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A new share token, for a report's first share or a rotation. */
export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The `{token}` path parameter of the shared routes, as the OpenAPI document names it. */
export const SHARE_TOKEN_PARAM = {
  name: 'token',
  description:
    "The report's share token: 32 characters of base64url, from its share_url.",
  schema: { type: 'string', pattern: SHARE_TOKEN_PATTERN.source },
} as const;

/** The route's `:token`, or 404 when it cannot be a share token. */
export const ShareToken = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => {
    const token = context.switchToHttp().getRequest<Request>().params.token;
    if (typeof token !== 'string' || !SHARE_TOKEN_PATTERN.test(token)) {
      throw new NotFoundProblem('There is no such report.');
    }
    return token;
  },
);
