import { Injectable } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerRequest } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { TooManyRequestsProblem } from '../common/problem.js';
import { ANALYSES } from './throttlers.js';

/** What the RateLimit-* headers tell of one limit. */
interface Budget {
  limit: number;
  remaining: number;
  /** Seconds until the window resets, or until a refused request may be retried. */
  reset: number;
}

/** The budget that binds first: fewer requests left, then the later reset. */
function tighter(a: Budget, b: Budget): boolean {
  return (
    a.remaining < b.remaining ||
    (a.remaining === b.remaining && a.reset > b.reset)
  );
}

/** What the limits read of a request: the key it was authenticated with, set on `user` before this guard. */
interface KeyedRequest {
  user: { keyId: string };
}

const REFUSALS: Record<string, string> = {
  [ANALYSES]: 'Too many analyses asked for with this API key. Try again later.',
};
const REFUSED = 'Too many requests with this API key. Slow down.';

/**
 * The rate limits of an API key (throttlers.ts), after ApiKeyGuard: a request
 * without a valid key answers 401 and counts nowhere. Every answer to a keyed
 * request carries RateLimit-Limit, -Remaining and -Reset of the limit that binds
 * first; past a limit, a 429 problem with Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected headerPrefix = 'RateLimit';
  private readonly described = new WeakMap<Request, Budget>();

  protected getTracker(request: Record<string, any>): Promise<string> {
    return Promise.resolve((request as KeyedRequest).user.keyId);
  }

  /** One budget per key and limit, whichever route spends it. */
  protected generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttler: string,
  ): string {
    return `${throttler}:${tracker}`;
  }

  protected async handleRequest({
    context,
    limit,
    ttl,
    throttler,
    blockDuration,
    getTracker,
    generateKey,
  }: ThrottlerRequest): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const name = throttler.name!;
    const key = generateKey(context, await getTracker(request, context), name);
    const record = await this.storageService.increment(
      key,
      ttl,
      limit,
      blockDuration,
      name,
    );
    this.describe(request, http.getResponse<Response>(), {
      limit,
      remaining: Math.max(0, limit - record.totalHits),
      reset: record.isBlocked ? record.timeToBlockExpire : record.timeToExpire,
    });
    if (record.isBlocked) {
      throw new TooManyRequestsProblem(
        REFUSALS[name] ?? REFUSED,
        Math.max(1, record.timeToBlockExpire),
      );
    }
    return true;
  }

  private describe(request: Request, response: Response, budget: Budget): void {
    const shown = this.described.get(request);
    if (shown && !tighter(budget, shown)) return;
    this.described.set(request, budget);
    response.setHeader(`${this.headerPrefix}-Limit`, budget.limit);
    response.setHeader(`${this.headerPrefix}-Remaining`, budget.remaining);
    response.setHeader(`${this.headerPrefix}-Reset`, budget.reset);
  }
}
