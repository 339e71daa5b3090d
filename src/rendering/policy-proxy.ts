import { Agent, createServer, request } from 'node:http';
import type {
  ClientRequestArgs,
  IncomingMessage,
  Server,
  ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  AnalysisError,
  guardedConnector,
  toAnalysisError,
} from '../analysis/index.js';
import type {
  AddressPolicy,
  AnalysisErrorCode,
  Lookup,
} from '../analysis/index.js';

/**
 * The browser's only way out: an HTTP forward proxy on 127.0.0.1 that connects through
 * the analyser's guarded connector, so every request a page makes (documents,
 * subresources, fetch, XHR, WebSockets, redirects, frames) is resolved, checked against
 * the address policy and connected to the very address checked, as the service's own
 * fetches are. Plain http comes as absolute-form requests; https and WebSockets as
 * CONNECT tunnels, of which only the host and port are known.
 */

/** A request the proxy did not carry out. */
export interface ProxyFailure {
  /** The URL (plain http), or the host:port of a tunnel (https, WebSockets). */
  target: string;
  /** `blocked` when the address policy refused it; else what the network said. */
  code: AnalysisErrorCode;
  message: string;
}

export interface PolicyProxy {
  /** http://127.0.0.1:port, for Chromium's --proxy-server or a context's proxy. */
  readonly url: string;
  /** What was refused or failed, oldest first (at most `maxFailures`). */
  readonly failures: readonly ProxyFailure[];
  /** Forgets the failures so far: the next page of a kept context starts with none. */
  clearFailures(): void;
  close(): Promise<void>;
}

export interface PolicyProxyOptions {
  policy: AddressPolicy;
  lookup: Lookup;
  connectTimeoutMs: number;
  /** Failures kept; a page that asks for a refused address in a loop cannot grow the list past it. */
  maxFailures?: number;
}

/** Headers of one connection, never forwarded (RFC 9110, 7.6.1), and the proxy's own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const AUTHORITY = /^(\[[0-9a-f:.]+\]|[^:[\]/@\s]+):(\d{1,5})$/i;

/** The host and port of a CONNECT request's authority (`host:port`, `[v6]:port`), or null. */
export function parseAuthority(
  authority: string,
): { hostname: string; port: number } | null {
  const match = AUTHORITY.exec(authority);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  const hostname = URL.parse(`http://${match[1]}/`)?.hostname;
  return hostname ? { hostname, port } : null;
}

/** The raw header list without hop-by-hop headers, nor those the Connection header names. */
export function endToEndHeaders(raw: readonly string[]): string[] {
  const named = new Set(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() !== 'connection') continue;
    for (const token of raw[i + 1].split(','))
      named.add(token.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!named.has(raw[i].toLowerCase())) kept.push(raw[i], raw[i + 1]);
  }
  return kept;
}

