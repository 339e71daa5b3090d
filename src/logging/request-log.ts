import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * only method, path and status, so no key, password or cookie is ever written. The
 * line is pino-http's (req, res, responseTime, "request completed"), written once the
 * answer is out; nothing is built per request beyond the id until then, and nothing
 * at all for a line below the log's level (pino-http made a child logger of each
 * request, whether its line was written or not).
 */
export function requestLog(log: Pino) {
  return (
    request: IncomingMessage,
    response: ServerResponse,
    next: () => void,
  ): void => {
    const id = requestIdOf(request);
    // The problem filter names it in a 5xx's request_id, as pino-http's req.id was.
    (request as IncomingMessage & { id?: string }).id = id;
    response.setHeader('X-Request-Id', id);
    const started = Date.now();
    // Read now: routers rewrite request.url as they descend.
    const { method, url } = request;
    response.once('close', () => {
      const failed = response.statusCode >= 500;
      const level = failed ? 'error' : 'info';
      if (!log.isLevelEnabled(level)) return;
      log[level](
        {
          req: { id, method, url: withoutShareTokens(url ?? '') },
          res: { status: response.statusCode },
          responseTime: Date.now() - started,
        },
        failed
          ? 'request errored'
          : response.writableFinished
            ? 'request completed'
            : 'request aborted',
      );
    });
    next();
  };
}
