import {
  documentOf,
  runCheck,
  snapshotOf,
} from '../../../test/support/snapshot-fixture.js';
import type { SideFetch, TargetProbe } from '../types.js';
import {
  canonical,
  crawlableLinks,
  favicon,
  hreflang,
  httpStatus,
  inPageLinks,
  indexable,
  isLanguageTag,
  language,
  linkText,
  notFoundPage,
  robotsTxt,
  seoFriendlyUrl,
} from './seo-crawling.js';

const EMPTY = documentOf('', '');
const target = (
  status: number | null,
  fields: Partial<TargetProbe> = {},
): TargetProbe => ({
  url: 'https://example.com/plans',
  status,
  location: null,
  robots: [],
  error: null,
  ...fields,
});
const side = (
  status: number | null,
  body: string | null = null,
): SideFetch => ({
  url: 'https://example.com/side',
  status,
  contentType: 'text/plain',
  body,
  error: status === null ? 'timeout' : null,
});

describe('seo_friendly_url', () => {
  it.each([
    ['https://example.com/pricing', true],
    ['https://example.com/', true],
    ['https://example.com/blog/a-post.html', true],
    ['https://example.com/search?q=a&page=2', true],
    ['https://example.com/Pricing', false],
    ['https://example.com/old_page', false],
    ['https://example.com/page.php', false],
    [`https://example.com/${'a'.repeat(101)}`, false],
    ['https://example.com/search?a=1&b=2&c=3', false],
    ['https://example.com/café', true],
    ['https://example.com/%E6%97%A5%E6%9C%AC/%c3%a9t%c3%a9', true],
    ['https://example.com/Café', false],
    ['https://example.com/release-2.5', true],
    ['https://example.com/docs/v1.2.3', true],
    ['https://example.com/files/archive.tar.gz', false],
    ['https://example.com/old/page.PHP', false],
  ])('%s → %s', (finalUrl, passed) => {
    expect(runCheck(seoFriendlyUrl, EMPTY, { finalUrl }).passed).toBe(passed);
  });

  it('judges the case of letters, not of the hex digits of %XX escapes', () => {
    const outcome = runCheck(seoFriendlyUrl, EMPTY, {
      finalUrl: 'https://example.com/caf%C3%A9_menu',
    });
    expect(outcome.message).toBe('The URL has underscores.');
  });

  it('names the extension of the final segment', () => {
    const outcome = runCheck(seoFriendlyUrl, EMPTY, {
      finalUrl: 'https://example.com/release-2.5/notes.aspx',
    });
    expect(outcome.message).toBe('The URL has a .aspx extension.');
  });
});

describe('http_status', () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [404, false],
    [500, false],
  ])('%s → %s', (statusCode, passed) => {
    expect(runCheck(httpStatus, EMPTY, { statusCode }).passed).toBe(passed);
  });
});

describe('not_found_page', () => {
  it.each([
    ['a 404', side(404), true],
    ['a 410', side(410), true],
    ['a soft 404 (200)', side(200), false],
    ['a redirect to the home page', side(301), false],
    ['a probe that failed on the network', side(null), null],
    ['no probe', null, null],
  ])('%s → %s', (_case, notFoundProbe, passed) => {
    expect(runCheck(notFoundPage, EMPTY, { notFoundProbe }).passed).toBe(
      passed,
    );
  });
});

