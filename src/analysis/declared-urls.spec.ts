import {
  agreedCanonical,
  canonicalDeclarations,
  hreflangDeclarations,
  isRelativeReference,
  relativeCanonicalOf,
} from './declared-urls.js';
import { parsePage } from './parse.js';

const PAGE = 'https://example.com/guide/setup/install.html';

function pageWith(head: string, url = PAGE) {
  return parsePage(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    url,
  );
}

const tag = (href: string) => `<link rel="canonical" href="${href}">`;
const base = (href: string) => `<base href="${href}">`;

/** The canonical the page agrees on, without its fragment, or null. */
function canonicalOf(head: string, link?: string, url = PAGE): string | null {
  const page = pageWith(head, url);
  const agreed = agreedCanonical(
    canonicalDeclarations(page, link ? { link } : {}, url),
  );
  return agreed === null ? null : agreed.href.replace(/#.*$/, '');
}

describe('a canonical tag, each written form, against the page URL', () => {
  it.each([
    ['absolute', 'https://example.com/a', 'https://example.com/a'],
    ['a path', '/a', 'https://example.com/a'],
    ['a path with a query', '/a?b=1', 'https://example.com/a?b=1'],
    [
      'a relative path',
      'other.html',
      'https://example.com/guide/setup/other.html',
    ],
    [
      'a relative path up',
      '../index.html',
      'https://example.com/guide/index.html',
    ],
    ['the current folder', './', 'https://example.com/guide/setup/'],
    ['scheme-relative', '//example.com/a', 'https://example.com/a'],
    [
      'scheme-relative to another host',
      '//cdn.example.org/a',
      'https://cdn.example.org/a',
    ],
    [
      'an upper-case scheme and host',
      'HTTPS://EXAMPLE.COM/a',
      'https://example.com/a',
    ],
    ['with a fragment', '/a#top', 'https://example.com/a'],
    ['a fragment alone: this page', '#top', PAGE],
    ['padded with spaces', '  /a  ', 'https://example.com/a'],
    ['plain http, absolute', 'http://example.com/a', 'http://example.com/a'],
    ['an empty href', '', null],
    ['spaces only', '   ', null],
    ['not http(s)', 'ftp://example.com/a', null],
    ['a script', 'javascript:void(0)', null],
    ['not a URL', 'http://exa mple.com/', null],
  ])('%s: "%s" → %s', (_case, href, expected) => {
    expect(canonicalOf(tag(href))).toBe(expected);
  });
});

describe('a canonical tag against a page with <base href>', () => {
  it.each([
    [
      'a path, base on another folder',
      '/static/',
      '/a',
      'https://example.com/a',
    ],
    [
      'a relative path, base on another folder',
      '/static/',
      'a.html',
      'https://example.com/static/a.html',
    ],
    [
      'a relative path, absolute base on another host',
      'https://mirror.example.org/docs/',
      'a.html',
      'https://mirror.example.org/docs/a.html',
    ],
    [
      'scheme-relative, http base',
      'http://example.com/',
      '//example.com/a',
      'http://example.com/a',
    ],
    [
      'absolute, any base',
      '/static/',
      'https://example.com/a',
      'https://example.com/a',
    ],
    [
      'a relative base itself',
      '../',
      'a.html',
      'https://example.com/guide/a.html',
    ],
    [
      'a fragment alone, base elsewhere',
      '/static/',
      '#x',
      'https://example.com/static/',
    ],
  ])('%s: base "%s", "%s" → %s', (_case, baseHref, href, expected) => {
    expect(canonicalOf(base(baseHref) + tag(href))).toBe(expected);
  });

  it('reads the first <base> with an href, as a browser does', () => {
    expect(
      canonicalOf(
        '<base target="_top">' + base('/one/') + base('/two/') + tag('a.html'),
      ),
    ).toBe('https://example.com/one/a.html');
  });
});

describe('a Link header canonical', () => {
  it.each([
    [
      'absolute',
      '<https://example.com/a>; rel="canonical"',
      'https://example.com/a',
    ],
    ['a path', '</a>; rel="canonical"', 'https://example.com/a'],
    [
      'a relative path',
      '<other.html>; rel=canonical',
      'https://example.com/guide/setup/other.html',
    ],
    [
      'among other links',
      '</fr/>; rel="alternate"; hreflang="fr", </a>; rel="canonical"',
      'https://example.com/a',
    ],
    ['a rel list', '</a>; rel="canonical nofollow"', 'https://example.com/a'],
  ])('%s → %s', (_case, header, expected) => {
    expect(canonicalOf('', header)).toBe(expected);
  });

  it('resolves against the final URL, never the body <base href> (RFC 8288)', () => {
    expect(canonicalOf(base('/static/'), '<a.html>; rel="canonical"')).toBe(
      'https://example.com/guide/setup/a.html',
    );
  });
});

describe('declarations that disagree count as none', () => {
  it.each([
    ['two tags naming different pages', tag('/a') + tag('/b'), undefined, null],
    [
      'two tags naming one page in two forms',
      tag('/a') + tag('https://example.com/a#x'),
      undefined,
      'https://example.com/a',
    ],
    [
      'a tag and the header naming different pages',
      tag('/a'),
      '</b>; rel="canonical"',
      null,
    ],
    [
      'a tag and the header naming one page',
      tag('https://example.com/a'),
      '</a>; rel="canonical"',
      'https://example.com/a',
    ],
    ['one valid, one naming no URL', tag('/a') + tag(''), undefined, null],
    ['none', '', undefined, null],
  ])('%s → %s', (_case, head, header, expected) => {
    expect(canonicalOf(head, header)).toBe(expected);
  });
});

describe('relative references', () => {
  it.each([
    ['/a', true],
    ['a.html', true],
    ['//example.com/a', true],
    ['#x', true],
    ['https://example.com/a', false],
    ['HTTP://example.com/a', false],
    ['', false],
  ])('"%s" relative: %s', (written, relative) => {
    expect(isRelativeReference(written)).toBe(relative);
  });

  it('names the first relative canonical, so the check can advise an absolute URL', () => {
    const page = pageWith(tag('https://example.com/a') + tag('/a'));
    expect(relativeCanonicalOf(canonicalDeclarations(page, {}, PAGE))).toBe(
      '/a',
    );
    const absolute = pageWith(tag('https://example.com/a'));
    expect(
      relativeCanonicalOf(canonicalDeclarations(absolute, {}, PAGE)),
    ).toBeNull();
  });
});

describe('hreflang alternates', () => {
  it('resolve against the base URL in any written form; one naming no URL has none', () => {
    const page = pageWith(
      base('/docs/') +
        '<link rel="alternate" hreflang="fr" href="fr/">' +
        '<link rel="alternate" hreflang="de" href="/de/">' +
        '<link rel="alternate" hreflang="x-default" href="//example.com/">' +
        '<link rel="alternate" hreflang="es" href="">' +
        '<link rel="alternate" href="/no-lang/">',
    );
    expect(
      hreflangDeclarations(page).map(({ lang, url }) => [
        lang,
        url?.href ?? null,
      ]),
    ).toEqual([
      ['fr', 'https://example.com/docs/fr/'],
      ['de', 'https://example.com/de/'],
      ['x-default', 'https://example.com/'],
      ['es', null],
    ]);
  });
});
