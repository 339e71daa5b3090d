import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import type { Socket as UdpSocket } from 'node:dgram';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server as TcpServer } from 'node:net';
import { AddressPolicy } from '../src/analysis/index.js';
import type { Lookup } from '../src/analysis/index.js';
import {
  ChromiumBrowser,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_HEADLESS_SHELL_PATH,
  PLAYWRIGHT_DISABLED_FEATURES,
  renderBrowserPath,
} from '../src/rendering/chromium.js';
import {
  DEFAULT_BROWSER_SANDBOX,
  RenderError,
  Renderer,
  stillRunning,
} from '../src/rendering/index.js';
import type { ProcessId, RenderedPage } from '../src/rendering/index.js';
import {
  clientRenderedPage,
  contentJson,
  LEAVES_STATE_SCRIPT,
  NOTHING_LEFT,
  SERVICE_WORKER_SCRIPT,
  fetchRenderedPage,
  historyRoutedPage,
  lazyRenderedPage,
  sampleContent,
  staticPage,
} from './support/client-rendered-site.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite, SiteRequest } from './support/fixture-server.js';

// The browser renders use by default: Debian's headless shell where installed (CI installs it).
const CHROMIUM = renderBrowserPath({
  render: process.env.RENDER_CHROMIUM_PATH,
  chromium: process.env.CHROMIUM_PATH,
});
/** Both browsers the service starts: Debian's headless shell (renders) and Chromium (the lab). */
const POLICY_BROWSERS: Array<[string, string]> = [
  ['the headless shell', DEFAULT_HEADLESS_SHELL_PATH],
  ['Chromium', DEFAULT_CHROMIUM_PATH],
];
// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

/** A TCP listener on a refused address: it counts every connection, and answers none. */
interface Sentinel {
  port: number;
  connections: number;
  close(): Promise<void>;
}

