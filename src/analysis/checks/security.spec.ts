import { documentOf, runCheck } from '../snapshot-fixture.js';
import {
  contentSecurityPolicy,
  contentTypeOptions,
  frameProtection,
  hsts,
  https,
  mixedContent,
  plaintextEmail,
  serverSignature,
  unsafeCrossOriginLinks,
} from './security.js';

const EMPTY = documentOf('', '');
const HTTP_PAGE = { finalUrl: 'http://example.com/pricing' };

describe('https', () => {
  it.each([
    ['https://example.com/pricing', true],
    ['http://example.com/pricing', false],
  ])('%s → %s', (finalUrl, passed) => {
    expect(runCheck(https, EMPTY, { finalUrl }).passed).toBe(passed);
  });
});

describe('mixed_content', () => {
  it.each([
    [
      'https and relative subresources',
      '<script src="/a.js"></script>',
      '<img src="https://cdn.example/a.webp">',
      {},
      true,
    ],
    [
      'an http link (not a subresource)',
      '',
      '<a href="http://other.example/">x</a>',
      {},
      true,
    ],
    [
      'an http script',
      '<script src="http://cdn.example/a.js"></script>',
      '',
      {},
      false,
    ],
    [
      'an http stylesheet',
      '<link rel="stylesheet" href="http://cdn.example/a.css">',
      '',
      {},
      false,
    ],
    [
      'an http image in srcset',
      '',
      '<img src="/a.webp" srcset="http://cdn.example/a2.webp 2x">',
      {},
      false,
    ],
    [
      'an http iframe',
      '',
      '<iframe src="http://other.example/"></iframe>',
      {},
      false,
    ],
    [
      'a relative URL under an http base',
      '<base href="http://example.com/">',
      '<img src="/a.webp">',
      {},
      false,
    ],
    [
      'an http page',
      '<script src="http://cdn.example/a.js"></script>',
      '',
      HTTP_PAGE,
      null,
    ],
  ])('%s → %s', (_case, head, body, overrides, passed) => {
    expect(
      runCheck(mixedContent, documentOf(head, body), overrides).passed,
    ).toBe(passed);
  });
});

describe('hsts', () => {
  it.each([
    [
      'a year',
      { 'strict-transport-security': 'max-age=31536000; includeSubDomains' },
      {},
      true,
    ],
    [
      'exactly 180 days',
      { 'strict-transport-security': 'max-age=15552000' },
      {},
      true,
    ],
    [
      'a quoted max-age',
      { 'strict-transport-security': 'max-age="31536000"' },
      {},
      true,
    ],
    [
      'one second short',
      { 'strict-transport-security': 'max-age=15551999' },
      {},
      false,
    ],
    [
      'no max-age',
      { 'strict-transport-security': 'includeSubDomains' },
      {},
      false,
    ],
    ['no header', {}, {}, false],
    ['an http page', {}, HTTP_PAGE, null],
  ])('%s → %s', (_case, headers, overrides, passed) => {
    expect(runCheck(hsts, EMPTY, { headers, ...overrides }).passed).toBe(
      passed,
    );
  });
});

describe('server_signature', () => {
  it.each([
    [{ server: 'nginx' }, true],
    [{ server: 'cloudflare', 'x-powered-by': 'Express' }, true],
    [{}, true],
    [{ server: 'nginx/1.25.3' }, false],
    [{ server: 'Apache/2.4.1 (Unix)' }, false],
    [{ 'x-powered-by': 'PHP/5.6.40' }, false],
    [{ 'x-powered-by': 'PHP/8.2' }, false],
    [{ server: 'Microsoft-IIS/10.0' }, false],
    [{ server: 'Jetty(9.4.51.v20230217)' }, false],
    [{ server: 'AmazonS3' }, true],
    [{ server: 'h2o' }, true],
    [{ server: 'gws' }, true],
    // example.com's server: "dcb/7F5E" names a node, not a version.
    [{ server: 'ECS (dcb/7F5E)' }, true],
  ])('%j → %s', (headers, passed) => {
    expect(runCheck(serverSignature, EMPTY, { headers }).passed).toBe(passed);
  });
});

