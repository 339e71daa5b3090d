import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ProblemException } from '../common/problem.js';
import type { Principal } from './api-key.service.js';

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

/** Every /api/v1 route: a valid bearer key, or 401. */
@Injectable()
export class ApiKeyGuard extends AuthGuard('api-key') {
  handleRequest<TUser = Principal>(
    error: unknown,
    user: TUser | false,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    // Rethrown as it came (a driver error from another realm fails instanceof Error).
    if (error) throw error as Error;
    if (!user) {
      const header = context.switchToHttp().getRequest<Request>()
        .headers.authorization;
      throw unauthorized(/^bearer\s+\S/i.test(header ?? ''));
    }
    return user;
  }
}
