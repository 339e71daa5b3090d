import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ProblemException } from '../common/problem.js';
import type { Principal } from './bearer.strategy.js';
import { RateLimiter } from '../common/rate-limiter.js';

export const API_RATE_LIMITER = Symbol('API_RATE_LIMITER');

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

/** Every /api/v1 route: a valid bearer key, then the account's rate limit. */
@Injectable()
export class ApiKeyGuard extends AuthGuard('api-key') {
  constructor(@Inject(API_RATE_LIMITER) private readonly limiter: RateLimiter) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request>();
    const principal = request.user as Principal;
    const wait = this.limiter.take(principal.accountId);
    if (wait > 0) {
      throw new ProblemException(
        429,
        'Too many requests for this account. Slow down.',
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
    return true;
  }

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