describe('robots_txt', () => {
  it.each([
    [
      'rules that allow the page',
      side(200, 'User-agent: *\nDisallow: /private/\n'),
      true,
    ],
    ['an empty robots.txt', side(200, ''), true],
    [
      'rules for another bot only',
      side(200, 'User-agent: BadBot\nDisallow: /\n'),
      true,
    ],
    [
      'Disallow: / for everyone',
      side(200, 'User-agent: *\nDisallow: /\n'),
      false,
    ],
    [
      'a rule on this path',
      side(200, 'User-agent: *\nDisallow: /pricing\n'),
      false,
    ],
    ['a 404', side(404), false],
    ['a 500', side(500), false],
    ['a network failure', side(null), null],
  ])('%s → %s', (_case, fetched, passed) => {
    expect(runCheck(robotsTxt, EMPTY, { robotsTxt: fetched }).passed).toBe(
      passed,
    );
  });

  it('quotes the rule that blocks the page', () => {
    const outcome = runCheck(robotsTxt, EMPTY, {
      robotsTxt: side(200, 'User-agent: *\nDisallow: /pri\n'),
    });
    expect(outcome.value).toBe('Disallow: /pri');
  });

  it('quotes the rule Google would apply: the longest that matches, wildcards and $ read', () => {
    const blocking = (body: string) =>
      runCheck(robotsTxt, EMPTY, { robotsTxt: side(200, body) }).value;
    expect(
      blocking(
        'User-agent: *\r\nAllow: /pr\r\nDisallow: /*ic*g$ # no page\r\nDisallow: /x\r\n',
      ),
    ).toBe('Disallow: /*ic*g$ # no page');
    expect(
      blocking('User-agent: *\nDisallow: /*ing\nAllow: /pricing\n'),
    ).toBeUndefined();
    // Googlebot reads the typos it is known to accept: the page is blocked for it.
    const typos = runCheck(indexable, EMPTY, {
      robotsTxt: side(200, 'useragent: *\ndisalow: /\nallow: /pricing/\n'),
    });
    expect(typos.value).toBe('robots.txt: disalow: /');
  });

  it.each([
    [
      'comments, blank lines, several groups and known extensions',
      '# robots\n\nUser-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /tmp/ # scratch\nCrawl-delay: 2\n\nUser-agent: *\nAllow: /\nClean-param: ref /\nHost: example.com\nSitemap: https://example.com/sitemap.xml\n',
      true,
    ],
    ['a rule before any User-agent', 'Disallow: /tmp/\nUser-agent: *\n', false],
    ['an unknown directive', 'User-agent: *\nDisalow: /tmp/\n', false],
    ['a line that is no directive', 'User-agent: *\nDisallow /tmp/\n', false],
    ['a relative Sitemap URL', 'User-agent: *\nSitemap: /sitemap.xml\n', false],
    [
      'an HTML page served as robots.txt',
      '<!doctype html>\n<title>Home</title>\n',
      false,
    ],
  ])('%s → %s', (_case, body, passed) => {
    expect(
      runCheck(robotsTxt, EMPTY, { robotsTxt: side(200, body) }).passed,
    ).toBe(passed);
  });

  it('names each bad line, with its number and what is wrong', () => {
    const outcome = runCheck(robotsTxt, EMPTY, {
      robotsTxt: side(
        200,
        'Disallow: /a\r\nUser-agent: *\r\nNoindex: /b\r\nSitemap: sitemap.xml\r\nDisallow: /pricing\r\n',
      ),
    });
    expect(outcome.value).toEqual([
      'line 1: Disallow: /a (a rule before any User-agent)',
      'line 3: Noindex: /b (unknown directive)',
      'line 4: Sitemap: sitemap.xml (not an absolute http(s) URL)',
    ]);
    expect(outcome.message).toBe(
      'robots.txt has 3 lines crawlers skip or misread. It also forbids crawlers (user-agent *) to fetch this page.',
    );
  });
});

describe('indexable', () => {
  it.each([
    ['no directives', EMPTY, {}, true],
    [
      'meta robots index, follow',
      documentOf('<meta name="robots" content="index, follow">', ''),
      {},
      true,
    ],
    [
      'meta robots noindex',
      documentOf('<meta name="robots" content="noindex, follow">', ''),
      {},
      false,
    ],
    [
      'meta robots none',
      documentOf('<meta name="ROBOTS" content="NONE">', ''),
      {},
      false,
    ],
    ['X-Robots-Tag: noindex', EMPTY, { 'x-robots-tag': 'noindex' }, false],
    [
      'X-Robots-Tag for one bot',
      EMPTY,
      { 'x-robots-tag': 'googlebot: noindex' },
      false,
    ],
    ['X-Robots-Tag: nofollow', EMPTY, { 'x-robots-tag': 'nofollow' }, true],
  ])('%s → %s', (_case, html, headers, passed) => {
    expect(runCheck(indexable, html, { headers }).passed).toBe(passed);
  });

  it.each([
    ['a date past at the answer', 'unavailable_after: 2020-01-01', false],
    [
      'an RFC 850 date past at the answer',
      'noarchive, unavailable_after: Tuesday, 25-Jun-2010 15:00:00 PST',
      false,
    ],
    ['a date still to come', 'unavailable_after: 2030-01-01', true],
    ['an unreadable date', 'unavailable_after: soon', true],
  ])('meta robots with %s → %s', (_case, content, passed) => {
    const html = documentOf(`<meta name="robots" content="${content}">`, '');
    const headers = { date: 'Sun, 01 Mar 2026 10:00:00 GMT' };
    expect(runCheck(indexable, html, { headers }).passed).toBe(passed);
  });

  it('judges no unavailable_after without the Date of the answer', () => {
    const html = documentOf(
      '<meta name="robots" content="unavailable_after: 2020-01-01">',
      '',
    );
    expect(runCheck(indexable, html, { headers: {} }).passed).toBe(true);
  });

  it.each([
    [
      'rules that allow the page',
      side(200, 'User-agent: *\nDisallow: /private/\n'),
      true,
    ],
    [
      'a block for another bot only',
      side(200, 'User-agent: BadBot\nDisallow: /\n'),
      true,
    ],
    [
      'a block for user-agent *',
      side(200, 'User-agent: *\nDisallow: /pricing\n'),
      false,
    ],
    [
      'a robots.txt that answered 404',
      side(404, 'User-agent: *\nDisallow: /\n'),
      true,
    ],
    ['no robots.txt answer', side(null), true],
  ])('with %s in robots.txt → %s', (_case, fetched, passed) => {
    const outcome = runCheck(indexable, EMPTY, { robotsTxt: fetched });
    expect(outcome.passed).toBe(passed);
    if (!passed) expect(outcome.value).toBe('robots.txt: Disallow: /pricing');
  });
});

