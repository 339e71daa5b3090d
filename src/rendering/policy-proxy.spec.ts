import { createServer, request } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server as TcpServer, Socket } from 'node:net';
import { AddressPolicy } from '../analysis/index.js';
import type { Lookup } from '../analysis/index.js';
import {
  endToEndHeaders,
  parseAuthority,
  PROXY_FAILURE_HEADER,
  startPolicyProxy,
} from './policy-proxy.js';
import type { PolicyProxy } from './policy-proxy.js';

describe('parseAuthority', () => {
  it.each([
    ['example.com:443', { hostname: 'example.com', port: 443 }],
    ['127.0.0.2:8080', { hostname: '127.0.0.2', port: 8080 }],
    ['[::1]:443', { hostname: '[::1]', port: 443 }],
    // The URL parser's spelling of an address, as the policy reads it.
    ['0x7f.1:80', { hostname: '127.0.0.1', port: 80 }],
    ['EXAMPLE.com:1', { hostname: 'example.com', port: 1 }],
  ])('reads %s', (authority, expected) => {
    expect(parseAuthority(authority)).toEqual(expected);
  });

  it.each([
    'example.com',
    'example.com:0',
    'example.com:65536',
    'user@example.com:443',
    '::1:443',
    'example.com:443/path',
    '',
  ])('refuses %j', (authority) => {
    expect(parseAuthority(authority)).toBeNull();
  });
});

describe('endToEndHeaders', () => {
  it('drops hop-by-hop headers and those the Connection header names', () => {
    expect(
      endToEndHeaders([
        'Host',
        'a.test',
        'Proxy-Connection',
        'keep-alive',
        'Connection',
        'keep-alive, X-Hop',
        'X-Hop',
        '1',
        'Proxy-Authorization',
        'Basic eA==',
        'Accept',
        'text/html',
        'Set-Cookie',
        'a=1',
        'Set-Cookie',
        'b=2',
      ]),
    ).toEqual([
      'Host',
      'a.test',
      'Accept',
      'text/html',
      'Set-Cookie',
      'a=1',
      'Set-Cookie',
      'b=2',
    ]);
  });
});

/** A listener on a refused address that counts every connection made to it. */
async function startSentinel(host: string): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server: TcpServer = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const names: Record<string, string> = {
  'site.test': '127.0.0.1',
  'inside.test': '127.0.0.2',
};
const lookup: Lookup = (hostname) =>
  names[hostname]
    ? Promise.resolve([{ address: names[hostname], family: 4 }])
    : Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
        }),
      );

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A request sent through the proxy in absolute form, as a browser sends it. */
function viaProxy(
  proxy: PolicyProxy,
  url: string,
  options: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: url,
        headers: { host: URL.parse(url)?.host ?? 'proxy', ...options.headers },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A CONNECT through the proxy: its status, and the tunnel when it opened. */
function connectVia(
  proxy: PolicyProxy,
  authority: string,
): Promise<{ status: number; socket: Socket }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'CONNECT',
      path: authority,
      agent: false,
    });
    req.on('connect', (res: IncomingMessage, socket: Socket) =>
      resolve({ status: res.statusCode ?? 0, socket }),
    );
    req.on('error', reject);
    req.end();
  });
}

