import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ProblemException } from '../common/problem.js';
import { ApiKeyService } from './api-key.service.js';
import type { Principal } from './api-key.service.js';

/** A request ApiKeyGuard let through: `user` is its key's principal. */
export type KeyedRequest = Request & { user: Principal };

function unauthorized(keySent: boolean): ProblemException {
  return new ProblemException(
    401,
    keySent
      ? 'The API key is not valid.'
      : 'Send an API key as "Authorization: Bearer <key>".',
    undefined,
    {
      'WWW-Authenticate': keySent
        ? 'Bearer realm="api", error="invalid_token"'
        : 'Bearer realm="api"',
    },
  );
}

/**
 * The key of an Authorization header "Bearer <key>" (the scheme in any case, one or
 * more spaces after it, as RFC 6750 allows); null for anything else. Only the header:
 * never a query or body parameter.
 */
export function bearerKeyOf(header: string | undefined): string | null {
  const parts = header?.replace(/^(\S+) +/, '$1 ').split(' ');
  if (parts?.length !== 2 || !/^Bearer$/i.test(parts[0])) return null;
  return parts[1] || null;
}

/**
 * Every /api/v1 route: a valid bearer key, or 401. The key's account and id become
 * `request.user` (the Principal decorator reads it).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeyService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers.authorization;
    const key = bearerKeyOf(header);
    const principal = key ? await this.keys.principalOf(key) : null;
    if (!principal) throw unauthorized(/^bearer\s+\S/i.test(header ?? ''));
    (request as KeyedRequest).user = principal;
    return true;
  }
}