describe('canonical', () => {
  const link = (href: string) => `<link rel="canonical" href="${href}">`;
  it.each([
    ['this page, absolute', link('https://example.com/pricing'), true],
    [
      'this page, with a fragment',
      link('https://example.com/pricing#plans'),
      true,
    ],
    ['another page, not probed', link('http://example.com/pricing'), true],
    ['a relative URL naming this page', link('/pricing'), true],
    ['a non-http URL', link('ftp://example.com/pricing'), false],
    ['none', '', false],
    [
      'two that differ',
      link('https://example.com/a') + link('https://example.com/b'),
      false,
    ],
    [
      'two that agree',
      link('https://example.com/pricing') + link('https://example.com/pricing'),
      true,
    ],
    ['the site root, from an inner page', link('https://example.com/'), false],
    [
      'an index file at the root, from an inner page',
      link('https://example.com/index.html'),
      false,
    ],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(canonical, documentOf(head, '')).passed).toBe(passed);
  });

  it.each([
    [
      'a Link header naming this page',
      '',
      '<https://example.com/pricing>; rel="canonical"',
      true,
    ],
    [
      'a Link header among other links',
      '',
      '<https://example.com/fr/tarifs>; rel="alternate"; hreflang="fr", <https://example.com/pricing>; rel=canonical',
      true,
    ],
    [
      'a tag and a Link header that differ',
      link('https://example.com/pricing'),
      '<https://example.com/plans>; rel="canonical"',
      false,
    ],
  ])('%s → %s', (_case, head, linkHeader, passed) => {
    const headers = { ...snapshotOf('').headers, link: linkHeader };
    expect(runCheck(canonical, documentOf(head, ''), { headers }).passed).toBe(
      passed,
    );
  });

  it('lets the root page point at itself, and an inner page at a root with a query', () => {
    const root = runCheck(
      canonical,
      documentOf(link('https://example.com/'), ''),
      {
        finalUrl: 'https://example.com/index.html',
      },
    );
    expect(root.passed).toBe(true);
    const query = runCheck(
      canonical,
      documentOf(link('https://example.com/?p=12'), ''),
      { canonicalProbe: target(200) },
    );
    expect(query.passed).toBe(true);
  });

  const OTHER = documentOf(link('https://example.com/plans'), '');
  it.each([
    ['answers 200', target(200), true],
    [
      'answers 200 with X-Robots-Tag: all',
      target(200, { robots: ['all'] }),
      true,
    ],
    [
      'redirects',
      target(301, { location: 'https://example.com/plans/' }),
      false,
    ],
    ['answers 404', target(404), false],
    ['forbids indexing', target(200, { robots: ['noindex, follow'] }), false],
    ['cannot be reached', target(null, { error: 'dns' }), false],
    ['times out (unverified)', target(null, { error: 'timeout' }), true],
  ])('another page that %s → %s', (_case, canonicalProbe, passed) => {
    expect(runCheck(canonical, OTHER, { canonicalProbe }).passed).toBe(passed);
  });

  it('fails another page that robots.txt forbids to crawl', () => {
    const outcome = runCheck(canonical, OTHER, {
      canonicalProbe: target(200),
      robotsTxt: side(200, 'User-agent: *\nDisallow: /plans\n'),
    });
    expect(outcome.passed).toBe(false);
    expect(outcome.message).toBe(
      'robots.txt forbids crawlers to fetch the canonical URL.',
    );
  });

  it('says where the canonical target redirects', () => {
    const outcome = runCheck(canonical, OTHER, {
      canonicalProbe: target(308, { location: 'https://example.com/plans/' }),
    });
    expect(outcome.message).toBe(
      'The canonical URL redirects (HTTP 308) to https://example.com/plans/.',
    );
    expect(outcome.value).toBe('https://example.com/plans');
  });

  it('reads a canonical written as a path as the page it names, passes it, and advises an absolute URL', () => {
    const self = runCheck(canonical, documentOf(link('/pricing'), ''));
    expect(self.passed).toBe(true);
    expect(self.message).toMatch(
      /^The canonical URL is this page\. It is written as a relative URL \("\/pricing"\), read as https:\/\/example\.com\/pricing;/,
    );
    expect(self.value).toEqual({
      written: '/pricing',
      resolved: 'https://example.com/pricing',
    });
  });

  it('judges a relative canonical to another page as that page: its own fault first, the advice else', () => {
    const relative = documentOf(link('plans'), '');
    const broken = runCheck(canonical, relative, {
      canonicalProbe: target(404),
    });
    expect(broken.message).toBe('The canonical URL answers HTTP 404.');
    expect(broken.value).toBe('https://example.com/plans');
    const fine = runCheck(canonical, relative, { canonicalProbe: target(200) });
    expect(fine.passed).toBe(true);
    expect(fine.message).toMatch(/It is written as a relative URL \("plans"\)/);
    expect(fine.value).toEqual({
      written: 'plans',
      resolved: 'https://example.com/plans',
    });
  });

  it('reads a relative Link header canonical against the final URL', () => {
    const headers = {
      ...snapshotOf('').headers,
      link: '</pricing>; rel="canonical"',
    };
    const outcome = runCheck(canonical, documentOf('', ''), { headers });
    expect(outcome.passed).toBe(true);
    expect(outcome.message).toMatch(/It is written as a relative URL/);
  });
});