describe('unsafe_cross_origin_links', () => {
  it.each([
    [
      'noopener',
      '<a href="https://other.example/" target="_blank" rel="noopener">x</a>',
      true,
    ],
    [
      'noreferrer among other tokens',
      '<a href="https://other.example/" target="_blank" rel="nofollow noreferrer">x</a>',
      true,
    ],
    ['no rel', '<a href="https://other.example/" target="_blank">x</a>', false],
    [
      'rel=nofollow only',
      '<a href="https://other.example/" target="_BLANK" rel="nofollow">x</a>',
      false,
    ],
    ['same origin in a new tab', '<a href="/docs" target="_blank">x</a>', null],
    ['other origin, same tab', '<a href="https://other.example/">x</a>', null],
    ['no links', '<p>x</p>', null],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(unsafeCrossOriginLinks, documentOf('', html)).passed).toBe(
      passed,
    );
  });

  it("compares with the page's own origin, not the <base href> one", () => {
    const html = documentOf(
      '<base href="https://cdn.example/assets/">',
      '<a href="https://example.com/docs" target="_blank">same origin</a>' +
        '<a href="page" target="_blank">the CDN</a>',
    );
    const outcome = runCheck(unsafeCrossOriginLinks, html);
    expect(outcome.passed).toBe(false);
    expect(outcome.value).toEqual(['<a href="page" target="_blank">']);
  });
});

describe('plaintext_email', () => {
  it.each([
    [
      'no address',
      '<p>Use the contact form, or @example on social media.</p>',
      true,
    ],
    [
      'an address in a script',
      '<script>var a = "sales@example.com";</script>',
      true,
    ],
    ['an address in hidden content', '<p hidden>sales@example.com</p>', true],
    [
      'an address in the text',
      '<p>Write to sales@example.com today.</p>',
      false,
    ],
    [
      'a mailto link',
      '<a href="MAILTO:sales@example.com">Write to us</a>',
      false,
    ],
    [
      'a mailto link without an address (share by e-mail)',
      '<a href="mailto:?subject=Look%20at%20this&body=https%3A%2F%2Fexample.com%2F">Share</a>',
      true,
    ],
    [
      'a mailto link whose address is in its to= field',
      '<a href="mailto:?to=sales%40example.com">Write to us</a>',
      false,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(plaintextEmail, documentOf('', html)).passed).toBe(passed);
  });

  it('gives the address as evidence', () => {
    const outcome = runCheck(
      plaintextEmail,
      documentOf('', '<p>Mail ann.lee+x@mail.example.co.uk</p>'),
    );
    expect(outcome.value).toEqual(['ann.lee+x@mail.example.co.uk']);
  });
});

describe('content_security_policy', () => {
  it.each([
    [
      'a header',
      EMPTY,
      { 'content-security-policy': "default-src 'self'" },
      true,
    ],
    [
      'a meta',
      documentOf(
        `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`,
        '',
      ),
      {},
      true,
    ],
    [
      'report-only only',
      EMPTY,
      { 'content-security-policy-report-only': "default-src 'self'" },
      false,
    ],
    ['none', EMPTY, {}, false],
  ])('%s → %s', (_case, html, headers, passed) => {
    expect(runCheck(contentSecurityPolicy, html, { headers }).passed).toBe(
      passed,
    );
  });
});

describe('content_type_options', () => {
  it.each([
    [{ 'x-content-type-options': 'nosniff' }, true],
    [{ 'x-content-type-options': 'NoSniff ' }, true],
    [{ 'x-content-type-options': 'sniff' }, false],
    [{}, false],
  ])('%j → %s', (headers, passed) => {
    expect(runCheck(contentTypeOptions, EMPTY, { headers }).passed).toBe(
      passed,
    );
  });
});

describe('frame_protection', () => {
  it.each([
    [{ 'x-frame-options': 'SAMEORIGIN' }, true],
    [
      {
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
      },
      true,
    ],
    [
      {
        // Two CSP headers, joined with ", " in the snapshot.
        'content-security-policy': "default-src 'self', frame-ancestors 'self'",
      },
      true,
    ],
    [{ 'content-security-policy': "default-src 'self'" }, false],
    [{ 'content-security-policy': 'script-src x-frame-ancestors' }, false],
    [{}, false],
  ])('%j → %s', (headers, passed) => {
    expect(runCheck(frameProtection, EMPTY, { headers }).passed).toBe(passed);
  });

  it('does not accept frame-ancestors in a meta CSP, which browsers ignore', () => {
    const html = documentOf(
      `<meta http-equiv="Content-Security-Policy" content="frame-ancestors 'none'">`,
      '',
    );
    expect(runCheck(frameProtection, html, { headers: {} }).passed).toBe(false);
  });
});
