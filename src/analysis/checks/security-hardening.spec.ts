import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import type { TargetProbe } from '../types.js';
import {
  cookieFlags,
  httpsRedirect,
  insecureLinks,
  permissionsPolicy,
  referrerPolicy,
  subresourceIntegrity,
} from './security-hardening.js';

const EMPTY = documentOf('', '');
const HTTP_PAGE = { finalUrl: 'http://example.com/pricing' };

describe('https_redirect', () => {
  const twin = (
    status: number | null,
    location: string | null = null,
    error: string | null = null,
  ): TargetProbe => ({
    url: 'http://example.com/pricing',
    status,
    location,
    robots: [],
    error,
  });
  it.each([
    ['a 301 to https', twin(301, 'https://example.com/pricing'), {}, true],
    [
      'a 308 to the https home page',
      twin(308, 'https://example.com/'),
      {},
      true,
    ],
    ['a 200 over http', twin(200), {}, false],
    [
      'a redirect to another http URL',
      twin(302, 'http://www.example.com/pricing'),
      {},
      false,
    ],
    ['nothing listening on http', twin(null, null, 'connection'), {}, null],
    ['not asked', null, {}, null],
    ['an http page', twin(200), HTTP_PAGE, null],
  ])('%s → %s', (_case, httpProbe, overrides, passed) => {
    expect(
      runCheck(httpsRedirect, EMPTY, { httpProbe, ...overrides }).passed,
    ).toBe(passed);
  });
});

describe('insecure_links', () => {
  it.each([
    [
      'https and relative links',
      '<a href="/a">a</a><a href="https://other.example/">b</a>',
      {},
      true,
    ],
    ['an http link', '<a href="http://other.example/">b</a>', {}, false],
    [
      'a relative link under an http base',
      '<base href="http://example.com/"><a href="/a">a</a>',
      {},
      false,
    ],
    [
      'mailto and fragments',
      '<a href="mailto:a@b.example">a</a><a href="#x">x</a>',
      {},
      true,
    ],
    ['an http page', '<a href="http://other.example/">b</a>', HTTP_PAGE, null],
  ])('%s → %s', (_case, body, overrides, passed) => {
    expect(
      runCheck(insecureLinks, documentOf('', body), overrides).passed,
    ).toBe(passed);
  });
});

describe('referrer_policy', () => {
  it.each([
    [
      'a strict header',
      '',
      { 'referrer-policy': 'strict-origin-when-cross-origin' },
      true,
    ],
    ['no-referrer', '', { 'referrer-policy': 'no-referrer' }, true],
    ['unsafe-url', '', { 'referrer-policy': 'unsafe-url' }, false],
    [
      'a fallback list ending in a known policy',
      '',
      { 'referrer-policy': 'no-referrer, strict-origin-when-cross-origin' },
      true,
    ],
    ['an unknown value only', '', { 'referrer-policy': 'everything' }, false],
    ['a meta', '<meta name="referrer" content="same-origin">', {}, true],
    [
      'a meta overriding a safe header',
      '<meta name="referrer" content="unsafe-url">',
      { 'referrer-policy': 'no-referrer' },
      false,
    ],
    [
      'the legacy meta "always"',
      '<meta name="referrer" content="always">',
      {},
      false,
    ],
    ['none', '', {}, false],
  ])('%s → %s', (_case, head, headers, passed) => {
    expect(
      runCheck(referrerPolicy, documentOf(head, ''), { headers }).passed,
    ).toBe(passed);
  });
});

describe('permissions_policy', () => {
  it.each([
    [{ 'permissions-policy': 'camera=(), geolocation=(self)' }, true],
    [{ 'permissions-policy': ' ' }, false],
    [{ 'feature-policy': "camera 'none'" }, false],
    [{}, false],
  ])('%j → %s', (headers, passed) => {
    expect(runCheck(permissionsPolicy, EMPTY, { headers }).passed).toBe(passed);
  });
});

describe('cookie_flags', () => {
  it.each([
    [
      'SameSite and Secure on https',
      ['id=1; Path=/; Secure; HttpOnly; SameSite=Lax'],
      {},
      true,
    ],
    ['SameSite=None with Secure', ['id=1; SameSite=None; Secure'], {}, true],
    ['no SameSite', ['id=1; Path=/; Secure'], {}, false],
    ['no Secure on https', ['id=1; SameSite=Strict'], {}, false],
    [
      'SameSite without Secure on http',
      ['id=1; SameSite=Lax'],
      HTTP_PAGE,
      true,
    ],
    [
      'one of two cookies lacking',
      [
        'a=1; Secure; SameSite=Lax',
        'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT',
      ],
      {},
      false,
    ],
    ['no cookies', [], {}, null],
  ])('%s → %s', (_case, setCookies, overrides, passed) => {
    expect(
      runCheck(cookieFlags, EMPTY, { setCookies, ...overrides }).passed,
    ).toBe(passed);
  });

  it('names each cookie and what it lacks', () => {
    const outcome = runCheck(cookieFlags, EMPTY, {
      setCookies: [
        'session=abc; HttpOnly',
        'theme=dark; SameSite=Lax; Secure',
        'ab=1; SameSite=Lax',
      ],
    });
    expect(outcome.message).toBe('2 of 3 cookies lack SameSite and Secure.');
    expect(outcome.value).toEqual([
      'session: no SameSite, no Secure',
      'ab: no Secure',
    ]);
  });
});

describe('subresource_integrity', () => {
  it.each([
    [
      'same-origin scripts and styles',
      '<script src="/a.js"></script><link rel="stylesheet" href="https://example.com/a.css">',
      true,
      null,
    ],
    [
      'a foreign script with integrity',
      '<script src="https://cdn.example/lib.js" integrity="sha384-abc" crossorigin="anonymous"></script>',
      true,
      true,
    ],
    [
      'a foreign script without',
      '<script src="https://cdn.example/lib.js"></script>',
      true,
      false,
    ],
    [
      'a foreign stylesheet without',
      '<link rel="stylesheet" href="//cdn.example/a.css">',
      true,
      false,
    ],
    [
      'a foreign image (not a script or style)',
      '<img src="https://cdn.example/a.webp">',
      false,
      null,
    ],
    ['an inline script', '<script>run()</script>', true, null],
  ])('%s → %s', (_case, html, inHead, passed) => {
    const page = inHead ? documentOf(html, '') : documentOf('', html);
    expect(runCheck(subresourceIntegrity, page).passed).toBe(passed);
  });
});