describe('hreflang', () => {
  const alt = (lang: string, href = 'https://example.com/x') =>
    `<link rel="alternate" hreflang="${lang}" href="${href}">`;
  it.each([
    [
      'valid tags and x-default',
      alt('en') + alt('fr-CA') + alt('zh-Hant-TW') + alt('x-default'),
      true,
    ],
    ['a region as 3 digits', alt('es-419'), true],
    ['an invalid tag', alt('english'), false],
    ['an underscore', alt('en_US'), false],
    ['a relative href', alt('en', '/en/'), false],
    ['no hreflang', '', null],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(hreflang, documentOf(head, '')).passed).toBe(passed);
  });

  it('validates BCP 47 shapes', () => {
    expect(isLanguageTag('de-CH-1996')).toBe(true);
    expect(isLanguageTag('e')).toBe(false);
    expect(isLanguageTag('en-')).toBe(false);
  });
});

describe('link_text', () => {
  it.each([
    ['descriptive texts', '<a href="/a">Our pricing plans</a>', true],
    ['click here', '<a href="/a">Click here</a>', false],
    ['read more…', '<a href="/a">Read more…</a>', false],
    ['here, in nested markup', '<a href="/a"><span>here</span></a>', false],
    ['an anchor without href is not a link', '<a name="x">here</a>', null],
    ['no links', '<p>text</p>', null],
    [
      'a section name in a table of contents',
      '<a href="#details">Details</a><a href="/a">Pricing details</a>',
      true,
    ],
    [
      '"start" on a fragment of the page',
      '<a href="#range.start">start</a>',
      null,
    ],
    [
      '"start" on this very page by its full URL',
      '<a href="https://example.com/pricing#start">start</a>',
      null,
    ],
    ['"start" to another page', '<a href="/guide#start">start</a>', false],
    [
      'code as link text',
      '<a href="/ref/continue"><code>continue</code></a>',
      null,
    ],
    [
      'a link inside code',
      '<pre>for (;;) { <a href="/ref/continue">continue</a>; }</pre>',
      null,
    ],
    [
      'code beside prose in a link',
      '<a href="/a"><code>x</code> here</a><a href="/b">here</a>',
      false,
    ],
    [
      '"Details" and "continue" (not generic by Lighthouse)',
      '<a href="/a">Details</a><a href="/b">continue</a>',
      true,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(linkText, documentOf('', html)).passed).toBe(passed);
  });

  it.each([
    ['Spanish', 'es', 'más información', false],
    ['German', 'de-AT', 'weiterlesen', false],
    ['an English text on a Spanish page', 'es', 'click here', true],
    ['an uncovered language: every list', 'nl', 'hier klicken', false],
  ])('judges a %s page by its language', (_case, lang, text, passed) => {
    const html = documentOf('', `<a href="/a">${text}</a>`, lang);
    expect(runCheck(linkText, html).passed).toBe(passed);
  });
});

