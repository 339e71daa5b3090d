import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import {
  caching,
  deferJavascript,
  doctype,
  domSize,
  httpRequests,
  imageFormat,
  pageSize,
  redirects,
  responseTime,
  textCompression,
} from './performance.js';

const EMPTY = documentOf('', '');

describe('text_compression', () => {
  it.each([
    ['gzip', true],
    ['br', true],
    ['deflate', true],
    ['zstd', true],
    ['GZIP', true],
    ['deflate, gzip', true],
    ['x-gzip', true],
    [null, false],
    ['identity', false],
  ])('%s → %s', (contentEncoding, passed) => {
    expect(runCheck(textCompression, EMPTY, { contentEncoding }).passed).toBe(
      passed,
    );
  });
});

describe('response_time', () => {
  it.each([
    [150, true],
    [800, true],
    [800.4, false],
    [2000, false],
  ])('%s ms → %s', (loadTimeMs, passed) => {
    expect(runCheck(responseTime, EMPTY, { loadTimeMs }).passed).toBe(passed);
  });
});

describe('page_size', () => {
  it.each([
    [48_000, true],
    [500_000, true],
    [500_001, false],
  ])('%s bytes → %s', (htmlBytes, passed) => {
    expect(runCheck(pageSize, EMPTY, { htmlBytes }).passed).toBe(passed);
  });
});

describe('http_requests', () => {
  const images = (n: number) =>
    Array.from({ length: n }, (_, i) => `<img src="/i${i}.webp" alt="">`).join(
      '',
    );
  it.each([
    ['50 subresources', images(50), true],
    ['51 subresources', images(51), false],
    [
      'the same URL counted once',
      '<img src="/a.webp" alt="">'.repeat(60),
      true,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(httpRequests, documentOf('', html)).passed).toBe(passed);
  });

  it('counts scripts, stylesheets, images, media and frames, by kind', () => {
    const html = documentOf(
      '<link rel="stylesheet" href="/a.css"><link rel="preconnect" href="https://cdn.example"><script src="/a.js"></script><script>inline()</script>',
      '<img src="/a.webp" alt=""><video><source src="/v.mp4"></video><audio src="/a.mp3"></audio><iframe src="/f"></iframe>',
    );
    expect(runCheck(httpRequests, html).value).toEqual({
      total: 6,
      script: 1,
      stylesheet: 1,
      image: 1,
      media: 2,
      frame: 1,
    });
  });

  it('counts one request for every spelling of the same URL', () => {
    // The page is https://example.com/pricing: all four name https://example.com/a.webp.
    const html = documentOf(
      '',
      '<img src="/a.webp" alt=""><img src="a.webp" alt="">' +
        '<img src="https://EXAMPLE.com/a.webp" alt=""><img src="/a.webp#top" alt="">',
    );
    expect(runCheck(httpRequests, html).value).toEqual({ total: 1, image: 1 });
  });

  it('resolves references against <base href>', () => {
    const html = documentOf(
      '<base href="https://cdn.example/v2/">',
      '<img src="a.webp" alt=""><img src="https://cdn.example/v2/a.webp" alt=""><img src="/a.webp" alt="">',
    );
    expect(runCheck(httpRequests, html).value).toEqual({ total: 2, image: 2 });
  });
});

describe('image_format', () => {
  it.each([
    [
      'webp, avif and svg',
      '<img src="/a.webp"><img src="/b.AVIF"><img src="/c.svg?v=2">',
      true,
    ],
    [
      'a jpeg with a webp source in a picture',
      '<picture><source type="image/webp" srcset="/a.webp"><img src="/a.jpg"></picture>',
      true,
    ],
    ['a modern data URI', '<img src="data:image/svg+xml;base64,AAAA">', true],
    ['a jpeg', '<img src="/a.webp"><img src="/b.jpg">', false],
    ['a png data URI', '<img src="data:image/png;base64,AAAA">', false],
    ['a gif in srcset only', '<img srcset="/a.gif 1x">', false],
    ['only URLs that do not tell', '<img src="/image?id=3">', null],
    ['no images', '<p>x</p>', null],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(imageFormat, documentOf('', html)).passed).toBe(passed);
  });
});

