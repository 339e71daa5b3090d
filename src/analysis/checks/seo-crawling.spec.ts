import { documentOf, runCheck } from '../snapshot-fixture.js';
import type { SideFetch } from '../types.js';
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
});

describe('canonical', () => {
  const link = (href: string) => `<link rel="canonical" href="${href}">`;
  it.each([
    ['an absolute https URL', link('https://example.com/pricing'), true],
    ['an absolute http URL', link('http://example.com/pricing'), true],
    ['a relative URL', link('/pricing'), false],
    ['a non-http URL', link('ftp://example.com/pricing'), false],
    ['none', '', false],
    [
      'two',
      link('https://example.com/a') + link('https://example.com/b'),
      false,
    ],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(canonical, documentOf(head, '')).passed).toBe(passed);
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
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(linkText, documentOf('', html)).passed).toBe(passed);
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
      'mailto and tel are not judged',
      '<a href="mailto:a@example.com">a</a><a href="tel:+331234">b</a>',
      true,
    ],
    ['javascript:', '<a href="javascript:void(0)">a</a>', false],
    ['an empty href', '<a href="">a</a>', false],
    ['a whitespace href', '<a href="  ">a</a>', false],
    ['another scheme', '<a href="ftp://example.com/file">a</a>', false],
    ['no links', '<p>text</p>', null],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(crawlableLinks, documentOf('', html)).passed).toBe(passed);
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