describe('crawlable_links', () => {
  it.each([
    [
      'relative, absolute and fragment links',
      '<a href="/a">a</a><a href="https://x.example/">b</a><a href="#top">c</a>',
      true,
    ],
    [
      'mailto and tel',
      '<a href="mailto:a@example.com">a</a><a href="tel:+331234">b</a>',
      true,
    ],
    ['a breadcrumb to the page itself', '<a href="">Pricing</a>', true],
    ['a whitespace href', '<a href="  ">a</a>', true],
    [
      'ftp: and news: resources',
      '<a href="ftp://ftp.example/file">a</a><a href="news:comp.lang.c">b</a>',
      true,
    ],
    ['javascript:', '<a href="javascript:void(0)">a</a>', false],
    ['a file: URL', '<a href="file:///C:/docs/a.html">a</a>', false],
    ['no valid URL', '<a href="http://[bad">a</a>', false],
    ['no links', '<p>text</p>', null],
    [
      'an <a onclick> without an href',
      '<a href="/a">a</a><a onclick="openMenu()">Products</a>',
      false,
    ],
    [
      'only an <a onclick> without an href',
      '<a onclick="openMenu()">Products</a>',
      false,
    ],
    [
      'a framework click handler without an href',
      '<a ng-click="open()">a</a><a @click.prevent="open">b</a>',
      false,
    ],
    [
      'an <a onclick> with an href',
      '<a href="/products" onclick="track()">Products</a>',
      true,
    ],
    [
      'an <a> with a role and a click handler (a button)',
      '<a role="button" onclick="openMenu()">Menu</a>',
      null,
    ],
    ['an <a> without href or handler (a placeholder)', '<a>Soon</a>', null],
    ['an old fragment target', '<a name="top" onclick="x()"></a>', null],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(crawlableLinks, documentOf('', html)).passed).toBe(passed);
  });

  it('names the <a onclick> without an href among what cannot be followed', () => {
    const outcome = runCheck(
      crawlableLinks,
      documentOf(
        '',
        '<a href="/a">a</a><a onclick="openMenu()">Products</a><a href="javascript:go()">b</a>',
      ),
    );
    expect(outcome.message).toBe(
      '2 of 3 links cannot be followed: a javascript: or file: URL, no valid URL, or a click handler instead of an href.',
    );
    expect(outcome.value).toEqual([
      '<a onclick="openMenu()">',
      '<a href="javascript:go()">',
    ]);
  });
});

describe('in_page_links', () => {
  const links = (n: number) => '<a href="/x">x</a>'.repeat(n);
  it.each([
    [0, true],
    [149, true],
    [150, false],
  ])('%s links → %s', (n, passed) => {
    const outcome = runCheck(inPageLinks, documentOf('', links(n)));
    expect(outcome.passed).toBe(passed);
    expect(outcome.value).toBe(n);
  });
});

describe('language', () => {
  it.each([
    ['<html lang="en">', true],
    ['<html lang="pt-BR">', true],
    ['<html>', false],
    ['<html lang="">', false],
    ['<html lang="english">', false],
  ])('%s → %s', (open, passed) => {
    const html = `<!DOCTYPE html>${open}<head></head><body></body></html>`;
    expect(runCheck(language, html).passed).toBe(passed);
  });
});

describe('favicon', () => {
  it.each([
    ['a declared icon', '<link rel="icon" href="/i.svg">', side(404), true],
    [
      'a "shortcut icon"',
      '<link rel="shortcut icon" href="/i.ico">',
      side(404),
      true,
    ],
    ['no declaration but /favicon.ico answers 200', '', side(200), true],
    ['no declaration and a 404', '', side(404), false],
    ['an icon link without href', '<link rel="icon">', side(404), false],
    ['no declaration and a network failure', '', side(null), null],
  ])('%s → %s', (_case, head, fetched, passed) => {
    expect(
      runCheck(favicon, documentOf(head, ''), { favicon: fetched }).passed,
    ).toBe(passed);
  });
});
