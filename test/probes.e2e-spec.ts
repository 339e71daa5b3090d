import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_ANALYSER_OPTIONS, gather } from '../src/analysis/index.js';
import type { GatherDependencies } from '../src/analysis/index.js';
import { httpTwinOf } from '../src/analysis/fetch/probes.js';
import { PROBE_LIMITS } from '../src/analysis/options.js';
import {
  FIXTURE_CERTIFICATE,
  html,
  overTls,
  startDualFixtureSite,
  startFixtureSite,
} from './support/fixture-server.js';
import type {
  DualFixtureSite,
  FixtureHandler,
  FixtureSite,
} from './support/fixture-server.js';
import { closedPort, noNameResolves } from './support/network.js';

/**
 * The probes gathering makes for what a page points to, against fixture sites on
 * loopback. Names other than IP literals never reach a resolver: `lookup` refuses them.
 */

const options = {
  ...DEFAULT_ANALYSER_OPTIONS,
  allowHosts: ['127.0.0.1'],
  deadlineMs: 5000,
};
const dependencies: GatherDependencies = { lookup: noNameResolves };

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Probed page</title>${head}</head><body>${body}</body></html>`;

/** Records each request as "METHOD /path". */
function recording(log: string[], handler: FixtureHandler): FixtureHandler {
  return (req, res) => {
    log.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
    return handler(req, res);
  };
}

const ok = (_req: IncomingMessage, res: ServerResponse): void =>
  html(res, '<!doctype html><p>ok');
const asset =
  (type: string): FixtureHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.end('x');
  };

describe('gathering probes what the page points to', () => {
  let site: FixtureSite;
  let refused: FixtureSite;
  let refusedRequests = 0;
  let deadPort: number;
  const log: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;

  beforeAll(async () => {
    deadPort = await closedPort();
    refused = await startFixtureSite(
      {
        '/': (_req, res) => {
          refusedRequests++;
          html(res, 'never');
        },
      },
      { host: '127.0.0.2' },
    );
    const many = Array.from(
      { length: 60 },
      (_, i) => `<a href="/many/${i}">Page ${i}</a>`,
    ).join('');
    const manyRoutes: Record<string, FixtureHandler> = {};
    for (let i = 0; i < 60; i++) {
      manyRoutes[`/many/${i}`] = async (_req, res) => {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        ok(_req, res);
      };
    }
    site = await startFixtureSite({
      ...manyRoutes,
      '/links': (_req, res) =>
        html(
          res,
          page(
            '<link rel="stylesheet" href="/site.css"><script src="/app.js"></script>',
            `<a href="">Breadcrumb</a><a href="#top">Top</a><a href="/links#again">Again</a>
             <a href="mailto:sales@acme-audits.com">Mail</a><a href="ftp://127.0.0.1/file">FTP</a>
             <a href="/ok">OK</a><a href="/ok#part">OK again</a><a href="/gone">Gone</a>
             <a href="/no-head">No HEAD</a><a href="/moved">Moved</a>
             <a href="http://127.0.0.1:${deadPort}/">Dead port</a>
             <a href="https://nowhere.test/">Nowhere</a>
             <a href="${refused.origin}/">Refused by policy</a>
             <img src="/missing.png" alt="Missing" width="1" height="1">`,
          ),
        ),
      '/ok': recording(log, ok),
      '/site.css': recording(log, asset('text/css')),
      '/app.js': recording(log, asset('text/javascript')),
      '/gone': recording(log, (_req, res) => html(res, 'gone', {}, 404)),
      '/no-head': recording(log, (req, res) =>
        req.method === 'HEAD' ? html(res, '', {}, 405) : ok(req, res),
      ),
      '/moved': recording(log, (_req, res) => {
        res.writeHead(301, { location: '/ok' });
        res.end();
      }),
      '/many': (_req, res) => html(res, page('', many)),
      '/hanging': (_req, res) =>
        html(res, page('', '<a href="/never">Never</a><a href="/ok">OK</a>')),
      '/never': () => {
        // Never answers: the probe's own bound has to end it.
      },
      '/canonical-redirects': (_req, res) =>
        html(res, page('<link rel="canonical" href="/moved">', '')),
      '/hidden': (_req, res) =>
        html(res, page('<meta name="robots" content="noindex">', ''), {
          'x-robots-tag': 'nosnippet',
        }),
      '/canonical-self': (_req, res) =>
        html(
          res,
          page(
            `<link rel="canonical" href="${site.url('/canonical-self')}">`,
            '',
          ),
        ),
      '/cookies': (_req, res) => {
        res.setHeader('set-cookie', [
          'session=abc; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly',
          'theme=dark; SameSite=Lax',
        ]);
        html(res, page('', ''));
      },
    });
  });

  afterAll(async () => {
    await Promise.all([site.close(), refused.close()]);
  });

  it('probes links and subresources once each, not the page itself nor other schemes', async () => {
    log.length = 0;
    const snapshot = await gather(site.url('/links'), options, dependencies);
    const probed = snapshot.linkProbes!.probed;
    expect(probed.map((p) => [p.kind, p.url])).toEqual([
      ['script', site.url('/app.js')],
      ['stylesheet', site.url('/site.css')],
      ['image', site.url('/missing.png')],
      ['link', site.url('/ok')],
      ['link', site.url('/gone')],
      ['link', site.url('/no-head')],
      ['link', site.url('/moved')],
      ['link', `http://127.0.0.1:${deadPort}/`],
      ['link', 'https://nowhere.test/'],
      ['link', `${refused.origin}/`],
    ]);
    expect(snapshot.linkProbes!.found).toBe(10);
    // One request a URL: /ok is linked twice and is where /moved leads, /gone's 404
    // to HEAD is believed, and only /no-head, which refuses HEAD, is asked again.
    expect([...log].sort()).toEqual([
      'GET /no-head',
      'HEAD /app.js',
      'HEAD /gone',
      'HEAD /moved',
      'HEAD /no-head',
      'HEAD /ok',
      'HEAD /site.css',
    ]);
  });

  it('records what each answered, or why it could not', async () => {
    const snapshot = await gather(site.url('/links'), options, dependencies);
    const outcome = Object.fromEntries(
      snapshot.linkProbes!.probed.map((p) => [p.url, p.status ?? p.error]),
    );
    expect(outcome).toEqual({
      [site.url('/site.css')]: 200,
      [site.url('/app.js')]: 200,
      [site.url('/missing.png')]: 404,
      [site.url('/ok')]: 200,
      [site.url('/gone')]: 404,
      [site.url('/no-head')]: 200,
      [site.url('/moved')]: 200,
      [`http://127.0.0.1:${deadPort}/`]: 'connection',
      'https://nowhere.test/': 'dns',
      [`${refused.origin}/`]: 'blocked',
    });
    // The address policy refused before connecting: the other loopback saw nothing.
    expect(refusedRequests).toBe(0);
  });

  it(`probes at most ${PROBE_LIMITS.maxUrls} URLs, ${PROBE_LIMITS.concurrency} at a time`, async () => {
    mostInFlight = 0;
    const snapshot = await gather(site.url('/many'), options, dependencies);
    expect(snapshot.linkProbes!.found).toBe(60);
    expect(snapshot.linkProbes!.probed).toHaveLength(PROBE_LIMITS.maxUrls);
    expect(snapshot.linkProbes!.probed[0].url).toBe(site.url('/many/0'));
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(PROBE_LIMITS.concurrency);
  });

  it('ends a probe that never answers at its own bound, inside the deadline', async () => {
    const started = Date.now();
    const snapshot = await gather(
      site.url('/hanging'),
      { ...options, sideFetchTimeoutMs: 300 },
      dependencies,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(
      snapshot.linkProbes!.probed.map((p) => [p.url, p.status ?? p.error]),
    ).toEqual([
      [site.url('/never'), 'timeout'],
      [site.url('/ok'), 200],
    ]);
  });

  it('asks the canonical target once, without following its redirect, however it is written', async () => {
    const moved = {
      url: site.url('/moved'),
      status: 301,
      location: site.url('/ok'),
      robots: [],
      error: null,
    };
    log.length = 0;
    // Written as a path: resolved against the page's URL, as Google reads it.
    const snapshot = await gather(
      site.url('/canonical-redirects'),
      options,
      dependencies,
    );
    expect(snapshot.canonicalProbe).toEqual(moved);
    expect(log.filter((line) => line.endsWith(' /moved'))).toHaveLength(1);
    expect(log.filter((line) => line === 'GET /ok')).toEqual([]);

    const absolute = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          page(`<link rel="canonical" href="${site.url('/moved')}">`, ''),
        ),
    });
    try {
      log.length = 0;
      const probed = await gather(absolute.url('/'), options, dependencies);
      expect(probed.canonicalProbe).toEqual(moved);
      expect(log.filter((line) => line === 'GET /ok')).toEqual([]);
    } finally {
      await absolute.close();
    }
  });

  it("reads a canonical target's robots directives, and skips the page itself", async () => {
    const hidden = await startFixtureSite({
      '/': (_req, res) =>
        html(res, page('', ''), {
          link: `<${site.url('/hidden')}>; rel="canonical"`,
        }),
    });
    try {
      const snapshot = await gather(hidden.url('/'), options, dependencies);
      expect(snapshot.canonicalProbe).toMatchObject({
        status: 200,
        robots: ['nosnippet', 'noindex'],
      });
    } finally {
      await hidden.close();
    }
    const self = await gather(
      site.url('/canonical-self'),
      options,
      dependencies,
    );
    expect(self.canonicalProbe).toBeNull();
  });

  it('keeps each Set-Cookie apart', async () => {
    const snapshot = await gather(site.url('/cookies'), options, dependencies);
    expect(snapshot.setCookies).toEqual([
      'session=abc; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly',
      'theme=dark; SameSite=Lax',
    ]);
  });

  it('asks no http:// twin of an http page', async () => {
    const snapshot = await gather(site.url('/cookies'), options, dependencies);
    expect(snapshot.httpProbe).toBeNull();
  });
});

