import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type {
  CallHandler,
  ExecutionContext,
  NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, of } from 'rxjs';
import type { Observable } from 'rxjs';
import type { Principal } from '../auth/api-key.service.js';
import { ProblemException, ValidationProblem } from '../common/problem.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import type { StoredAnswer } from './idempotency-keys.repository.js';

export const IDEMPOTENCY_KEY = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** 1 to 255 printable ASCII characters, space included. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
/** The headers of an answer that are part of it, and so sent again. */
const REPLAYED_HEADERS = ['location', 'preference-applied'];
/** What a client is told to wait while the first request with its key runs. */
const IN_PROGRESS_RETRY_SECONDS = 1;

/**
 * JSON with every object's keys sorted: the same body, however it was written.
 * Written with a stack of its own, not by recursion: a body nested thousands deep
 * (which validation refuses next) must not overflow the call stack first.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Each entry is a value to write, or a piece of text already made.
  const stack: Array<{ value: unknown } | { text: string }> = [{ value }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ('text' in next) {
      out.push(next.text);
      continue;
    }
    const current = next.value;
    if (Array.isArray(current)) {
      const items: Array<{ value: unknown } | { text: string }> = [
        { text: '[' },
      ];
      current.forEach((item, i) => {
        if (i > 0) items.push({ text: ',' });
        items.push({ value: item });
      });
      items.push({ text: ']' });
      stack.push(...items.reverse());
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const items: Array<{ value: unknown } | { text: string }> = [
        { text: '{' },
      ];
      entries.forEach(([key, item], i) => {
        items.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
        items.push({ value: item });
      });
      items.push({ text: '}' });
      stack.push(...items.reverse());
    } else {
      out.push(JSON.stringify(current ?? null));
    }
  }
  return out.join('');
}

/** What makes two requests the same request: method, path and body. */
export function requestHashOf(
  method: string,
  path: string,
  body: unknown,
): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? {})}`)
    .digest('hex');
}

/**
 * Idempotency-Key, as payment APIs have it: the first request with a key runs and
 * its answer is stored; the same key with the same request, within 24 hours, gets
 * that answer again (with Idempotent-Replayed: true) and creates nothing. The same
 * key with another request is 422; while the first still runs, 409. A request
 * refused (a 4xx or 5xx problem) stores nothing: its key may be used again.
 */
@Injectable()
export class IdempotentRequests implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly keys: IdempotencyKeysRepository) {}

  async intercept(
    context: ExecutionContext,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.header(IDEMPOTENCY_KEY);
    if (key === undefined) return next.handle();
    if (!VALID_KEY.test(key)) {
      throw new ValidationProblem({
        [IDEMPOTENCY_KEY]: [
          `${IDEMPOTENCY_KEY} must be 1 to 255 printable ASCII characters`,
        ],
      });
    }
    const { accountId } = request.user as Principal;
    const requestHash = requestHashOf(
      request.method,
      request.path,
      request.body,
    );
    const claim = await this.keys.claim(accountId, key, requestHash);
    if (claim.kind !== 'claimed' && claim.requestHash !== requestHash) {
      throw new ValidationProblem(
        {
          [IDEMPOTENCY_KEY]: [
            `${IDEMPOTENCY_KEY} was already used with a different request; use a new key for a new request`,
          ],
        },
        `This ${IDEMPOTENCY_KEY} was used with a different request body in the last 24 hours.`,
      );
    }
    if (claim.kind === 'in_progress') {
      throw new ProblemException(
        409,
        `A request with this ${IDEMPOTENCY_KEY} is still in progress. Retry later to get its answer.`,
        undefined,
        { 'Retry-After': String(IN_PROGRESS_RETRY_SECONDS) },
      );
    }
    if (claim.kind === 'completed') {
      response.status(claim.answer.status);
      response.setHeader(REPLAYED_HEADER, 'true');
      for (const [name, value] of Object.entries(claim.answer.headers)) {
        response.setHeader(name, value);
      }
      return of(claim.answer.body);
    }
    return from(this.runAndStore(next, accountId, key, response));
  }

  private async runAndStore(
    next: CallHandler,
    accountId: string,
    key: string,
    response: Response,
  ): Promise<unknown> {
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.keys
        .release(accountId, key)
        .catch((failure: Error) =>
          this.logger.warn(
            `Idempotency key not released (it will be after a while): ${failure.message}`,
          ),
        );
      throw error;
    }
    const answer: StoredAnswer = {
      status: response.statusCode,
      headers: Object.fromEntries(
        REPLAYED_HEADERS.flatMap((name) => {
          const value = response.getHeader(name);
          return value === undefined ? [] : [[name, String(value)]];
        }),
      ),
      body,
    };
    // The answer goes out even when it cannot be stored: what it created exists.
    await this.keys
      .complete(accountId, key, answer)
      .catch((failure: Error) =>
        this.logger.warn(`Idempotent answer not stored: ${failure.message}`),
      );
    return body;
  }
}
