import { readdirSync, readFileSync } from 'node:fs';
import type { AnalysisResults } from '../src/analysis/index.js';
import {
  html,
  overTls,
  startDualFixtureSite,
} from './support/fixture-server.js';
import type {
  DualFixtureSite,
  FixtureHandler,
} from './support/fixture-server.js';
import { closedPort, loopbackAnalyser } from './support/network.js';

/**
 * The regression corpus: pages under test/fixtures/pages/ that reproduce the false
 * alarms found on real documentation pages, and the pass and the fail of each check
 * added beside them, analysed end to end (gather, probes included, then judge) on a
 * loopback site that answers http:// and https:// on one port. `{{origin}}` and
 * `{{deadPort}}` in a page are filled in as it is served. Names other than IP
 * literals never reach a resolver: `lookup` refuses them, as a missing host would be.
 */

const PAGES = new URL('./fixtures/pages/', import.meta.url);

interface Case {
  /** What the page reproduces. */
  name: string;
  page: string;
  over?: 'http' | 'https';
  status?: number;
  headers?: Record<string, string | string[]>;
  /** How the page's http:// URL answers when it is served over https. */
  httpTwin?: 'redirects' | 'answers';
  expect: Record<string, boolean | null>;
  capped?: string[];
}

const STRICT_HEADERS = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

const CORPUS: Case[] = [
  {
    name: 'a breadcrumb ending in <a href="">',
    page: 'breadcrumb-empty-href.html',
    expect: { crawlable_links: true, link_text: true },
  },
  {
    name: 'links to ftp: and news: resources',
    page: 'ftp-and-news-links.html',
    expect: { crawlable_links: true },
  },
  {
    name: 'javascript: and file: links',
    page: 'javascript-link.html',
    expect: { crawlable_links: false },
  },
  {
    name: 'an <a onclick> without an href',
    page: 'onclick-anchor.html',
    expect: { crawlable_links: false },
  },
  {
    name: '<code>continue</code> as link text, and a link inside <pre>',
    page: 'code-link-text.html',
    expect: { link_text: true },
  },
  {
    name: '"start" on #range.start and "Details" in a table of contents',
    page: 'fragment-link-text.html',
    expect: { link_text: true },
  },
  {
    name: '"click here" and "read more" to other pages',
    page: 'generic-link-text.html',
    expect: { link_text: false },
  },
  {
    name: 'the title DO',
    page: 'title-do.html',
    expect: { content_keywords: null },
  },
  {
    name: 'the title pg_am',
    page: 'title-pg-am.html',
    expect: { content_keywords: null },
  },
  {
    name: 'a title that is a keyword and the site name: in - Rust',
    page: 'site-name-title.html',
    expect: { content_keywords: null },
  },
  {
    name: 'an identifier title the text names',
    page: 'title-identifier.html',
    expect: { content_keywords: true },
  },
  {
    name: 'user@example.com and an address in code samples',
    page: 'example-address-in-code.html',
    expect: { plaintext_email: true },
  },
  {
    name: 'a real address in the text and a mailto: link',
    page: 'real-address.html',
    expect: { plaintext_email: false },
  },
  {
    name: 'mail-archive URLs whose message ids hold an "@"',
    page: 'email-in-archive-urls.html',
    expect: { plaintext_email: true },
  },
  {
    name: 'a placeholder mailto:email@address',
    page: 'placeholder-mailto.html',
    expect: { plaintext_email: true },
  },
  {
    name: 'a well-made page answered with 404',
    page: 'dead-page.html',
    status: 404,
    expect: { http_status: false },
    capped: ['http_status'],
  },
  {
    name: 'a page that forbids indexing',
    page: 'hidden-page.html',
    expect: { indexable: false, nofollow: true },
    capped: ['indexable'],
  },
  {
    name: 'links, a redirect and an image that all answer',
    page: 'links-that-work.html',
    headers: STRICT_HEADERS,
    expect: {
      broken_links: true,
      meta_refresh: true,
      image_dimensions: true,
      canonical: true,
      referrer_policy: true,
      permissions_policy: true,
      cookie_flags: null,
      subresource_integrity: null,
      https_redirect: null,
      insecure_links: null,
    },
    capped: [],
  },
  {
    name: 'a removed page, a server that is down and a deleted image',
    page: 'broken-links.html',
    expect: { broken_links: false },
  },
  {
    name: 'target=_blank links to other sites without rel (noopener implied)',
    page: 'new-tab-links.html',
    expect: { unsafe_cross_origin_links: true },
  },
  {
    name: 'a target=_blank link that asks for rel=opener',
    page: 'opener-link.html',
    expect: { unsafe_cross_origin_links: false },
  },
  {
    name: 'an XHTML 1.1 doctype after an XML declaration (standards mode)',
    page: 'xhtml11-doctype.html',
    expect: { doctype: true },
  },
  {
    name: 'an XHTML 1.0 Transitional doctype (limited-quirks mode)',
    page: 'xhtml10-transitional-doctype.html',
    expect: { doctype: false },
  },
  {
    name: 'a meta refresh',
    page: 'meta-refresh.html',
    // A delayed reload is no redirect: the page is judged as the page it is.
    expect: { meta_refresh: false, h1: true, viewport: false },
  },
  {
    name: 'a redirect stub: an instant meta refresh to another page of the site',
    page: 'redirect-stub.html',
    // Served as "text/html", declaring no charset, as the stubs of the corpus were.
    headers: { 'content-type': 'text/html' },
    expect: {
      meta_refresh: false,
      h1: null,
      viewport: null,
      charset: null,
      meta_description: null,
      content_keywords: null,
      content_length: null,
      favicon: null,
      title: null,
      canonical: null,
      broken_links: true,
      http_status: true,
    },
  },
  {
    name: 'rel=nofollow on a link to the site itself',
    page: 'nofollow-own-links.html',
    expect: { nofollow: false },
  },
  {
    name: 'rel=nofollow on a sponsored link elsewhere',
    page: 'nofollow-sponsored-links.html',
    expect: { nofollow: true },
  },
  {
    name: 'images without width or height',
    page: 'unsized-images.html',
    expect: { image_dimensions: false },
  },
  {
    name: 'an https page whose http:// URL redirects to it, with safe headers and cookies',
    page: 'secure-page.html',
    over: 'https',
    httpTwin: 'redirects',
    headers: {
      ...STRICT_HEADERS,
      'set-cookie': [
        'session=abc; Path=/; Secure; HttpOnly; SameSite=Lax',
        'theme=dark; Secure; SameSite=Strict',
      ],
    },
    expect: {
      https: true,
      https_redirect: true,
      insecure_links: true,
      cookie_flags: true,
    },
  },
  {
    name: 'an https page whose http:// URL answers without redirecting',
    page: 'secure-page.html',
    over: 'https',
    httpTwin: 'answers',
    headers: { 'set-cookie': 'session=abc; Path=/; HttpOnly' },
    expect: {
      https_redirect: false,
      cookie_flags: false,
      referrer_policy: false,
      permissions_policy: false,
    },
  },
  {
    name: 'an http page that does not redirect to https',
    page: 'secure-page.html',
    expect: { https: false, https_redirect: null, insecure_links: null },
  },
  {
    name: 'http:// links on an https page',
    page: 'insecure-links.html',
    over: 'https',
    httpTwin: 'redirects',
    headers: { 'referrer-policy': 'unsafe-url' },
    expect: { insecure_links: false, referrer_policy: false },
  },
  {
    name: 'a script from a CDN without integrity',
    page: 'foreign-scripts.html',
    expect: { subresource_integrity: false },
  },
  {
    name: 'a script from a CDN with integrity',
    page: 'foreign-scripts-checked.html',
    expect: { subresource_integrity: true },
  },
  {
    name: 'a canonical that redirects',
    page: 'canonical-redirects.html',
    expect: { canonical: false },
  },
  {
    name: 'a canonical that forbids indexing',
    page: 'canonical-hidden.html',
    expect: { canonical: false },
  },
  {
    name: 'an inner page whose canonical is the home page',
    page: 'canonical-root.html',
    expect: { canonical: false },
  },
];