describe('the http:// twin of an https page', () => {
  let dual: DualFixtureSite;
  const trusted = {
    ...dependencies,
    trustedCertificates: [FIXTURE_CERTIFICATE],
  };

  beforeAll(async () => {
    dual = await startDualFixtureSite({
      '/redirects': (req, res) => {
        if (overTls(req)) return html(res, page('', '<p>secure</p>'));
        res.writeHead(301, { location: dual.httpsUrl('/redirects') });
        res.end();
      },
      '/stays': (_req, res) => html(res, page('', '<p>both ways</p>')),
    });
  });
  afterAll(() => dual.close());

  it('is the same URL with http://, its port kept', () => {
    expect(httpTwinOf('https://example.com/a?b=1#c')).toBe(
      'http://example.com/a?b=1',
    );
    expect(httpTwinOf('https://example.com:8443/')).toBe(
      'http://example.com:8443/',
    );
    expect(httpTwinOf('http://example.com/')).toBeNull();
  });

  it('records a redirect to https, without following it', async () => {
    const snapshot = await gather(
      dual.httpsUrl('/redirects'),
      options,
      trusted,
    );
    expect(snapshot.finalUrl).toBe(dual.httpsUrl('/redirects'));
    expect(snapshot.httpProbe).toEqual({
      url: dual.url('/redirects'),
      status: 301,
      location: dual.httpsUrl('/redirects'),
      robots: [],
      error: null,
    });
  });

  it('records a twin that answers over plain http', async () => {
    const snapshot = await gather(dual.httpsUrl('/stays'), options, trusted);
    expect(snapshot.httpProbe).toMatchObject({ status: 200, location: null });
  });

  it('fails the page itself with tls when its certificate is not trusted', async () => {
    await expect(
      gather(dual.httpsUrl('/stays'), options, dependencies),
    ).rejects.toMatchObject({ code: 'tls' });
  });
});
