import { HttpException } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';

/** An RFC 9457 problem document as the API answers it. */
export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Field or query parameter name → every message about it (422 only). */
  errors?: Record<string, string[]>;
  /** The request's X-Request-Id (5xx only), to find its line in the log. */
  request_id?: string;
  /** The setting a refusal reached and its value (409 of a cap). */
  limit?: { name: string; value: number };
}

/** Titles the contract names where Node's reason phrase differs. */
const TITLES: Record<number, string> = {
  413: 'Content Too Large',
  422: 'Unprocessable Content',
};

export function titleOf(status: number): string {
  return TITLES[status] ?? STATUS_CODES[status] ?? 'Error';
}

/** An error the API answers with a problem document and, optionally, headers. */
export class ProblemException extends HttpException {
  constructor(
    status: number,
    detail: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
    readonly limit?: { name: string; value: number },
  ) {
    super(detail, status);
  }

  toDocument(): ProblemDocument {
    const status = this.getStatus();
    return {
      type: 'about:blank',
      title: titleOf(status),
      status,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.limit ? { limit: this.limit } : {}),
    };
  }
}

/** 409: the account has as many of something as the setting `name` allows. */
export class LimitReachedProblem extends ProblemException {
  constructor(detail: string, name: string, value: number) {
    super(409, detail, undefined, {}, { name, value });
  }
}

export class ValidationProblem extends ProblemException {
  constructor(errors: Record<string, string[]>, detail?: string) {
    super(422, detail ?? 'The request has invalid fields.', errors);
  }
}

/** 429: a limit is reached; the client may try again after `retryAfterSeconds`. */
export class TooManyRequestsProblem extends ProblemException {
  constructor(detail: string, retryAfterSeconds: number) {
    super(429, detail, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export class NotFoundProblem extends ProblemException {
  constructor(detail = 'The resource does not exist.') {
    super(404, detail);
  }
}
