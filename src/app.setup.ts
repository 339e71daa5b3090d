import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './common/api-docs.js';
import { titleOf } from './common/problem.js';
import { ProblemFilter } from './common/problem.filter.js';
import { ProblemPages } from './common/problem-pages.js';
import { RequestValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import {
  BRANDING_BODY_LIMIT_KIB,
  BRANDING_PATH,
} from './branding/branding-body.js';
import { createLog } from './logging/logger.js';
import { requestLog } from './logging/request-log.js';

const BODY_LIMIT = '16kb';

/** Whether the request is to the branding route, whose body carries a logo. */
function toBranding(request: Request): boolean {
  const path = request.path.replace(/\/+$/, '');
  return path.toLowerCase() === BRANDING_PATH;
}

/**
 * Which requests a parser of `type` reads: those of the branding route, or those of
 * every other. Two parsers of each type, one limit each, so that one route's larger
 * limit raises no other's.
 */
function bodiesOf(type: string, branding: boolean) {
  // Express has given the request its methods (path, is) before any middleware runs.
  return (incoming: IncomingMessage) => {
    const request = incoming as Request;
    return toBranding(request) === branding && Boolean(request.is(type));
  };
}

/** What Node's HTTP parser refuses before any route runs, as the answer names it. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'The request headers are larger than the server accepts (16 KiB in all).',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request did not arrive in time.'],
};

/**
 * Requests Node refuses before Express sees them (headers over 16 KiB, a request
 * line that is not HTTP) answer a problem document too, not a bare status line.
 */
function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [
      400,
      'The request is not valid HTTP.',
    ];
    const body = JSON.stringify({
      type: 'about:blank',
      title: titleOf(status),
      status,
      detail,
    });
    socket.end(
      [
        `HTTP/1.1 ${status} ${titleOf(status)}`,
        'Content-Type: application/problem+json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}

/** Everything main.ts and the tests both need around the module: one app, one way. */
export function configureApp(
  app: NestExpressApplication,
  config: AppConfig,
): void {
  // One proxy hop: the client address is the one the proxy saw, not what the client
  // wrote at the left of X-Forwarded-For (password limits count per address).
  app.set('trust proxy', config.trustProxy ? 1 : false);
  answerClientErrors(app.getHttpServer());
  app.use(requestLog(createLog(config)));
  app.disable('x-powered-by');
  for (const branding of [false, true]) {
    const limit = branding ? `${BRANDING_BODY_LIMIT_KIB}kb` : BODY_LIMIT;
    app.useBodyParser('json', {
      limit,
      type: bodiesOf('application/json', branding),
    });
    app.useBodyParser('urlencoded', {
      limit,
      extended: false,
      parameterLimit: 100,
      type: bodiesOf('application/x-www-form-urlencoded', branding),
    });
  }
  app.useGlobalPipes(new RequestValidationPipe());
  app.useGlobalFilters(new ProblemFilter(app.get(ProblemPages)));
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
    swaggerOptions: { persistAuthorization: true },
  });
}
