import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FixtureHandler = (
  req: IncomingMessage,
  res: ServerResponse,
) => void | Promise<void>;

export interface FixtureSite {
  /** http://host:port, no trailing slash. */
  origin: string;
  port: number;
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * A real web site on a loopback address, served by the test itself: routes by path
 * (query ignored), anything else a 404 HTML page.
 */
export async function startFixtureSite(
  routes: Record<string, FixtureHandler>,
  options: { host?: string } = {},
): Promise<FixtureSite> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    const handler = routes[path];
    if (!handler) {
      html(
        res,
        '<!doctype html><title>Not found</title><h1>Not found</h1>',
        {},
        404,
      );
      return;
    }
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    port,
    url: (path) => `${origin}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers with an HTML page (UTF-8 unless the headers say otherwise). */
export function html(
  res: ServerResponse,
  body: string | Buffer,
  headers: Record<string, string> = {},
  status = 200,
): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    ...headers,
  });
  res.end(body);
}
