import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server as TcpServer, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

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
/** A request a fixture site answered: its path, method and when it arrived. */
export interface SiteRequest {
  path: string;
  method: string;
  at: number;
}

export async function startFixtureSite(
  routes: Record<string, FixtureHandler>,
  options: { host?: string; requests?: SiteRequest[] } = {},
): Promise<FixtureSite> {
  const server: Server = createServer(routed(routes, options.requests));
  return listen(server, options.host ?? '127.0.0.1');
}

/** Answers by path (query ignored); anything else a 404 HTML page. Logs each request in `requests`. */
function routed(
  routes: Record<string, FixtureHandler>,
  requests?: SiteRequest[],
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    requests?.push({ path, method: req.method ?? 'GET', at: Date.now() });
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
  };
}

async function listen(server: TcpServer, host: string): Promise<FixtureSite> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
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

/**
 * The certificate of the TLS fixture: self-signed for 127.0.0.1, so only a client that
 * is told to trust it (the analyser's `trustedCertificates`) accepts it.
 */
export const FIXTURE_CERTIFICATE = readFileSync(
  new URL('../fixtures/tls/localhost-cert.pem', import.meta.url),
  'utf8',
);
const FIXTURE_KEY = readFileSync(
  new URL('../fixtures/tls/localhost-key.pem', import.meta.url),
  'utf8',
);

export interface DualFixtureSite extends FixtureSite {
  /** https://127.0.0.1:port, the same port as `origin`. */
  httpsOrigin: string;
  httpsUrl(path: string): string;
}

/** Whether the request came over TLS (on a dual site, the https:// side). */
export function overTls(req: IncomingMessage): boolean {
  return (req.socket as TLSSocket).encrypted === true;
}

/**
 * A site that answers http:// and https:// on one loopback port, as a real site does on
 * 80 and 443: the first byte of each connection tells a TLS handshake (0x16) from
 * plain HTTP. The same routes serve both; `overTls(req)` tells them apart.
 */
export async function startDualFixtureSite(
  routes: Record<string, FixtureHandler>,
): Promise<DualFixtureSite> {
  const handler = routed(routes);
  const plain = createServer(handler);
  const secure = createHttpsServer(
    { key: FIXTURE_KEY, cert: FIXTURE_CERTIFICATE },
    handler,
  );
  // Read in paused mode and put the byte back, so TLS still sees the whole handshake.
  const server = createTcpServer((socket) => {
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) return;
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
    });
  });
  const site = await listen(server, '127.0.0.1');
  const httpsOrigin = site.origin.replace(/^http:/, 'https:');
  return {
    ...site,
    httpsOrigin,
    httpsUrl: (path) => `${httpsOrigin}${path}`,
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

/**
 * robots.txt naming the sitemap, a sitemap listing `paths`, and a favicon: what a small
 * well-kept site serves beside its pages. `urlOf` is read at request time.
 */
export function wellKeptSiteFiles(
  urlOf: (path: string) => string,
  paths: string[],
): Record<string, FixtureHandler> {
  return {
    '/robots.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`User-agent: *\nAllow: /\nSitemap: ${urlOf('/sitemap.xml')}\n`);
    },
    '/sitemap.xml': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${urlOf(path)}</loc></url>`).join('')}</urlset>`,
      );
    },
    '/favicon.ico': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/x-icon' });
      res.end(Buffer.alloc(16));
    },
  };
}
