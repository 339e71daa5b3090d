import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger as Pino } from 'pino';

/** An id a client may choose: short, and nothing that could forge a log line. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Share tokens in paths are capabilities: logged as [token]. */
function withoutShareTokens(url: string): string {
  return url.replace(
    /^\/(r|api\/v1\/shared\/reports)\/[^/?#]+/,
    (_match, route: string) => `/${route}/[token]`,
  );
}

/** The request id: the client's X-Request-Id when it is a plain one, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given)
    ? given
    : randomUUID();
}

/**
 * One JSON line a request, with its id, which every answer carries as X-Request-Id;
 * only method, path and status, so no key, password or cookie is ever written.
 */
export function requestLog(log: Pino) {
  return pinoHttp({
    logger: log,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const id = requestIdOf(request);
      response.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: withoutShareTokens(request.url),
      }),
      res: (response: { statusCode: number }) => ({
        status: response.statusCode,
      }),
      // pino-http makes up an error for every 5xx; the filter logs the real one.
      err: () => undefined,
    },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : 'info',
  });
}
