import type { FetchedResponse } from '../../analysis/index.js';
import { NO_SITE_FACTS } from '../../../test/support/site-facts.js';
import { CrawlPolicy } from '../policy/crawl-policy.js';
import readCrawledPage from '../../site-audits/crawled-page-reading.js';
import { readHead, readPage } from './page-reading.js';
import { LINKS_MAX } from './stored-bounds.js';

const ORIGIN = 'https://site.test';
const policy = new CrawlPolicy({
  origin: ORIGIN,
  startUrl: `${ORIGIN}/`,
  settings: {
    max_pages: 100,
    max_depth: 10,
    include: [],
    exclude: [],
    respect_robots: true,
    sitemaps: true,
  },
  robotsTxt: {
    url: `${ORIGIN}/robots.txt`,
    status: 200,
    body: 'User-agent: *\nDisallow: /private/\n',
  },
  userAgent: 'ReportServiceBot/0.1',
  hostConcurrency: 4,
});
const site = NO_SITE_FACTS;

function answer(
  url: string,
  html: string,
  fields: Partial<FetchedResponse> = {},
): FetchedResponse {
  const body = Buffer.from(html);
  return {
    url,
    requestedUrl: url,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    setCookies: [],
    body,
    redirects: [],
    contentEncoding: null,
    transferBytes: body.length,
    ttfbMs: 1,
    loadTimeMs: 2,
    ...fields,
  };
}

describe('reading a crawled page', () => {
  it('makes each URL known once, however the page names it, and keeps every link', async () => {
    const url = `${ORIGIN}/`;
    const html = `<!doctype html><html lang="en"><head><title>Home</title>
      <link rel="canonical" href="https://site.test/">
      <link rel="alternate" hreflang="fr" href="https://site.test/fr/">
      </head><body>
      <a href="/a">A</a> <a href="/a#top">A again</a> <a href="https://site.test:443/a">and again</a>
      <a href="/fr/">Français</a> <a href="/">Home</a> <a href="/private/x">private</a>
      <a href="https://elsewhere.test/">out</a>
      </body></html>`;
    const reading = await readPage(
      url,
      answer(url, html),
      0,
      policy,
      site,
      null,
      readCrawledPage,
    );
    const byUrl = new Map(reading.discoveries.map((d) => [d.url, d]));
    expect(reading.discoveries).toHaveLength(byUrl.size);
    expect([...byUrl.keys()].sort()).toEqual(
      [
        `${ORIGIN}/`,
        `${ORIGIN}/a`,
        `${ORIGIN}/fr/`,
        `${ORIGIN}/private/x`,
        'https://elsewhere.test/',
      ].sort(),
    );
    expect(byUrl.get(`${ORIGIN}/fr/`)).toMatchObject({ via: 'link', depth: 1 });
    expect(byUrl.get(`${ORIGIN}/private/x`)).toMatchObject({
      refusal: 'blocked',
    });
    expect(byUrl.get('https://elsewhere.test/')).toMatchObject({
      inScope: false,
      crawlable: false,
      refusal: null,
    });
    // The links as the page has them: one per target, in page order.
    expect(reading.links.map((l) => l.position)).toEqual([0, 1, 2, 3, 4]);
    expect(reading.record).toMatchObject({
      statusCode: 200,
      html: true,
      title: 'Home',
      canonical: `${ORIGIN}/`,
      indexable: true,
      outlinks: 5,
    });
    expect(reading.probeTargets.map((t) => t.url)).toEqual([
      'https://elsewhere.test/',
    ]);
  });

  it('keeps a redirect as a page whose target the crawl requests, at the same depth', () => {
    const reading = readHead(
      {
        url: `${ORIGIN}/old`,
        status: 301,
        headers: { location: '/new#part' },
      },
      2,
      policy,
    );
    expect(reading.record).toMatchObject({
      statusCode: 301,
      redirectTo: `${ORIGIN}/new`,
      html: false,
    });
    expect(reading.discoveries).toEqual([
      expect.objectContaining({
        url: `${ORIGIN}/new`,
        via: 'redirect',
        depth: 2,
        crawlable: true,
      }),
    ]);
  });

  it('says a page was judged on its first bytes when its body was cut', async () => {
    const url = `${ORIGIN}/long`;
    const reading = await readPage(
      url,
      answer(url, '<!doctype html><title>Long</title><p>start', {
        truncated: true,
      }),
      1,
      policy,
      site,
      null,
      readCrawledPage,
    );
    expect(reading.record).toMatchObject({ truncated: true, title: 'Long' });
  });
});

describe('a page past the bounds of what the crawl stores', () => {
  it('keeps its title and description cut and says so', async () => {
    const huge = 'T'.repeat(4 * 1024 * 1024);
    const reading = await readPage(
      `${ORIGIN}/huge`,
      answer(
        `${ORIGIN}/huge`,
        `<!doctype html><title>${huge}</title><meta name="description" content="${huge}">`,
      ),
      1,
      policy,
      site,
      null,
      readCrawledPage,
    );
    expect(reading.record.title).toHaveLength(1_024);
    expect(reading.record.metaDescription).toHaveLength(1_024);
    expect(reading.record).toMatchObject({ textsCut: true, linksCut: false });
    expect(JSON.stringify(reading).length).toBeLessThan(300 * 1024);
  });

  it('says so when an anchor was longer than kept', async () => {
    const reading = await readPage(
      `${ORIGIN}/anchor`,
      answer(
        `${ORIGIN}/anchor`,
        `<!doctype html><title>Anchor</title><a href="/a">${'A'.repeat(300)}</a>`,
      ),
      1,
      policy,
      site,
      null,
      readCrawledPage,
    );
    expect(reading.links.map((link) => link.anchor.length)).toEqual([200]);
    expect(reading.record.textsCut).toBe(true);
  });

  it('reads its first LINKS_MAX links and says so', async () => {
    const links = Array.from(
      { length: LINKS_MAX + 1_000 },
      (_, i) => `<a href="/m/${i}">${i}</a>`,
    ).join('');
    const reading = await readPage(
      `${ORIGIN}/many`,
      answer(`${ORIGIN}/many`, `<!doctype html><title>Many</title>${links}`),
      1,
      policy,
      site,
      null,
      readCrawledPage,
    );
    expect(reading.links).toHaveLength(LINKS_MAX);
    expect(reading.links.at(-1)!.anchor).toBe(String(LINKS_MAX - 1));
    expect(reading.record).toMatchObject({
      outlinks: LINKS_MAX + 1_000,
      linksCut: true,
      textsCut: false,
    });
  });
});
