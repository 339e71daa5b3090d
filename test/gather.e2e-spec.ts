import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import {
  AnalysisError,
  DEFAULT_ANALYSER_OPTIONS,
  gather,
} from '../src/analysis/index.js';
import type { GatherDependencies } from '../src/analysis/index.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { closedPort, noNameResolves } from './support/network.js';

const options = {
  ...DEFAULT_ANALYSER_OPTIONS,
  allowHosts: ['127.0.0.1'],
  deadlineMs: 3000,
};

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Fixture page for gathering</title><link rel="icon" href="/icon.png"></head>
<body><h1>Hello</h1><p>${'Some words about the page. '.repeat(200)}</p></body></html>`;

const MIB = 1024 * 1024;

async function errorOf(
  url: string,
  opts = options,
  dependencies?: GatherDependencies,
): Promise<AnalysisError> {
  try {
    await gather(url, opts, dependencies);
  } catch (error) {
    if (error instanceof AnalysisError) return error;
    throw error;
  }
  throw new Error(`gather(${url}) did not fail`);
}

function redirectTo(location: string, status = 302): FixtureHandler {
  return (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };
}

function redirectChain(length: number, prefix: string) {
  const routes: Record<string, FixtureHandler> = {};
  for (let hop = 0; hop < length; hop++) {
    const next = hop + 1 === length ? '/page' : `/${prefix}${hop + 1}`;
    routes[`/${prefix}${hop}`] = redirectTo(next, hop % 2 ? 301 : 302);
  }
  return routes;
}

function compressed(
  encoding: string,
  compress: (body: Buffer) => Buffer,
): FixtureHandler {
  return (_req, res) =>
    html(res, compress(Buffer.from(PAGE)), {
      'content-encoding': encoding,
    });
}

/** Writes `total` bytes of HTML in 64 KiB chunks, without Content-Length. */
function chunkedPage(total: number): FixtureHandler {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let sent = 0; sent < total && !res.destroyed; sent += chunk.length) {
      if (!res.write(chunk))
        await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  };
}

describe('gather against fixture sites', () => {
  let site: FixtureSite;
  let other: FixtureSite;
  let sideFailing: FixtureSite;
  let ipv6: FixtureSite | null = null;

  beforeAll(async () => {
    other = await startFixtureSite(
      { '/': (_req, res) => html(res, PAGE) },
      { host: '127.0.0.2' },
    );
    try {
      ipv6 = await startFixtureSite(
        { '/': (_req, res) => html(res, PAGE) },
        { host: '::1' },
      );
    } catch {
      ipv6 = null; // no IPv6 loopback here; the redirect still names [::1]
    }
    site = await startFixtureSite({
      '/page': (_req, res) =>
        html(res, PAGE, {
          'cache-control': 'max-age=60',
          'x-one': 'a',
        }),
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`User-agent: *\nDisallow:\nSitemap: /maps/site.xml\n`);
      },
      '/maps/site.xml': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><urlset></urlset>');
      },
      '/icon.png': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(100));
      },
      '/repeated': (_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.setHeader('x-multi', ['one', 'two']);
        res.end(PAGE);
      },
      ...redirectChain(5, 'five'),
      ...redirectChain(6, 'six'),
      '/relative/start': redirectTo('../page'),
      '/slow': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<!doctype html><html><body>');
        // Never ends: the deadline has to stop it.
      },
      '/huge': (_req, res) => html(res, Buffer.alloc(6 * MIB, 'a')),
      '/huge-chunked': chunkedPage(6 * MIB),
      '/gzip-bomb': (_req, res) =>
        html(res, gzipSync(Buffer.alloc(64 * MIB, ' ')), {
          'content-encoding': 'gzip',
        }),
      '/json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"not":"html"}');
      },
      '/untyped': (_req, res) => {
        res.end('<!DOCTYPE html><html><title>Untyped</title></html>');
      },
      '/error-html': (_req, res) =>
        html(res, '<!doctype html><title>Oops</title>', {}, 500),
      '/error-text': (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal error');
      },
      '/gzip-inside-gzip-bomb': (_req, res) =>
        html(res, gzipSync(gzipSync(Buffer.alloc(64 * MIB, ' '))), {
          'content-encoding': 'gzip, gzip',
        }),
      // 6 MB of empty gzip members: nothing once fully decoded, too much halfway.
      '/empty-members-bomb': (_req, res) =>
        html(
          res,
          gzipSync(
            Buffer.concat(Array(300_000).fill(gzipSync(Buffer.alloc(0)))),
          ),
          { 'content-encoding': 'gzip, gzip' },
        ),
      '/gzip': compressed('gzip', (b) => gzipSync(b)),
      '/br': compressed('br', (b) => brotliCompressSync(b)),
      '/deflate': compressed('deflate', (b) => deflateSync(b)),
      // Codings listed in the order they were applied: deflate first, then gzip.
      '/deflate-then-gzip': compressed('deflate, gzip', (b) =>
        gzipSync(deflateSync(b)),
      ),
      '/gzip-identity': compressed('identity, gzip', (b) => gzipSync(b)),
      '/zstd': compressed('zstd', (b) => b),
      '/gzip-then-compress': compressed('gzip, compress', (b) => gzipSync(b)),
      '/commented-icon': (_req, res) =>
        html(
          res,
          PAGE.replace(
            '<link rel="icon" href="/icon.png">',
            '<!-- <link rel="icon" href="/old-icon.png"> -->',
          ),
        ),
      '/old-icon.png': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(100));
      },
      '/windows-1252': (_req, res) =>
        html(
          res,
          Buffer.from('<!doctype html><p>\x93quoted\x94 caf\xe9</p>', 'latin1'),
          { 'content-type': 'text/html; charset=windows-1252' },
        ),
      '/shift-jis': (_req, res) =>
        html(
          res,
          Buffer.concat([
            Buffer.from('<!doctype html><meta charset="Shift_JIS"><p>'),
            iconv.encode('日本語のページ', 'shift_jis'),
          ]),
          { 'content-type': 'text/html' },
        ),
      '/to-other-loopback': redirectTo(`${other.origin}/`),
      '/to-ipv6': redirectTo(`http://[::1]:${ipv6?.port ?? other.port}/`),
      '/to-ftp': redirectTo('ftp://127.0.0.1/file'),
    });
    sideFailing = await startFixtureSite({
      '/': (_req, res) => html(res, PAGE),
      '/robots.txt': () => {
        // Hangs until the deadline.
      },
      '/sitemap.xml': (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('broken');
      },
      '/favicon.ico': (req) => {
        req.socket.destroy();
      },
    });
  });

  afterAll(async () => {
    const sites = [site, other, sideFailing, ipv6];
    await Promise.all(
      sites.flatMap((fixture) => (fixture ? [fixture.close()] : [])),
    );
  });

  it('gathers a plain page and its side fetches', async () => {
    const snapshot = await gather(site.url('/page'), options);
    expect(snapshot.requestedUrl).toBe(site.url('/page'));
    expect(snapshot.finalUrl).toBe(site.url('/page'));
    expect(snapshot.redirects).toEqual([]);
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.contentType).toBe('text/html; charset=utf-8');
    expect(snapshot.headers['cache-control']).toBe('max-age=60');
    expect(snapshot.headers['x-one']).toBe('a');
    expect(snapshot.html).toBe(PAGE);
    expect(snapshot.charset).toBe('utf-8');
    expect(snapshot.declaredCharset).toEqual({
      header: 'utf-8',
      bom: null,
      meta: 'utf-8',
    });
    expect(snapshot.contentEncoding).toBeNull();
    expect(snapshot.htmlBytes).toBe(Buffer.byteLength(PAGE));
    expect(snapshot.transferBytes).toBe(Buffer.byteLength(PAGE));
    expect(snapshot.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(snapshot.loadTimeMs).toBeGreaterThanOrEqual(snapshot.ttfbMs);

    expect(snapshot.robotsTxt).toMatchObject({
      url: site.url('/robots.txt'),
      status: 200,
      contentType: 'text/plain',
      error: null,
    });
    expect(snapshot.robotsTxt?.body).toContain('Sitemap: /maps/site.xml');
    expect(snapshot.sitemap).toMatchObject({
      url: site.url('/maps/site.xml'),
      status: 200,
      contentType: 'application/xml',
    });
    expect(snapshot.sitemap?.body).toContain('<urlset>');
    expect(snapshot.notFoundProbe?.url).toMatch(
      /\/[0-9a-f]{16}-report-service-probe$/,
    );
    expect(snapshot.notFoundProbe?.status).toBe(404);
    expect(snapshot.favicon).toEqual({
      url: site.url('/favicon.ico'),
      status: 404,
      contentType: 'text/html; charset=utf-8',
      body: null,
      error: null,
    });
  });

  it('asks for /favicon.ico whatever the HTML declares, even in a comment', async () => {
    const snapshot = await gather(site.url('/commented-icon'), options);
    expect(snapshot.favicon?.url).toBe(site.url('/favicon.ico'));
  });

  it('joins repeated headers with ", "', async () => {
    const snapshot = await gather(site.url('/repeated'), options);
    expect(snapshot.headers['x-multi']).toBe('one, two');
  });

  it('follows 5 redirects and records each hop', async () => {
    const snapshot = await gather(site.url('/five0'), options);
    expect(snapshot.finalUrl).toBe(site.url('/page'));
    expect(snapshot.redirects).toEqual([
      { url: site.url('/five0'), status_code: 302 },
      { url: site.url('/five1'), status_code: 301 },
      { url: site.url('/five2'), status_code: 302 },
      { url: site.url('/five3'), status_code: 301 },
      { url: site.url('/five4'), status_code: 302 },
    ]);
    expect(snapshot.html).toBe(PAGE);
  });

  it('fails the 6th redirect with redirect_limit', async () => {
    const error = await errorOf(site.url('/six0'));
    expect(error.code).toBe('redirect_limit');
  });

  it('resolves a relative Location against the current URL', async () => {
    const snapshot = await gather(site.url('/relative/start'), options);
    expect(snapshot.finalUrl).toBe(site.url('/page'));
    expect(snapshot.redirects).toEqual([
      { url: site.url('/relative/start'), status_code: 302 },
    ]);
  });

  it('stops a page that never finishes at the deadline', async () => {
    const started = Date.now();
    const error = await errorOf(site.url('/slow'), {
      ...options,
      deadlineMs: 500,
    });
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    '/huge',
    '/huge-chunked',
    '/gzip-bomb',
    '/gzip-inside-gzip-bomb',
    '/empty-members-bomb',
  ])('refuses a 6 MiB page (%s) with too_large', async (path) => {
    // The size decides, not the clock: under a loaded CI, 3 s ran out on a bomb first.
    const error = await errorOf(site.url(path), {
      ...options,
      deadlineMs: 30_000,
    });
    expect(error.code).toBe('too_large');
  });

  it('refuses a JSON answer with not_html', async () => {
    expect((await errorOf(site.url('/json'))).code).toBe('not_html');
  });

  it('sniffs an untyped body that starts like HTML', async () => {
    const snapshot = await gather(site.url('/untyped'), options);
    expect(snapshot.html).toContain('<title>Untyped</title>');
    expect(snapshot.contentType).toBe('');
  });

  it('judges a 500 that carries HTML', async () => {
    const snapshot = await gather(site.url('/error-html'), options);
    expect(snapshot.statusCode).toBe(500);
    expect(snapshot.html).toContain('Oops');
  });

  it('fails a 500 without HTML with http_status', async () => {
    expect((await errorOf(site.url('/error-text'))).code).toBe('http_status');
  });

  it.each(['gzip', 'br', 'deflate'])(
    'decompresses a %s body and records the encoding',
    async (encoding) => {
      const snapshot = await gather(site.url(`/${encoding}`), options);
      expect(snapshot.contentEncoding).toBe(encoding);
      expect(snapshot.html).toBe(PAGE);
      expect(snapshot.htmlBytes).toBe(Buffer.byteLength(PAGE));
      expect(snapshot.transferBytes).toBeLessThan(snapshot.htmlBytes);
      expect(snapshot.transferBytes).toBeGreaterThan(0);
    },
  );

  it('decodes stacked codings in the reverse order of their application', async () => {
    const snapshot = await gather(site.url('/deflate-then-gzip'), options);
    expect(snapshot.contentEncoding).toBe('deflate, gzip');
    expect(snapshot.html).toBe(PAGE);
    expect(snapshot.htmlBytes).toBe(Buffer.byteLength(PAGE));
  });

  it('ignores identity among the codings', async () => {
    const snapshot = await gather(site.url('/gzip-identity'), options);
    expect(snapshot.contentEncoding).toBe('gzip');
    expect(snapshot.html).toBe(PAGE);
  });

  it.each([
    ['/zstd', 'zstd'],
    ['/gzip-then-compress', 'compress'],
  ])(
    'fails a page in a coding it cannot decode (%s) instead of judging the bytes',
    async (path, coding) => {
      const error = await errorOf(site.url(path));
      expect(error.code).toBe('not_html');
      expect(error.message).toContain(
        `Content-Encoding ${coding}, which is unsupported`,
      );
    },
  );

  it('decodes a windows-1252 page by its header charset', async () => {
    const snapshot = await gather(site.url('/windows-1252'), options);
    expect(snapshot.html).toContain('“quoted” café');
    expect(snapshot.charset).toBe('windows-1252');
    expect(snapshot.declaredCharset.header).toBe('windows-1252');
  });

  it('decodes a Shift_JIS page by its <meta charset>', async () => {
    const snapshot = await gather(site.url('/shift-jis'), options);
    expect(snapshot.html).toContain('日本語のページ');
    expect(snapshot.charset).toBe('shift_jis');
    expect(snapshot.declaredCharset).toEqual({
      header: null,
      bom: null,
      meta: 'shift_jis',
    });
  });

  it('blocks a redirect to a loopback address outside the allow list', async () => {
    const error = await errorOf(site.url('/to-other-loopback'));
    expect(error.code).toBe('blocked');
  });

  it('blocks a redirect to [::1]', async () => {
    expect((await errorOf(site.url('/to-ipv6'))).code).toBe('blocked');
  });

  it('blocks a redirect to a non-http scheme', async () => {
    expect((await errorOf(site.url('/to-ftp'))).code).toBe('blocked');
  });

  it('blocks an IP literal URL outside the allow list', async () => {
    expect((await errorOf(`${other.origin}/`)).code).toBe('blocked');
  });

  it('checks the address a name resolves to (DNS rebinding)', async () => {
    const url = `http://rebind.test:${site.port}/page`;
    const rebound = await errorOf(url, options, {
      lookup: () => Promise.resolve([{ address: '127.0.0.3', family: 4 }]),
    });
    expect(rebound.code).toBe('blocked');

    const snapshot = await gather(url, options, {
      lookup: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
    });
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.finalUrl).toBe(url);
    expect(snapshot.robotsTxt?.status).toBe(200);
  });

  it('records failed side fetches without failing the analysis', async () => {
    const started = Date.now();
    const snapshot = await gather(sideFailing.url('/'), {
      ...options,
      deadlineMs: 10_000,
      sideFetchTimeoutMs: 300,
    });
    // The hanging robots.txt costs its own bound, not the analysis deadline.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.robotsTxt).toMatchObject({
      status: null,
      body: null,
      error: 'timeout',
    });
    expect(snapshot.sitemap).toMatchObject({
      url: sideFailing.url('/sitemap.xml'),
      status: 500,
    });
    expect(snapshot.favicon).toMatchObject({
      status: null,
      error: 'connection',
    });
    expect(snapshot.notFoundProbe?.status).toBe(404);
  });

  it('records a 500 sitemap as a side fetch with its status', async () => {
    const fast = await startFixtureSite({
      '/': (_req, res) => html(res, PAGE),
      '/robots.txt': (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('down');
      },
    });
    try {
      const snapshot = await gather(fast.url('/'), options);
      expect(snapshot.robotsTxt?.status).toBe(500);
      expect(snapshot.sitemap?.url).toBe(fast.url('/sitemap.xml'));
      expect(snapshot.sitemap?.status).toBe(404);
    } finally {
      await fast.close();
    }
  });

  it.each([
    ['answers 404', '/sitemaps/missing.xml'],
    ['is not XML', '/sitemaps/page.html'],
  ])(
    'falls back to /sitemap.xml when the sitemap robots.txt names %s',
    async (_case, named) => {
      const fallback = await startFixtureSite({
        '/': (_req, res) => html(res, PAGE),
        '/robots.txt': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(`User-agent: *\nSitemap: ${named}\n`);
        },
        '/sitemaps/page.html': (_req, res) => html(res, PAGE),
        '/sitemap.xml': (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0"?><urlset></urlset>');
        },
      });
      try {
        const snapshot = await gather(fallback.url('/'), options);
        expect(snapshot.sitemap).toMatchObject({
          url: fallback.url('/sitemap.xml'),
          status: 200,
        });
      } finally {
        await fallback.close();
      }
    },
  );

  it('reads a robots.txt that begins with part of a byte order mark as Googlebot does', async () => {
    const partial = await startFixtureSite({
      '/': (_req, res) => html(res, PAGE),
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(
          Buffer.concat([
            Buffer.from([0xef, 0xbb]),
            Buffer.from('User-agent: *\nDisallow: /\n'),
          ]),
        );
      },
    });
    try {
      const snapshot = await gather(partial.url('/'), options);
      // Google skips any beginning of a byte order mark: the first line stays a User-agent.
      expect(snapshot.robotsTxt?.body).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await partial.close();
    }
  });

  it('keeps the answer of the named sitemap when /sitemap.xml is no better', async () => {
    const neither = await startFixtureSite({
      '/': (_req, res) => html(res, PAGE),
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nSitemap: /sitemaps/missing.xml\n');
      },
    });
    try {
      const snapshot = await gather(neither.url('/'), options);
      expect(snapshot.sitemap).toMatchObject({
        url: neither.url('/sitemaps/missing.xml'),
        status: 404,
      });
    } finally {
      await neither.close();
    }
  });

  it('fails a refused connection with connection', async () => {
    const port = await closedPort();
    const error = await errorOf(`http://127.0.0.1:${port}/`);
    expect(error.code).toBe('connection');
  });

  it('fails a name that does not resolve with dns', async () => {
    const error = await errorOf('http://nowhere.test/', options, {
      lookup: noNameResolves,
    });
    expect(error.code).toBe('dns');
  });
});
