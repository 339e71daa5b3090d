import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Analyser,
  createGuardedClient,
  DEFAULT_ANALYSER_OPTIONS,
  fetchSiteFacts,
  gather,
  ProbeCache,
} from '../src/analysis/index.js';
import type {
  GatherDependencies,
  SiteFacts,
  SiteFactsSource,
} from '../src/analysis/index.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { noNameResolves } from './support/network.js';

/**
 * The seams a site audit plugs into, against a fixture site on loopback: answers of
 * probed URLs kept between analyses (ProbeAnswers), the facts of a site handed to an
 * analysis (SiteFactsSource), a page the caller fetched itself. Names other than IP
 * literals never reach a resolver.
 */

const options = {
  ...DEFAULT_ANALYSER_OPTIONS,
  allowHosts: ['127.0.0.1'],
  deadlineMs: 5000,
  sideFetchTimeoutMs: 300,
};
const dependencies: GatherDependencies = { lookup: noNameResolves };

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Probed page</title>${head}</head><body>${body}</body></html>`;

const ok = (_req: IncomingMessage, res: ServerResponse): void =>
  html(res, page('', '<p>ok</p>'));

describe('answers and facts an analysis is handed', () => {
  let site: FixtureSite;
  const log: string[] = [];
  const recording =
    (handler: FixtureHandler): FixtureHandler =>
    (req, res) => {
      log.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
      return handler(req, res);
    };
  const requestsTo = (path: string) =>
    log.filter((line) => line.endsWith(` ${path}`));

  beforeAll(async () => {
    site = await startFixtureSite({
      '/links': recording((_req, res) =>
        html(
          res,
          page(
            '<link rel="stylesheet" href="/site.css">',
            '<a href="/a">A</a><a href="/b">B</a><a href="/moved">Moved</a><a href="/gone">Gone</a>',
          ),
        ),
      ),
      '/a': recording(ok),
      '/b': recording(ok),
      '/site.css': recording((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/css' });
        res.end('p{}');
      }),
      '/moved': recording((_req, res) => {
        res.writeHead(301, { location: '/a' });
        res.end();
      }),
      '/gone': recording((_req, res) => html(res, 'gone', {}, 410)),
      '/canonical-linked': recording((_req, res) =>
        html(
          res,
          page(
            `<link rel="canonical" href="${site.url('/original')}">`,
            '<a href="/original">The original</a>',
          ),
        ),
      ),
      '/original': recording((_req, res) =>
        html(res, page('<meta name="robots" content="noindex">', '')),
      ),
      '/hanging': recording((_req, res) =>
        html(res, page('', '<a href="/never">Never</a>')),
      ),
      '/never': recording(() => {
        // Never answers: the probe's own bound ends it.
      }),
      '/robots.txt': recording((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nDisallow: /private/\n');
      }),
    });
  });
  afterAll(() => site.close());
  beforeEach(() => {
    log.length = 0;
  });

  it('asks a link that is also the canonical target once, for the canonical', async () => {
    const snapshot = await gather(
      site.url('/canonical-linked'),
      options,
      dependencies,
    );
    expect(requestsTo('/original')).toEqual(['GET /original']);
    expect(snapshot.canonicalProbe).toMatchObject({
      status: 200,
      robots: ['noindex'],
    });
    expect(snapshot.linkProbes!.probed).toEqual([
      { url: site.url('/original'), kind: 'link', status: 200, error: null },
    ]);
  });

  it('keeps answers between analyses that share a cache, so none is asked twice', async () => {
    const cache = new ProbeCache();
    const answers = cache.part();
    const first = await gather(site.url('/links'), options, {
      ...dependencies,
      probeAnswers: answers,
    });
    const asked = log.filter((line) => !line.endsWith(' /links'));
    expect(asked.length).toBeGreaterThan(0);
    log.length = 0;
    const second = await gather(site.url('/links'), options, {
      ...dependencies,
      probeAnswers: answers,
    });
    expect(log).toEqual(['GET /links', 'GET /robots.txt']);
    expect(second.linkProbes).toEqual(first.linkProbes);
    expect(cache.size).toBe(5);
  });

  it('never keeps a timeout', async () => {
    const answers = new ProbeCache().part();
    for (let run = 0; run < 2; run++) {
      const snapshot = await gather(site.url('/hanging'), options, {
        ...dependencies,
        probeAnswers: answers,
      });
      expect(snapshot.linkProbes!.probed[0]).toMatchObject({
        status: null,
        error: 'timeout',
      });
    }
    expect(requestsTo('/never')).toEqual(['HEAD /never', 'HEAD /never']);
  });

  it("lets an analyser keep its answers in a part of the process's cache of its own", async () => {
    const analyser = new Analyser(options, dependencies);
    await analyser.analyse(site.url('/links'));
    log.length = 0;
    await analyser.analyse(site.url('/links'));
    expect(requestsTo('/a')).toEqual([]);
    expect(requestsTo('/site.css')).toEqual([]);
    // Another analyser (another policy, perhaps) is answered by the network.
    await new Analyser(options, dependencies).analyse(site.url('/links'));
    expect(requestsTo('/a')).toEqual(['HEAD /a']);
  });

  it('takes per analysis the answers and facts it is handed', async () => {
    const analyser = new Analyser(options, dependencies);
    const facts = await fetchSiteFacts(
      site.url('/links'),
      options,
      dependencies,
    );
    expect(facts.robotsTxt).toMatchObject({
      url: site.url('/robots.txt'),
      status: 200,
    });
    expect(facts.notFoundProbe.status).toBe(404);
    log.length = 0;
    const asked: string[] = [];
    const siteFacts: SiteFactsSource = {
      factsFor: (pageUrl) => {
        asked.push(pageUrl);
        return Promise.resolve<SiteFacts>(facts);
      },
    };
    const memo = new ProbeCache().part();
    const results = await analyser.analyse(site.url('/links'), {
      siteFacts,
      probeAnswers: memo,
    });
    expect(asked).toEqual([site.url('/links')]);
    expect(requestsTo('/robots.txt')).toEqual([]);
    expect(results.checks.find((c) => c.id === 'robots_txt')?.passed).toBe(
      true,
    );
    expect(results.checks.find((c) => c.id === 'broken_links')?.passed).toBe(
      false,
    );
  });

  it('judges a page the caller fetched without asking for it again', async () => {
    const client = createGuardedClient(options, dependencies);
    let fetched;
    try {
      fetched = await client.get(site.url('/links'), {
        signal: AbortSignal.timeout(2000),
        maxBytes: options.maxBodyBytes,
        maxRedirects: 0,
        followRedirects: false,
      });
    } finally {
      await client.close();
    }
    log.length = 0;
    const results = await new Analyser(options, dependencies).analyse(
      site.url('/links'),
      { page: fetched },
    );
    expect(requestsTo('/links')).toEqual([]);
    expect(results.page.final_url).toBe(site.url('/links'));
    expect(results.checks.find((c) => c.id === 'broken_links')?.passed).toBe(
      false,
    );
  });

  it('refuses a handed page that is not HTML, as one it fetched', async () => {
    const analyser = new Analyser(options, dependencies);
    await expect(
      analyser.analyse(site.url('/data'), {
        page: {
          url: site.url('/data'),
          requestedUrl: site.url('/data'),
          status: 200,
          headers: { 'content-type': 'application/json' },
          redirects: [],
          setCookies: [],
          body: Buffer.from('{}'),
          contentEncoding: null,
          transferBytes: 2,
          ttfbMs: 1,
          loadTimeMs: 1,
        },
      }),
    ).rejects.toMatchObject({ code: 'not_html' });
  });
});
