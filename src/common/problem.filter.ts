import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ProblemException, titleOf } from './problem.js';
import type { ProblemDocument } from './problem.js';

/** How long a client should wait before retrying while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** True for errors that mean the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof e.code === 'string') {
      if (CONNECTION_ERROR_CODES.has(e.code) || e.code.startsWith('08')) {
        return true;
      }
    }
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.driverError ?? e.cause;
  }
  return false;
}

/** A path whose %-escapes are not UTF-8 names nothing the service has: 404, not 400. */
function hasUndecodablePath(request: Request): boolean {
  try {
    decodeURIComponent(request.path);
    return false;
  } catch {
    return true;
  }
}

/** Errors the body parser raises before any route runs. */
interface BodyParserError {
  type?: string;
  status?: number;
  /** The limit a body passed, in bytes (entity.too.large). */
  limit?: number;
}

function bodyParserProblem(error: BodyParserError): ProblemException | null {
  switch (error.type) {
    case 'entity.too.large':
      return new ProblemException(
        413,
        `The request body is over ${(error.limit ?? 16 * 1024) / 1024} KiB.`,
      );
    case 'entity.parse.failed':
      return new ProblemException(400, 'The request body is not valid JSON.');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ProblemException(
        415,
        'The request body uses an unsupported charset or encoding.',
      );
    case 'parameters.too.many':
      return new ProblemException(
        400,
        'The form has more than 100 fields; send at most 100.',
      );
    default:
      return null;
  }
}

/** Where the filter finds the HTML page of a problem on a route people open in a browser. */
export interface ProblemPageSource {
  pageFor(
    path: string,
    problem: ProblemDocument,
  ): { html: string; headers: Record<string, string> } | null;
}

/**
 * Turns every error into an RFC 9457 problem document: the service's own problems,
 * the framework's HTTP errors (unknown routes included), body parser errors, an
 * unreachable database (503) and anything else (500, logged, never shown). On the
 * paths `pages` claims, the same problem answers as an HTML page.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(
    private readonly pages: ProblemPageSource = { pageFor: () => null },
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const requestId = (request as Request & { id?: string }).id;
    const { document, headers } = this.toProblem(
      hasUndecodablePath(request)
        ? new ProblemException(404, 'There is nothing at this address.')
        : error,
      requestId,
    );
    // A server-side failure names its request, so a report of it finds the log line.
    if (document.status >= 500 && requestId) document.request_id = requestId;
    if (response.headersSent) {
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) {
      response.setHeader(name, value);
    }
    const page = this.pages.pageFor(request.path, document);
    if (page) {
      response.status(document.status).set(page.headers).send(page.html);
      return;
    }
    response
      .status(document.status)
      .type('application/problem+json; charset=utf-8')
      .send(JSON.stringify(document));
  }

  private toProblem(
    error: unknown,
    requestId: string | undefined,
  ): {
    document: ProblemDocument;
    headers: Record<string, string>;
  } {
    if (error instanceof ProblemException) {
      return { document: error.toDocument(), headers: error.headers };
    }
    // The framework hands body parser errors on wrapped, the parser's own as the cause.
    const parsed =
      bodyParserProblem(error as BodyParserError) ??
      bodyParserProblem((error as { cause?: BodyParserError })?.cause ?? {});
    if (parsed) return { document: parsed.toDocument(), headers: {} };
    if (error instanceof HttpException) {
      const status = error.getStatus();
      return {
        document: {
          type: 'about:blank',
          title: titleOf(status),
          status,
          detail:
            status === 404
              ? 'There is nothing at this address.'
              : titleOf(status) + '.',
        },
        headers: {},
      };
    }
    if (isDatabaseUnavailable(error)) {
      this.logger.warn(
        `Database unavailable: ${String((error as Error).message)}`,
      );
      return {
        document: {
          type: 'about:blank',
          title: titleOf(503),
          status: 503,
          detail: 'The database is unavailable. Try again shortly.',
        },
        headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    this.logger.error(
      `Request ${requestId ?? '(no id)'} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return {
      document: {
        type: 'about:blank',
        title: titleOf(500),
        status: 500,
        detail: 'The server failed to handle this request.',
      },
      headers: {},
    };
  }
}