describe('defer_javascript', () => {
  it.each([
    ['defer', '<script src="/a.js" defer></script>', '', true],
    ['async', '<script src="/a.js" async></script>', '', true],
    ['a module', '<script type="module" src="/a.js"></script>', '', true],
    ['an inline script', '<script>var a = 1;</script>', '', true],
    [
      'JSON-LD',
      '<script type="application/ld+json" src="/d.json"></script>',
      '',
      true,
    ],
    [
      'a blocking script at the end of body',
      '',
      '<script src="/a.js"></script>',
      true,
    ],
    ['a blocking script in head', '<script src="/a.js"></script>', '', false],
    [
      'a blocking text/javascript script in head',
      '<script type="text/javascript" src="/a.js"></script>',
      '',
      false,
    ],
    [
      'a blocking script with a legacy language attribute',
      '<script language="JavaScript" src="/a.js"></script>',
      '',
      false,
    ],
    [
      'a script in another language',
      '<script language="vbscript" src="/a.vbs"></script>',
      '',
      true,
    ],
    [
      'a template script (text/x-template)',
      '<script type="text/x-template" src="/t.html"></script>',
      '',
      true,
    ],
  ])('%s → %s', (_case, head, body, passed) => {
    expect(runCheck(deferJavascript, documentOf(head, body)).passed).toBe(
      passed,
    );
  });

  // Some of the WHATWG list of JavaScript MIME type essences, however spelled.
  it.each([
    'application/ecmascript',
    'application/x-javascript',
    'text/javascript1.3',
    'text/jscript',
    'text/livescript',
    ' Text/X-JavaScript ',
  ])('a blocking script of type "%s" in head fails', (type) => {
    const head = `<script type="${type}" src="/a.js"></script>`;
    expect(runCheck(deferJavascript, documentOf(head, '')).passed).toBe(false);
  });

  it.each([
    [
      'a blocking script before the body content, without <head>',
      '<!DOCTYPE html><title>Pricing</title><script src="/a.js"></script><p>Text</p>',
      false,
    ],
    [
      'a blocking script after the body content, without <body>',
      '<!DOCTYPE html><title>Pricing</title><p>Text</p><script src="/a.js"></script>',
      true,
    ],
    [
      'a blocking script after <body>, without <head>',
      '<!DOCTYPE html><html><title>Pricing</title><body><script src="/a.js"></script><p>Text</p>',
      true,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(deferJavascript, html).passed).toBe(passed);
  });
});

describe('dom_size', () => {
  // documentOf adds html, head and body: 3 elements.
  it.each([
    [1497, true],
    [1498, false],
  ])('%s elements in body → %s', (n, passed) => {
    const outcome = runCheck(domSize, documentOf('', '<i></i>'.repeat(n)));
    expect(outcome.passed).toBe(passed);
    expect(outcome.value).toBe(n + 3);
  });
});

describe('doctype', () => {
  it.each([
    ['<!DOCTYPE html>', '<!DOCTYPE html><html></html>', true],
    ['lower case after whitespace', '\n  <!doctype html>\n<html></html>', true],
    ['after a BOM', '\uFEFF<!DOCTYPE html><html></html>', true],
    ['no doctype', '<html></html>', false],
    [
      'an HTML 4.01 Strict doctype (standards mode)',
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd"><html></html>',
      true,
    ],
    [
      'an HTML 4.01 Transitional doctype without its URL (quirks mode)',
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><html></html>',
      false,
    ],
    [
      'an XHTML 1.1 doctype after an XML declaration (standards mode)',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd"><html></html>',
      true,
    ],
    [
      'an XHTML 1.0 Transitional doctype (limited-quirks mode)',
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html></html>',
      false,
    ],
    [
      'a comment first (browsers read past it)',
      '<!-- x --><!DOCTYPE html><html></html>',
      true,
    ],
    [
      'the legacy-compat doctype',
      '<!DOCTYPE html SYSTEM "about:legacy-compat"><html></html>',
      true,
    ],
    [
      'the legacy-compat doctype, single quotes',
      "<!doctype HTML system 'about:legacy-compat'><html></html>",
      true,
    ],
    [
      'another SYSTEM identifier (standards mode)',
      '<!DOCTYPE html SYSTEM "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html></html>',
      true,
    ],
    ['a doctype of another language', '<!DOCTYPE svg><svg></svg>', false],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(doctype, html).passed).toBe(passed);
  });

  it('says which mode the doctype gives, and why that is wrong', () => {
    expect(runCheck(doctype, '<html></html>').message).toBe(
      'The document has no doctype, so browsers render it in quirks mode, where they imitate the layout bugs of browsers from the 1990s.',
    );
    const transitional =
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    const outcome = runCheck(doctype, `${transitional}<html></html>`);
    expect(outcome.message).toBe(
      `The doctype ${transitional} puts browsers in limited-quirks mode, where images in table cells are laid out as old browsers did.`,
    );
    expect(outcome.value).toBe(transitional);
    expect(
      runCheck(doctype, '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN">')
        .message,
    ).toBe(
      'The doctype <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN"> puts browsers in standards mode.',
    );
  });
});

describe('caching', () => {
  it.each([
    [{ etag: '"v1"' }, true],
    [{ 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT' }, true],
    [{ 'cache-control': 'no-cache' }, true],
    [{ 'content-type': 'text/html' }, false],
  ])('%j → %s', (headers, passed) => {
    expect(runCheck(caching, EMPTY, { headers }).passed).toBe(passed);
  });
});

describe('redirects', () => {
  const hop = (n: number) => ({
    url: `https://example.com/${n}`,
    status_code: 301,
  });
  it.each([
    [0, true],
    [1, true],
    [2, false],
  ])('%s hops → %s', (n, passed) => {
    const hops = Array.from({ length: n }, (_, i) => hop(i));
    expect(runCheck(redirects, EMPTY, { redirects: hops }).passed).toBe(passed);
  });
});