async function tcpSentinel(host: string, port = 0): Promise<Sentinel> {
  const server: TcpServer = createTcpServer((socket) => {
    sentinel.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const sentinel: Sentinel = {
    port: (server.address() as AddressInfo).port,
    connections: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return sentinel;
}

/** A UDP listener on a refused address (STUN, TURN, QUIC would reach it): it counts datagrams. */
async function udpSentinel(host: string): Promise<{
  socket: UdpSocket;
  port: number;
  datagrams: () => number;
}> {
  let datagrams = 0;
  const socket = createSocket('udp4');
  socket.on('message', () => (datagrams += 1));
  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  return { socket, port: socket.address().port, datagrams: () => datagrams };
}

/** A WebSocket server on 127.0.0.1 that greets each client with one text frame. */
async function startGreetingSocketServer(): Promise<Server> {
  const server = createServer();
  server.on('upgrade', (req, socket) => {
    const accept = createHash('sha1')
      .update(
        `${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`,
      )
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    // Upgraded sockets are the test's to end: the server stops tracking them. What the
    // client sends (a close frame) is read and dropped, or its end is never seen.
    socket.on('end', () => socket.destroy());
    socket.resume();
    const text = Buffer.from('greetings over a socket');
    socket.write(Buffer.concat([Buffer.from([0x81, text.length]), text]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Polls until `done` holds or `ms` have passed; answers whether it held. */
async function eventually(
  done: () => Promise<boolean>,
  ms: number,
): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The --user-data-dir Chromium's root process was started with. */
function profileDirOf(root: ProcessId): string | undefined {
  const argv = readFileSync(`/proc/${root.pid}/cmdline`, 'utf8').split('\0');
  return argv
    .find((arg) => arg.startsWith('--user-data-dir='))
    ?.slice('--user-data-dir='.length);
}

async function renderError(work: Promise<unknown>): Promise<RenderError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error('The render did not fail.');
}

run('rendering in headless Chromium', () => {
  let site: FixtureSite;
  let requests: SiteRequest[];
  let sockets: Server;
  let inside: Sentinel;
  let insideV6: Sentinel;
  let rebound: Sentinel;
  let udp: Awaited<ReturnType<typeof udpSentinel>>;
  let renderer: Renderer;
  let lookups: Record<string, number>;

  const home = sampleContent('Home', [
    ['/pricing', 'Pricing'],
    ['/team', 'Team'],
    ['#/pricing', 'Pricing (app route)'],
    ['#!/team', 'Team (app route)'],
  ]);
  const fetched = sampleContent('Fetched', [['/home', 'Home']]);
  const routed = sampleContent('Routed', [['/routed/next', 'Next']]);

  /** Names a page's scripts may use: one allowed, the others resolving to refused addresses. */
  const lookup: Lookup = (hostname) => {
    lookups[hostname] = (lookups[hostname] ?? 0) + 1;
    const answers: Record<string, string> = {
      'site.test': '127.0.0.1',
      'inside.test': '127.0.0.2',
      'v6.inside.test': '::1',
      // Allowed first, then moved to a refused address: DNS rebinding.
      'rebind.test': lookups[hostname] === 1 ? '127.0.0.1' : '127.0.0.2',
    };
    const address = answers[hostname];
    if (address === undefined) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
        }),
      );
    }
    return Promise.resolve([
      { address, family: address.includes(':') ? 6 : 4 },
    ]);
  };

  /** The page whose scripts try every way out to the refused listeners. */
  function hostilePage(): string {
    const v4 = `127.0.0.2:${inside.port}`;
    const v6 = `[::1]:${insideV6.port}`;
    const named = `inside.test:${inside.port}`;
    const namedV6 = `v6.inside.test:${insideV6.port}`;
    const stun = `127.0.0.2:${udp.port}`;
    const attempts = [
      `fetch('http://${v4}/fetch')`,
      `fetch('https://${v4}/fetch-tls')`,
      `fetch('http://${v6}/fetch')`,
      `fetch('http://${named}/named')`,
      `fetch('http://${namedV6}/named')`,
      // At once, so the proxy opens more than one connection and resolves the name again.
      `fetch('http://rebind.test:${site.port}/first')`,
      `fetch('http://rebind.test:${site.port}/second')`,
      `fetch('http://rebind.test:${site.port}/third')`,
      `fetch('/bounce')`,
      `navigator.sendBeacon('http://${v4}/beacon', 'x')`,
      `(() => { const x = new XMLHttpRequest(); x.open('GET', 'http://${v6}/xhr'); x.send(); })()`,
      `(() => { const i = new Image(); i.src = 'http://${v4}/img'; document.body.appendChild(i); })()`,
      `(() => { const f = document.createElement('iframe'); f.src = 'http://${v4}/frame'; document.body.appendChild(f); })()`,
      `(() => { const f = document.createElement('iframe'); f.src = '/bounce'; document.body.appendChild(f); })()`,
      `(() => { const s = document.createElement('script'); s.src = '/bounce'; document.head.appendChild(s); })()`,
      `new WebSocket('ws://${v4}/socket')`,
      `new WebSocket('wss://${v6}/socket')`,
      `new WebSocket('ws://${named}/socket')`,
      `new EventSource('http://${v4}/events')`,
      `(() => { const l = document.createElement('link'); l.rel = 'prefetch'; l.href = 'http://${v4}/prefetch'; document.head.appendChild(l); })()`,
      `(() => { const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:${stun}' }, { urls: 'turn:${stun}?transport=udp', username: 'u', credential: 'c' }, { urls: 'turn:${v4}?transport=tcp', username: 'u', credential: 'c' }] }); pc.createDataChannel('d'); pc.createOffer().then((o) => pc.setLocalDescription(o)); })()`,
      `new WebTransport('https://${stun}/')`,
      `navigator.serviceWorker && navigator.serviceWorker.register('/sw.js')`,
      `window.open('http://${v4}/popup')`,
    ];
    return `<!doctype html><html><head><title>Hostile</title></head><body><div id="app"></div><script>
for (const attempt of [${attempts.map((a) => `() => ${a}`).join(',\n')}]) {
  try { const p = attempt(); if (p && p.catch) p.catch(() => {}); } catch {}
}
document.getElementById('app').textContent = 'tried';
</script></body></html>`;
  }

  beforeAll(async () => {
    inside = await tcpSentinel('127.0.0.2');
    insideV6 = await tcpSentinel('::1');
    udp = await udpSentinel('127.0.0.2');
    sockets = await startGreetingSocketServer();
    requests = [];
    site = await startFixtureSite(
      {
        '/': (_req, res) => html(res, clientRenderedPage(home)),
        '/static': (_req, res) => html(res, staticPage(home)),
        '/fetched': (_req, res) => html(res, fetchRenderedPage('/api/content')),
        '/api/content': (_req, res) => {
          // Late enough that only a render that waits for the network sees it.
          setTimeout(() => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(contentJson(fetched));
          }, 300);
        },
        '/lazy': (_req, res) => html(res, lazyRenderedPage('/api/content')),
        '/routed': (_req, res) =>
          html(res, historyRoutedPage('/routed/welcome', routed)),
        '/moved': (_req, res) => {
          res.writeHead(301, { location: '/' });
          res.end();
        },
        '/raw': (_req, res) =>
          html(res, clientRenderedPage(home), {
            'set-cookie': 'session=1; Path=/',
            'x-robots-tag': 'noarchive',
          }),
        '/hostile': (_req, res) => html(res, hostilePage()),
        // Held a second: the three rebinding fetches overlap however loaded the machine
        // is, so the proxy cannot reuse the first one's connection for the others.
        ...Object.fromEntries(
          ['/first', '/second', '/third'].map((path) => [
            path,
            (_req: IncomingMessage, res: ServerResponse) =>
              void setTimeout(() => html(res, '<p>rebound</p>'), 1000),
          ]),
        ),
        '/bounce': (_req, res) => {
          res.writeHead(302, {
            location: `http://127.0.0.2:${inside.port}/bounced`,
          });
          res.end();
        },
        '/leave': (_req, res) => {
          res.writeHead(302, {
            location: `http://inside.test:${inside.port}/left`,
          });
          res.end();
        },
        '/leave-tls': (_req, res) => {
          res.writeHead(302, {
            location: `https://127.0.0.2:${inside.port}/left`,
          });
          res.end();
        },
        '/socket': (_req, res) =>
          html(
            res,
            `<title>Waiting</title><script>const s = new WebSocket('ws://127.0.0.1:${(sockets.address() as AddressInfo).port}/'); s.onmessage = (e) => { document.title = e.data; };</script>`,
          ),
        '/images': (_req, res) =>
          html(
            res,
            '<title>Images</title><img src="/picture.png"><link rel="stylesheet" href="/style.css">',
          ),
        '/picture.png': (_req, res) => {
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(Buffer.alloc(8));
        },
        '/style.css': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/css' });
          res.end('body { color: black }');
        },
        '/errors': (_req, res) =>
          html(
            res,
            `<title>Errors</title><script>console.error('the widget failed'); setTimeout(() => { throw new Error('uncaught in a timer'); }); undefinedFunction();</script>`,
          ),
        '/remember': (_req, res) =>
          html(
            res,
            `<title>Remember</title><script>document.title = 'cookie=' + document.cookie + ' storage=' + localStorage.getItem('seen'); document.cookie = 'seen=1; max-age=3600'; localStorage.setItem('seen', '1');</script>`,
          ),
        // What a page may leave behind, and what it finds left by an earlier page.
        '/leaves-state': (_req, res) =>
          html(
            res,
            '<title>Leaves state</title><script src="/leaves-state.js"></script>',
          ),
        '/leaves-state.js': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          res.end(LEAVES_STATE_SCRIPT);
        },
        '/sw.js': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          res.end(SERVICE_WORKER_SCRIPT);
        },
        '/never-settles': (_req, res) =>
          html(
            res,
            `<title>Polling</title><div id="app">content before polling</div><script>setInterval(() => fetch('/ping'), 100);</script>`,
          ),
        '/ping': (_req, res) => {
          res.writeHead(204);
          res.end();
        },
        '/no-answer': () => {
          // Never answered: the document does not come within the cap.
        },
        '/loop': (_req, res) =>
          html(
            res,
            '<title>Loop</title><p>before</p><script>while (true) {}</script>',
          ),
        '/loop-later': (_req, res) =>
          html(
            res,
            `${clientRenderedPage(home).replace('show(page);', 'show(page); setTimeout(() => { for (;;) {} }, 50);')}`,
          ),
        '/dialogs': (_req, res) =>
          html(
            res,
            `<title>Dialogs</title><div id="app"></div><script>alert('hello'); const sure = confirm('sure?'); const name = prompt('name?'); document.getElementById('app').textContent = 'after dialogs ' + sure + ' ' + name;</script>`,
          ),
        '/popups': (_req, res) =>
          html(
            res,
            `<title>Popups</title><div id="app"></div><script>const w = window.open('/popup-target'); const v = window.open('http://127.0.0.2:${inside.port}/popup'); document.getElementById('app').textContent = 'opened';</script>`,
          ),
        '/popup-target': (_req, res) =>
          html(
            res,
            '<title>Popup</title><script>alert("from the popup")</script>',
          ),
        '/out-of-memory': (_req, res) =>
          html(
            res,
            '<title>Hungry</title><script>const kept = []; for (;;) kept.push(new Array(1e6).fill(Math.random()));</script>',
          ),
        '/growing': (_req, res) =>
          html(
            res,
            `<title>Growing</title><script>document.addEventListener('DOMContentLoaded', () => document.body.insertAdjacentHTML('beforeend', '<p>' + 'written '.repeat(20000) + '</p>'));</script>`,
          ),
        '/shrinking': (_req, res) =>
          html(
            res,
            `<title>Shrinking</title><p id="big">${'served '.repeat(3000)}</p><script>document.getElementById('big').remove();</script>`,
          ),
        '/robots-blocked': (_req, res) =>
          html(res, fetchRenderedPage('/private/content')),
        '/private/content': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(contentJson(fetched));
        },
      },
      { requests },
    );
    // On the site's port of 127.0.0.2: where a rebound name would lead.
    rebound = await tcpSentinel('127.0.0.2', site.port);
    renderer = new Renderer(
      {
        allowHosts: ['127.0.0.1'],
        executablePath: CHROMIUM,
        pagesPerProcess: 2,
      },
      { lookup },
    );
  });

  beforeEach(() => {
    lookups = {};
    requests.length = 0;
  });

  afterAll(async () => {
    await renderer?.close();
    await site?.close();
    await Promise.all([inside, insideV6, rebound].map((s) => s?.close()));
    udp?.socket.close();
    await new Promise((resolve) => sockets?.close(resolve));
  });

  describe('client-rendered pages', () => {
    it('renders a page a script writes: title, description, h1, text and links', async () => {
      const page = await renderer.render(site.url('/'));
      expect(page.settled).toBe(true);
      expect(page.html).toContain(`<title>${home.title}</title>`);
      expect(page.html).toContain(
        `<meta name="description" content="${home.description}">`,
      );
      expect(page.html).toContain(`<h1>${home.h1}</h1>`);
      expect(page.html).toContain(home.sentences[29]);
      expect(page.links.map((link) => link.url)).toEqual([
        site.url('/pricing'),
        site.url('/team'),
        site.url('/#/pricing'),
        site.url('/#!/team'),
      ]);
      expect(page.fragmentRoutes).toEqual([
        site.url('/#/pricing'),
        site.url('/#!/team'),
      ]);
      expect(page.pageErrors).toEqual([]);
      expect(page.refused).toEqual([]);
    });

    it('finds in the rendered page what the same content holds as static HTML', async () => {
      const rendered = await renderer.render(site.url('/'));
      const served = await renderer.render(site.url('/static'));
      const bodyOf = (page: RenderedPage) =>
        /<div id="app">([\s\S]*)<\/div>/.exec(page.html)?.[1];
      expect(bodyOf(rendered)).toBe(bodyOf(served));
      expect(rendered.links.map((link) => link.href)).toEqual(
        served.links.map((link) => link.href),
      );
    });

    it('waits for content loaded after a fetch', async () => {
      const page = await renderer.render(site.url('/fetched'));
      expect(page.html).toContain(`<h1>${fetched.h1}</h1>`);
      expect(page.html).toContain(`<title>${fetched.title}</title>`);
      expect(page.settled).toBe(true);
    });

    it('shows a lazy section below the first screen, as a tall viewport does', async () => {
      const page = await renderer.render(site.url('/lazy'));
      expect(page.html).toContain(`<h1>${fetched.h1}</h1>`);
      expect(page.links.map((link) => link.url)).toEqual([site.url('/home')]);
      expect(page.settled).toBe(true);
    });

    it('follows history routing to the URL the script moved to', async () => {
      const page = await renderer.render(site.url('/routed'));
      expect(page.finalUrl).toBe(site.url('/routed/welcome'));
      expect(page.document.url).toBe(site.url('/routed'));
      expect(page.html).toContain(`<h1>${routed.h1}</h1>`);
      expect(page.links.map((link) => link.url)).toEqual([
        site.url('/routed/next'),
      ]);
    });

    it('keeps the raw answer: status, headers, cookies, the shell as served, the redirects', async () => {
      const raw = await renderer.render(site.url('/raw'));
      expect(raw.document.status).toBe(200);
      expect(raw.document.headers['x-robots-tag']).toBe('noarchive');
      expect(raw.document.headers['content-type']).toBe(
        'text/html; charset=utf-8',
      );
      expect(raw.document.setCookies).toEqual(['session=1; Path=/']);
      expect(raw.document.body?.toString('utf8')).toBe(
        clientRenderedPage(home),
      );
      expect(raw.html).not.toBe(raw.document.body?.toString('utf8'));

      const moved = await renderer.render(site.url('/moved'));
      expect(moved.document.redirects).toEqual([
        { url: site.url('/moved'), status_code: 301 },
      ]);
      expect(moved.document.url).toBe(site.url('/'));
      expect(moved.html).toContain(`<h1>${home.h1}</h1>`);
    });

    it('carries an allowed WebSocket through the proxy', async () => {
      const page = await renderer.render(site.url('/socket'));
      expect(page.html).toContain('<title>greetings over a socket</title>');
    });

    it('loads no image, media or font unless asked, and says how many it skipped', async () => {
      const page = await renderer.render(site.url('/images'));
      expect(page.skipped).toBe(1);
      expect(page.consoleErrors).toEqual([]);
      expect(requests.map((r) => r.path)).toContain('/style.css');
      expect(requests.map((r) => r.path)).not.toContain('/picture.png');
      await renderer.render(site.url('/images'), { skipResourceTypes: [] });
      expect(requests.map((r) => r.path)).toContain('/picture.png');
    });

    it('refuses what the caller blocks (robots.txt), and lists it', async () => {
      const page = await renderer.render(site.url('/robots-blocked'), {
        blocked: (url) => new URL(url).pathname.startsWith('/private/'),
      });
      expect(page.blocked).toEqual([
        { url: site.url('/private/content'), resourceType: 'fetch' },
      ]);
      expect(page.html).not.toContain(fetched.h1);
      expect(requests.map((r) => r.path)).not.toContain('/private/content');
      // What the page asked for to render, refused or not: the document itself is not one.
      expect(page.resources).toEqual([
        { url: site.url('/private/content'), resourceType: 'fetch' },
      ]);

      const refused = await renderError(
        renderer.render(site.url('/robots-blocked'), { blocked: () => true }),
      );
      expect(refused.code).toBe('disallowed');
    });

    it('records uncaught script errors and console errors', async () => {
      const page = await renderer.render(site.url('/errors'));
      expect(page.consoleErrors).toEqual(['the widget failed']);
      expect(page.pageErrors).toEqual(
        expect.arrayContaining([
          expect.stringContaining('undefinedFunction is not defined'),
          'uncaught in a timer',
        ]),
      );
    });

    it('keeps no cookie or storage from one page to the next', async () => {
      const first = await renderer.render(site.url('/remember'));
      const second = await renderer.render(site.url('/remember'));
      expect(first.html).toContain('<title>cookie= storage=null</title>');
      expect(second.html).toContain('<title>cookie= storage=null</title>');
    });

    it('keeps a crawl’s context for its next page, cleared, and fetches their shared script once', async () => {
      const kept = new Renderer(
        {
          allowHosts: ['127.0.0.1'],
          executablePath: CHROMIUM,
          pagesPerProcess: 1,
        },
        { lookup },
      );
      try {
        const first = await kept.render(site.url('/leaves-state'), {
          session: 'crawl-a',
        });
        // The state really was left: a script of the first page read it back.
        const again = await kept.render(site.url('/leaves-state?again'), {
          session: 'crawl-a',
        });
        expect(first.html).toContain(NOTHING_LEFT);
        expect(again.html).toContain(NOTHING_LEFT);
        expect(kept.stats()).toMatchObject({
          contextsOpened: 1,
          contextsReused: 1,
          resourcesFromCache: 1,
        });
        const scripts = () =>
          requests.filter((request) => request.path === '/leaves-state.js')
            .length;
        expect(scripts()).toBe(1);
        // Another crawl has a context and a cache of its own.
        const other = await kept.render(site.url('/leaves-state'), {
          session: 'crawl-b',
        });
        expect(other.html).toContain(NOTHING_LEFT);
        expect(scripts()).toBe(2);
        expect(kept.stats()).toMatchObject({
          contextsOpened: 2,
          contextsReused: 1,
        });
      } finally {
        await kept.close();
      }
    });

    it('would carry state from page to page in a context it did not clear', async () => {
      // The proof that the test above can fail: the fixture leaves state a kept page sees.
      const chromium = await ChromiumBrowser.launch({
        executablePath: CHROMIUM,
        policy: new AddressPolicy(['127.0.0.1']),
        lookup,
        connectTimeoutMs: 5_000,
        launchTimeoutMs: 30_000,
        sandbox: DEFAULT_BROWSER_SANDBOX,
      });
      try {
        const context = await chromium.browser.newContext();
        const page = await context.newPage();
        await page.goto(site.url('/leaves-state'));
        await page.waitForFunction(() => document.cookie.includes('seen'));
        await page.waitForTimeout(300);
        const next = await context.newPage();
        await next.goto(site.url('/leaves-state?next'));
        await next.waitForFunction(() => document.title !== 'Leaves state');
        expect(await next.title()).toBe(
          'cookie=seen=1 local=1 session=null idb=left-db caches=left-cache workers=1',
        );
      } finally {
        await chromium.close();
      }
    });

    it('renders a document it is handed without asking the site for it, as it was answered', async () => {
      const url = site.url('/handed');
      const page = await renderer.render(url, {
        document: {
          url,
          status: 200,
          // The body handed is decoded: a coding or length of the wire must not reach the browser.
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-encoding': 'gzip',
            'content-length': '3',
          },
          setCookies: ['handed=1; Path=/'],
          body: Buffer.from(
            clientRenderedPage(home).replace(
              'show(page);',
              "show(page); document.querySelector('h1').dataset.cookie = document.cookie;",
            ),
          ),
        },
      });
      expect(page.html).toContain(`<title>${home.title}</title>`);
      expect(page.html).toContain('data-cookie="handed=1"');
      expect(page.document).toMatchObject({ url, status: 200 });
      expect(requests.filter((request) => request.path === '/handed')).toEqual(
        [],
      );
    });

    it('asks the site for its document when the one handed is another URL’s', async () => {
      const page = await renderer.render(site.url('/'), {
        document: {
          url: site.url('/elsewhere'),
          status: 200,
          headers: { 'content-type': 'text/html' },
          setCookies: [],
          body: Buffer.from('<title>Not this page</title>'),
        },
      });
      expect(page.html).toContain(`<title>${home.title}</title>`);
      expect(requests.map((request) => request.path)).toContain('/');
    });

    it('renders two pages at once', async () => {
      const pages = await Promise.all([
        renderer.render(site.url('/')),
        renderer.render(site.url('/fetched')),
      ]);
      expect(pages[0].html).toContain(home.h1);
      expect(pages[1].html).toContain(fetched.h1);
    });
  });

  // One proof for both browsers: renders use the headless shell, the lab full Chromium.
  describe.each(POLICY_BROWSERS)('the address policy, in %s', (_name, path) => {
    let renderer: Renderer;
    beforeAll(() => {
      renderer = new Renderer(
        {
          allowHosts: ['127.0.0.1'],
          executablePath: path,
          pagesPerProcess: 2,
        },
        { lookup },
      );
    });
    afterAll(() => renderer?.close());

    it('lets no request of the page reach a refused address, whatever its scripts do', async () => {
      const page = await renderer.render(site.url('/hostile'), {
        skipResourceTypes: [],
        timeCapMs: 5000,
      });
      expect(page.html).toContain('tried');
      // Give late attempts (retries, ICE gathering) time to show.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect({
        v4: inside.connections,
        v6: insideV6.connections,
        rebound: rebound.connections,
        udp: udp.datagrams(),
      }).toEqual({ v4: 0, v6: 0, rebound: 0, udp: 0 });
      expect(requests.map((r) => r.path)).not.toContain('/sw.js');
      // The rebinding name was resolved again, and refused once it moved.
      expect(lookups['rebind.test']).toBeGreaterThanOrEqual(2);
      expect(page.refused.map((r) => r.url)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^http:\/\/rebind\.test:\d+\/(first|second|third)$/,
          ),
        ]),
      );
      const refusedUrls = page.refused.map((r) => r.url);
      expect(refusedUrls).toEqual(
        expect.arrayContaining([
          `http://127.0.0.2:${inside.port}/fetch`,
          `https://127.0.0.2:${inside.port}/fetch-tls`,
          `http://[::1]:${insideV6.port}/fetch`,
          `http://inside.test:${inside.port}/named`,
          `http://v6.inside.test:${insideV6.port}/named`,
          `http://[::1]:${insideV6.port}/xhr`,
          `http://127.0.0.2:${inside.port}/img`,
          `http://127.0.0.2:${inside.port}/frame`,
          `http://127.0.0.2:${inside.port}/bounced`,
          `ws://127.0.0.2:${inside.port}/socket`,
        ]),
      );
      for (const refusal of page.refused)
        expect(refusal.reason).toMatch(/is not allowed|refused address/);
    });

    it.each([
      ['a refused address', '/bounce'],
      ['a name resolving to a refused address', '/leave'],
      ['a refused address over https', '/leave-tls'],
    ])(
      'fails a document redirected to %s with "blocked", and nothing reaches it',
      async (_name, path) => {
        const error = await renderError(renderer.render(site.url(path)));
        expect(error.code).toBe('blocked');
        expect(error.message).toMatch(/not allowed|refused address/);
        expect(inside.connections).toBe(0);
      },
    );

    it('fails a refused document with "blocked" before the browser sends anything', async () => {
      const error = await renderError(
        renderer.render(`http://127.0.0.2:${inside.port}/`),
      );
      expect(error.code).toBe('blocked');
      expect(error.message).toContain('ANALYZER_ALLOW_HOSTS');
      expect(inside.connections).toBe(0);
    });
  });

  describe('pages that misbehave', () => {
    it('takes a page that never settles as it is at the time cap', async () => {
      const page = await renderer.render(site.url('/never-settles'), {
        timeCapMs: 1500,
      });
      expect(page.settled).toBe(false);
      expect(page.html).toContain('content before polling');
      expect(page.timings.loadMs).not.toBeNull();
    });

    it('fails with render_timeout when no document comes within the cap', async () => {
      const error = await renderError(
        renderer.render(site.url('/no-answer'), { timeCapMs: 1500 }),
      );
      expect(error.code).toBe('render_timeout');
    });

    it.each(['/loop', '/loop-later'])(
      'fails a script that never ends (%s) with page_unresponsive, then renders the next page',
      async (path) => {
        const error = await renderError(
          renderer.render(site.url(path), {
            timeCapMs: 1500,
            snapshotTimeoutMs: 1000,
          }),
        );
        expect(error.code).toBe('page_unresponsive');
        const next = await renderer.render(site.url('/'));
        expect(next.html).toContain(home.h1);
      },
    );

    it('fails a page that eats its memory with page_crashed, then renders the next page', async () => {
      const error = await renderError(
        renderer.render(site.url('/out-of-memory'), { timeCapMs: 20_000 }),
      );
      expect(error.code).toBe('page_crashed');
      const next = await renderer.render(site.url('/'));
      expect(next.html).toContain(home.h1);
    });

    it('fails a rendered DOM past maxDocumentBytes with too_large', async () => {
      const page = await renderer.render(site.url('/growing'));
      expect(page.html.length).toBeGreaterThan(150_000);
      const error = await renderError(
        renderer.render(site.url('/growing'), { maxDocumentBytes: 50_000 }),
      );
      expect(error.code).toBe('too_large');
      expect(error.message).toMatch(/past the bound of 50000/);
    });

    it('keeps no raw body past maxDocumentBytes', async () => {
      const kept = await renderer.render(site.url('/shrinking'));
      expect(kept.document.body?.length).toBeGreaterThan(20_000);
      const page = await renderer.render(site.url('/shrinking'), {
        maxDocumentBytes: 10_000,
      });
      expect(page.document.body).toBeNull();
      expect(page.html).toContain('<title>Shrinking</title>');
    });

    it('dismisses dialogs and goes on', async () => {
      const page = await renderer.render(site.url('/dialogs'));
      expect(page.dialogs).toEqual([
        { type: 'alert', message: 'hello' },
        { type: 'confirm', message: 'sure?' },
        { type: 'prompt', message: 'name?' },
      ]);
      expect(page.html).toContain('after dialogs false null');
    });

    it('lets no popup open, and goes on', async () => {
      const page = await renderer.render(site.url('/popups'));
      expect(page.html).toContain('opened');
      expect(page.popups).toBe(0);
      // Both window.open calls counted, as blocked.
      expect(page.windowsBlocked).toBe(2);
      expect(requests.map((r) => r.path)).not.toContain('/popup-target');
      expect(inside.connections).toBe(0);
    });

    it('fails the pages of a browser that dies with browser_crashed, and launches another', async () => {
      const crashing = new Renderer(
        { allowHosts: ['127.0.0.1'], executablePath: CHROMIUM },
        { lookup },
      );
      try {
        const rendering = crashing.render(site.url('/never-settles'), {
          timeCapMs: 30_000,
        });
        const polled = await eventually(
          () => Promise.resolve(requests.some((r) => r.path === '/ping')),
          20_000,
        );
        expect(polled).toBe(true);
        const tree = await crashing.browserProcesses();
        expect(tree.length).toBeGreaterThan(1);
        const profile = profileDirOf(tree[0]);
        expect(profile && existsSync(profile)).toBe(true);
        process.kill(tree[0].pid, 'SIGKILL');

        const error = await renderError(rendering);
        expect(error.code).toBe('browser_crashed');
        expect(
          await eventually(
            async () => (await stillRunning(tree)).length === 0,
            20_000,
          ),
        ).toBe(true);

        // Playwright removes the profile of a browser that died, too.
        expect(
          await eventually(
            () => Promise.resolve(!existsSync(profile!)),
            20_000,
          ),
        ).toBe(true);

        const next = await crashing.render(site.url('/'));
        expect(next.html).toContain(home.h1);
        expect(crashing.stats()).toMatchObject({ launches: 2, crashes: 1 });
      } finally {
        await crashing.close();
      }
    });
  });

  describe('the browser', () => {
    let chromium: ChromiumBrowser;

    beforeAll(async () => {
      chromium = await ChromiumBrowser.launch({
        executablePath: CHROMIUM,
        policy: new AddressPolicy(['127.0.0.1']),
        lookup,
        connectTimeoutMs: 10_000,
        launchTimeoutMs: 30_000,
        sandbox: DEFAULT_BROWSER_SANDBOX,
      });
    });

    afterAll(() => chromium?.close());

    it('opens nothing of its own beside the page: no address-bar popup per context', async () => {
      const cdp = await chromium.browser.newBrowserCDPSession();
      const context = await chromium.browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto('data:text/html,<title>Alone</title>');
        const { targetInfos } = await cdp.send('Target.getTargets');
        expect(targetInfos.map(({ type, url }) => `${type} ${url}`)).toEqual([
          'page data:text/html,<title>Alone</title>',
        ]);
      } finally {
        await context.close();
        await cdp.detach();
      }
    });

    it('keeps every feature Playwright turns off (Chromium reads the last --disable-features only)', () => {
      const argv = readFileSync(
        `/proc/${chromium.process!.pid}/cmdline`,
        'utf8',
      )
        .split('\0')
        .filter((arg) => arg.startsWith('--disable-features='));
      const lists = argv.map((arg) =>
        arg.slice('--disable-features='.length).split(','),
      );
      const everyOne = new Set(lists.flat());
      // Playwright's own list as it launches now: a change of it shows here.
      expect(lists[0]).toEqual([...PLAYWRIGHT_DISABLED_FEATURES]);
      expect(lists.at(-1)).toEqual(expect.arrayContaining([...everyOne]));
    });
  });

  describe('the pool', () => {
    it('leaves no browser process running 30 s after the last render, nor its profile', async () => {
      // The default idle time: what a service left alone would do.
      const idle = new Renderer(
        { allowHosts: ['127.0.0.1'], executablePath: CHROMIUM },
        { lookup },
      );
      try {
        await idle.render(site.url('/'));
        const tree = await idle.browserProcesses();
        expect(tree.length).toBeGreaterThan(1);
        const profile = profileDirOf(tree[0]);
        expect(profile && existsSync(profile)).toBe(true);
        const gone = await eventually(
          async () => (await stillRunning(tree)).length === 0,
          30_000,
        );
        expect(await stillRunning(tree)).toEqual([]);
        expect(gone).toBe(true);
        expect(existsSync(profile!)).toBe(false);
        expect(idle.stats()).toMatchObject({ open: 0, running: 0 });
      } finally {
        await idle.close();
      }
    });

    it('asks a turn of its host for each request the page makes, held only while it is in flight', async () => {
      const asked: string[] = [];
      let held = 0;
      const hostTurn = (url: string) => {
        asked.push(new URL(url).pathname);
        held += 1;
        return Promise.resolve(() => {
          held -= 1;
          return Promise.resolve();
        });
      };
      // The content answers 300 ms late; then the render waits 500 ms for quiet, holding none.
      const page = await renderer.render(site.url('/fetched'), { hostTurn });
      expect(page.html).toContain(fetched.h1);
      expect(asked).toEqual(requests.map((request) => request.path));
      expect(asked).toEqual(
        expect.arrayContaining(['/fetched', '/api/content']),
      );
      expect(held).toBe(0);
    });

    it('makes no request whose turn the host refuses, and renders the rest', async () => {
      const hostTurn = (url: string) =>
        new URL(url).pathname === '/api/content'
          ? Promise.reject(new Error('no turn came'))
          : Promise.resolve(() => Promise.resolve());
      const page = await renderer.render(site.url('/fetched'), { hostTurn });
      expect(page.html).not.toContain(fetched.h1);
      expect(requests.map((request) => request.path)).toEqual(['/fetched']);
    });

    it('replaces its browser after pagesPerBrowser pages', async () => {
      const recycling = new Renderer(
        {
          allowHosts: ['127.0.0.1'],
          executablePath: CHROMIUM,
          pagesPerBrowser: 2,
        },
        { lookup },
      );
      try {
        await recycling.render(site.url('/'));
        const first = await recycling.browserProcesses();
        await recycling.render(site.url('/'));
        expect(
          await eventually(
            async () => (await stillRunning(first)).length === 0,
            20_000,
          ),
        ).toBe(true);
        const page = await recycling.render(site.url('/'));
        expect(page.html).toContain(home.h1);
        expect(recycling.stats()).toMatchObject({ launches: 2, recycles: 1 });
      } finally {
        await recycling.close();
      }
    });
  });
});