describe('startPolicyProxy', () => {
  let site: Server;
  let siteOrigin: string;
  let echo: TcpServer;
  let echoPort: number;
  let seen: {
    method?: string;
    url?: string;
    headers: string[];
    body: string;
  }[];
  let proxy: PolicyProxy;
  let sentinels: Awaited<ReturnType<typeof startSentinel>>[];

  beforeEach(async () => {
    seen = [];
    site = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          headers: req.rawHeaders,
          body,
        });
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.setHeader('content-type', 'text/plain');
        res.end(`answer to ${req.method} ${req.url}`);
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    echo = createTcpServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoPort = (echo.address() as AddressInfo).port;
    sentinels = [await startSentinel('127.0.0.2'), await startSentinel('::1')];
    proxy = await startPolicyProxy({
      policy: new AddressPolicy(['127.0.0.1']),
      lookup,
      connectTimeoutMs: 2000,
    });
  });

  afterEach(async () => {
    await proxy.close();
    await new Promise((resolve) => site.close(resolve));
    await new Promise((resolve) => echo.close(resolve));
    for (const sentinel of sentinels) await sentinel.close();
  });

  it('carries an allowed request with its body, without the proxy’s headers', async () => {
    const answer = await viaProxy(proxy, `${siteOrigin}/form?q=1`, {
      method: 'POST',
      body: 'name=value',
      headers: {
        'proxy-connection': 'keep-alive',
        connection: 'x-private',
        'x-private': 'secret',
        'x-kept': 'yes',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('answer to POST /form?q=1');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(seen).toHaveLength(1);
    expect(seen[0].body).toBe('name=value');
    const names = seen[0].headers
      .filter((_, i) => i % 2 === 0)
      .map((name) => name.toLowerCase());
    expect(names).toContain('x-kept');
    expect(names).not.toContain('proxy-connection');
    expect(names).not.toContain('x-private');
    expect(proxy.failures).toEqual([]);
  });

  it('carries a request to a name that resolves to an allowed address', async () => {
    const { port } = new URL(siteOrigin);
    const answer = await viaProxy(proxy, `http://site.test:${port}/named`);
    expect(answer.body).toBe('answer to GET /named');
  });

  it.each([
    ['127.0.0.2', (port: number) => `http://127.0.0.2:${port}/x`, 0],
    ['[::1]', (port: number) => `http://[::1]:${port}/x`, 1],
    [
      'a name resolving to 127.0.0.2',
      (port: number) => `http://inside.test:${port}/x`,
      0,
    ],
  ])(
    'refuses plain http to %s, and says so',
    async (_name, urlAt, sentinel) => {
      const url = urlAt(sentinels[sentinel].port);
      const answer = await viaProxy(proxy, url);
      expect(answer.status).toBe(403);
      expect(answer.headers[PROXY_FAILURE_HEADER]).toBe('blocked');
      expect(answer.body).toMatch(/is not allowed \(loopback\)/);
      expect(proxy.failures).toEqual([
        { target: url, code: 'blocked', message: answer.body },
      ]);
      expect(sentinels.map((s) => s.connections())).toEqual([0, 0]);
    },
  );

  it('tunnels CONNECT to an allowed address', async () => {
    const { status, socket } = await connectVia(proxy, `127.0.0.1:${echoPort}`);
    expect(status).toBe(200);
    const echoed = new Promise<string>((resolve) =>
      socket.once('data', (data: Buffer) => resolve(data.toString())),
    );
    socket.write('ping');
    expect(await echoed).toBe('ping');
    socket.destroy();
  });

  it.each([
    ['127.0.0.2', (port: number) => `127.0.0.2:${port}`, 0],
    ['[::1]', (port: number) => `[::1]:${port}`, 1],
    [
      'a name resolving to 127.0.0.2',
      (port: number) => `inside.test:${port}`,
      0,
    ],
  ])('refuses CONNECT to %s', async (_name, authorityAt, sentinel) => {
    const authority = authorityAt(sentinels[sentinel].port);
    const { status, socket } = await connectVia(proxy, authority);
    socket.destroy();
    expect(status).toBe(403);
    expect(proxy.failures).toEqual([
      expect.objectContaining({ target: authority, code: 'blocked' }),
    ]);
    expect(sentinels.map((s) => s.connections())).toEqual([0, 0]);
  });

  it('answers 502 with the network’s code when a name does not resolve', async () => {
    const answer = await viaProxy(proxy, 'http://nowhere.test/');
    expect(answer.status).toBe(502);
    expect(answer.headers[PROXY_FAILURE_HEADER]).toBe('dns');
    expect(proxy.failures).toEqual([
      expect.objectContaining({ target: 'http://nowhere.test/', code: 'dns' }),
    ]);
  });

  it('answers 400 to a request that is not for a proxy', async () => {
    const answer = await viaProxy(proxy, '/relative');
    expect(answer.status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('ends open tunnels when closed', async () => {
    const { socket } = await connectVia(proxy, `127.0.0.1:${echoPort}`);
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await proxy.close();
    await ended;
  });

  it('keeps at most maxFailures failures', async () => {
    const bounded = await startPolicyProxy({
      policy: new AddressPolicy([]),
      lookup,
      connectTimeoutMs: 2000,
      maxFailures: 2,
    });
    try {
      for (const path of ['/1', '/2', '/3'])
        await viaProxy(bounded, `${siteOrigin}${path}`);
      expect(bounded.failures.map((f) => f.target)).toEqual([
        `${siteOrigin}/1`,
        `${siteOrigin}/2`,
      ]);
    } finally {
      await bounded.close();
    }
  });
});