describe('the regression corpus', () => {
  let site: DualFixtureSite;
  let deadPort: number;
  const analyser = loopbackAnalyser();

  const fill = (page: string, origin: string) =>
    readFileSync(new URL(page, PAGES), 'utf8')
      .replaceAll('{{origin}}', origin)
      .replaceAll('{{deadPort}}', String(deadPort));

  beforeAll(async () => {
    deadPort = await closedPort();
    const routes: Record<string, FixtureHandler> = {
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nAllow: /\n');
      },
      '/ok': (_req, res) => html(res, '<!doctype html><title>OK</title>'),
      '/ok.png': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(64));
      },
      '/moved': (_req, res) => {
        res.writeHead(301, { location: '/ok' });
        res.end();
      },
    };
    for (const page of readdirSync(PAGES)) {
      routes[`/pages/${page}`] = (req, res) =>
        html(res, fill(page, overTls(req) ? site.httpsOrigin : site.origin));
    }
    CORPUS.forEach((entry, index) => {
      routes[`/cases/${index}`] = (req, res) => {
        if (!overTls(req) && entry.over === 'https') {
          if (entry.httpTwin === 'redirects') {
            res.writeHead(301, { location: site.httpsUrl(`/cases/${index}`) });
            res.end();
            return;
          }
        }
        const origin = overTls(req) ? site.httpsOrigin : site.origin;
        res.writeHead(entry.status ?? 200, {
          'content-type': 'text/html; charset=utf-8',
          ...entry.headers,
        });
        res.end(fill(entry.page, origin));
      };
    });
    site = await startDualFixtureSite(routes);
  });
  afterAll(() => site.close());

  it('uses every page of test/fixtures/pages/', () => {
    const used = new Set(CORPUS.map((entry) => entry.page));
    const canonicalTargets = ['hidden-page.html'];
    for (const page of readdirSync(PAGES)) {
      expect([page, used.has(page) || canonicalTargets.includes(page)]).toEqual(
        [page, true],
      );
    }
  });

  it.each(CORPUS.map((entry, index) => [entry.name, index] as const))(
    '%s',
    async (_name, index) => {
      const entry = CORPUS[index];
      const url =
        entry.over === 'https'
          ? site.httpsUrl(`/cases/${index}`)
          : site.url(`/cases/${index}`);
      const results: AnalysisResults = await analyser.analyse(url);
      const verdicts = Object.fromEntries(
        Object.keys(entry.expect).map((id) => [
          id,
          results.checks.find((check) => check.id === id)?.passed,
        ]),
      );
      expect(verdicts).toEqual(entry.expect);
      if (entry.capped !== undefined) {
        expect(results.capped_by).toEqual(entry.capped);
        if (entry.capped.length > 0) {
          expect(results.score).toBeLessThanOrEqual(49);
          expect(results.rating).toBe('bad');
        }
      }
    },
  );
});
