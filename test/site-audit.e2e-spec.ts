import type { AnalysisResults } from '../src/analysis/index.js';
import {
  html,
  overTls,
  startDualFixtureSite,
} from './support/fixture-server.js';
import type { DualFixtureSite } from './support/fixture-server.js';
import { closedPort, loopbackAnalyser } from './support/network.js';

/**
 * A whole analysis (gather with its probes, then judge) of a small site on loopback.
 *
 * How https is tested: a site on 127.0.0.1 cannot hold a certificate a client trusts
 * by default, and the http:// twin of https://127.0.0.1:PORT/x is
 * http://127.0.0.1:PORT/x, the same port. So the fixture answers both protocols on one
 * port (startDualFixtureSite, telling TLS from plain HTTP by the first byte, as a
 * site does on 443 and 80), with a self-signed certificate for 127.0.0.1 that only
 * this analyser is told to trust (the `trustedCertificates` dependency, which
 * replaces the system's trust store). Everything else is the production path: the
 * guarded client, the address policy, the redirects, the probes.
 */

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><h1>${title}</h1>${body}</body></html>`;

describe('a site audit, end to end on loopback', () => {
  let site: DualFixtureSite;
  let deadPort: number;
  const analyser = loopbackAnalyser();
  const check = (results: AnalysisResults, id: string) =>
    results.checks.find((c) => c.id === id)!;

  beforeAll(async () => {
    deadPort = await closedPort();
    site = await startDualFixtureSite({
      '/guide': (_req, res) =>
        html(
          res,
          page(
            'The audit guide',
            `<link rel="canonical" href="${site.url('/old-guide')}">`,
            `<p><a href="/chapter-1">Chapter one</a>, <a href="/chapter-2">chapter two</a> and
             <a href="http://127.0.0.1:${deadPort}/archive">the archive</a>.</p>
             <img src="/figure-1.png" alt="Figure one" width="400" height="300">
             <img src="/figure-2.png" alt="Figure two" width="400" height="300">`,
          ),
        ),
      '/chapter-1': (_req, res) => html(res, page('Chapter one', '', '')),
      '/figure-1.png': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(64));
      },
      '/old-guide': (_req, res) => {
        res.writeHead(301, { location: '/guide' });
        res.end();
      },
      '/shop': (req, res) => {
        if (!overTls(req)) {
          res.writeHead(301, { location: site.httpsUrl('/shop') });
          res.end();
          return;
        }
        html(
          res,
          page('The shop', '', '<p><a href="/guide">The guide</a></p>'),
        );
      },
      '/both-ways': (_req, res) =>
        html(res, page('Served both ways', '', '<p>Plain or secure.</p>')),
    });
  });
  afterAll(() => site.close());

  it('finds broken links, a broken image and a canonical that redirects', async () => {
    const results = await analyser.analyse(site.url('/guide'));
    expect(check(results, 'broken_links')).toMatchObject({
      passed: false,
      message: '3 of 5 URLs probed are broken.',
      value: [
        `404 image ${site.url('/figure-2.png')}`,
        `404 link ${site.url('/chapter-2')}`,
        `connection link http://127.0.0.1:${deadPort}/archive`,
      ],
      advice: expect.stringContaining('Fix or remove each broken link'),
      doc_url: '/docs/checks#broken_links',
    });
    expect(check(results, 'canonical')).toMatchObject({
      passed: false,
      message: `The canonical URL redirects (HTTP 301) to ${site.url('/guide')}.`,
      doc_url: '/docs/checks#canonical',
    });
    expect(check(results, 'image_dimensions').passed).toBe(true);
    expect(check(results, 'https_redirect').passed).toBeNull();
  });

  it('follows an http page that redirects to https, whose http:// URL then passes', async () => {
    const results = await analyser.analyse(site.url('/shop'));
    expect(results.page.final_url).toBe(site.httpsUrl('/shop'));
    expect(results.page.redirects).toEqual([
      { url: site.url('/shop'), status_code: 301 },
    ]);
    expect(check(results, 'https').passed).toBe(true);
    expect(check(results, 'https_redirect')).toMatchObject({
      passed: true,
      value: `301 ${site.url('/shop')} → ${site.httpsUrl('/shop')}`,
    });
    expect(check(results, 'insecure_links').passed).toBe(true);
    expect(check(results, 'broken_links').passed).toBe(true);
  });

  it('fails an https page whose http:// URL answers without redirecting', async () => {
    const results = await analyser.analyse(site.httpsUrl('/both-ways'));
    expect(check(results, 'https').passed).toBe(true);
    expect(check(results, 'https_redirect')).toMatchObject({
      passed: false,
      message:
        'The http:// URL answers HTTP 200 instead of redirecting to https://.',
      doc_url: '/docs/checks#https_redirect',
    });
  });

  it('judges an http page that does not redirect: https fails, https_redirect does not apply', async () => {
    const results = await analyser.analyse(site.url('/both-ways'));
    expect(check(results, 'https').passed).toBe(false);
    expect(check(results, 'https_redirect').passed).toBeNull();
    expect(check(results, 'mixed_content').passed).toBeNull();
  });
});
