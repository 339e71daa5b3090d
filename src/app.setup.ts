import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_SCHEME, ProblemDocumentView } from './common/api-docs.js';
import { ProblemException } from './common/problem.js';
import { ProblemFilter } from './common/problem.filter.js';
import { RequestValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/config.js';
import { sharedProblemPage } from './sharing/report-page.js';

const BODY_LIMIT = '16kb';
const BODY_TYPES = ['application/x-www-form-urlencoded', 'application/json'];

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  );
}

/** POST and PUT bodies are a form or JSON; anything else answers 415 (API.md). */
function requireKnownBodyType(
  request: Request,
  _response: Response,
  next: NextFunction,
): void {
  if (
    (request.method === 'POST' || request.method === 'PUT') &&
    hasBody(request) &&
    !BODY_TYPES.some((type) => request.is(type))
  ) {
    next(
      new ProblemException(
        415,
        'Send the body as application/x-www-form-urlencoded or application/json.',
      ),
    );
    return;
  }
  next();
}

export function openApiDocument(app: NestExpressApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Report analysis service')
    .setDescription(
      [
        'Submit a URL; the service audits the page (search engine readiness, speed, security, web conventions) and stores a report with a score, a rating and a privacy setting.',
        '',
        'Every /api/v1 route but /api/v1/shared needs `Authorization: Bearer <key>`; keys are issued with `npm run cli -- keys:create --name <label>`. Bodies are `application/x-www-form-urlencoded` or `application/json`, at most 16 KiB. Every error is an RFC 9457 problem document (`application/problem+json`). An empty query or form value counts as absent.',
      ].join('\n'),
    )
    .setVersion('1')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'An API key (rk_…).' },
      API_KEY_SCHEME,
    )
    .build();
  return SwaggerModule.createDocument(app, config, {
    extraModels: [ProblemDocumentView],
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
  app.disable('x-powered-by');
  // Only routes that take a body check its type: elsewhere an unknown route is a 404.
  app.use(['/api/v1/reports', '/r'], requireKnownBodyType);
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', {
    limit: BODY_LIMIT,
    extended: false,
    parameterLimit: 100,
  });
  app.useGlobalPipes(new RequestValidationPipe());
  app.useGlobalFilters(new ProblemFilter(sharedProblemPage));
  SwaggerModule.setup('docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
    swaggerOptions: { persistAuthorization: true },
  });
}