/** Starts a proxy on 127.0.0.1 (an ephemeral port) that applies `policy` to every connection. */
export async function startPolicyProxy(
  options: PolicyProxyOptions,
): Promise<PolicyProxy> {
  const connector = guardedConnector(
    options.policy,
    options.lookup,
    options.connectTimeoutMs,
    undefined,
  );
  const connect = (hostname: string, port: number): Promise<Socket> =>
    new Promise((resolve, reject) =>
      connector(
        { hostname, protocol: 'http:', port: String(port) },
        (error, socket) => (error ? reject(error) : resolve(socket)),
      ),
    );
  const failures: ProxyFailure[] = [];
  const maxFailures = options.maxFailures ?? 1000;
  const fail = (target: string, error: unknown): ProxyFailure => {
    const known = toAnalysisError(error, NEVER_ABORTED, target);
    const failure = { target, code: known.code, message: known.message };
    if (failures.length < maxFailures) failures.push(failure);
    return failure;
  };
  const agent = new GuardedAgent(connect);
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const server: Server = createServer();
  server.on('connection', track);
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    forward(req, res, agent, fail),
  );
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnel(req.url ?? '', client, head, connect, fail, track);
  });
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    upgrade(req, client, head, connect, fail, track);
  });
  server.on('clientError', (_error, socket: Duplex) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failures,
    clearFailures: () => {
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        agent.destroy();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const NEVER_ABORTED = new AbortController().signal;

type Connect = (hostname: string, port: number) => Promise<Socket>;
type Fail = (target: string, error: unknown) => ProxyFailure;

/** Keeps connections to each origin alive, each opened through the guard. */
class GuardedAgent extends Agent {
  constructor(private readonly connectGuarded: Connect) {
    super({ keepAlive: true, maxSockets: 32 });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const hostname = options.hostname ?? options.host ?? '';
    this.connectGuarded(hostname, Number(options.port)).then(
      (socket) => callback?.(null, socket),
      (error: Error) => callback?.(error, undefined as unknown as Duplex),
    );
    return undefined;
  }
}

/** Only absolute http:// URLs are proxied; anything else is not a request for a proxy. */
function absoluteHttpUrl(raw: string | undefined): URL | null {
  const url = URL.parse(raw ?? '');
  return url?.protocol === 'http:' ? url : null;
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  agent: Agent,
  fail: Fail,
): void {
  const url = absoluteHttpUrl(req.url);
  if (!url) {
    answer(res, 400, 'This proxy carries absolute http:// requests only.');
    return;
  }
  const upstream = request({
    agent,
    hostname: url.hostname,
    port: url.port || 80,
    method: req.method,
    path: `${url.pathname}${url.search}`,
    headers: endToEndHeaders(req.rawHeaders),
    setHost: false,
  });
  upstream.on('response', (response: IncomingMessage) => {
    // The site's own headers only: no Date of the proxy's where the site sent none.
    res.sendDate = false;
    res.writeHead(
      response.statusCode ?? 502,
      response.statusMessage,
      endToEndHeaders(response.rawHeaders),
    );
    response.pipe(res);
    response.on('error', () => res.destroy());
  });
  upstream.on('error', (error: Error) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const failure = fail(url.href, error);
    answer(
      res,
      failure.code === 'blocked' ? 403 : 502,
      failure.message,
      failure.code,
    );
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/** Marks the proxy's own answers, so a render tells them from the site's. */
export const PROXY_FAILURE_HEADER = 'x-policy-proxy-failure';

function answer(
  res: ServerResponse,
  status: number,
  message: string,
  code?: AnalysisErrorCode,
): void {
  res.writeHead(status, {
    ...(code ? { [PROXY_FAILURE_HEADER]: code } : {}),
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(message),
    connection: 'close',
  });
  res.end(message);
}

/** An answer written on a raw socket (CONNECT and upgrades have no response object). */
function refuseOnSocket(client: Duplex, failure: ProxyFailure): void {
  const status =
    failure.code === 'blocked' ? '403 Forbidden' : '502 Bad Gateway';
  client.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(failure.message)}\r\nconnection: close\r\n\r\n${failure.message}`,
  );
}

function tunnel(
  authority: string,
  client: Duplex,
  head: Buffer,
  connect: Connect,
  fail: Fail,
  track: (socket: Duplex) => void,
): void {
  const target = parseAuthority(authority);
  if (!target) {
    refuseOnSocket(
      client,
      fail(
        authority,
        new AnalysisError('blocked', `${authority} is not a host and port.`),
      ),
    );
    return;
  }
  client.on('error', () => client.destroy());
  connect(target.hostname, target.port).then(
    (upstream) => {
      track(upstream);
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      splice(client, upstream);
    },
    (error: unknown) => refuseOnSocket(client, fail(authority, error)),
  );
}

/** A WebSocket handshake sent to the proxy as a plain request: connected, then spliced. */
function upgrade(
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
  connect: Connect,
  fail: Fail,
  track: (socket: Duplex) => void,
): void {
  const url = absoluteHttpUrl(req.url);
  client.on('error', () => client.destroy());
  if (!url) {
    client.destroy();
    return;
  }
  connect(url.hostname, Number(url.port || 80)).then(
    (upstream) => {
      track(upstream);
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`];
      const raw = req.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        if (!/^proxy-/i.test(raw[i])) lines.push(`${raw[i]}: ${raw[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      splice(client, upstream);
    },
    (error: unknown) => refuseOnSocket(client, fail(url.href, error)),
  );
}

function splice(a: Duplex, b: Duplex): void {
  a.pipe(b);
  b.pipe(a);
  const end = () => {
    a.destroy();
    b.destroy();
  };
  a.on('error', end);
  b.on('error', end);
  a.on('close', end);
  b.on('close', end);
}
