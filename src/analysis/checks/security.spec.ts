import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import {
  contentSecurityPolicy,
  contentTypeOptions,
  emailAddressesIn,
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
    [
      'no rel (browsers imply noopener)',
      '<a href="https://other.example/" target="_blank">x</a>',
      true,
    ],
    [
      'rel=nofollow only',
      '<a href="https://other.example/" target="_BLANK" rel="nofollow">x</a>',
      true,
    ],
    [
      'rel=opener',
      '<a href="https://other.example/" target="_blank" rel="opener">x</a>',
      false,
    ],
    [
      'rel=opener among other tokens, in capitals',
      '<a href="https://other.example/" target="_blank" rel="nofollow OPENER">x</a>',
      false,
    ],
    [
      'rel=opener overruled by noopener',
      '<a href="https://other.example/" target="_blank" rel="opener noopener">x</a>',
      true,
    ],
    [
      'rel=opener, same tab',
      '<a href="https://other.example/" rel="opener">x</a>',
      null,
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
      '<a href="https://example.com/docs" target="_blank" rel="opener">same origin</a>' +
        '<a href="page" target="_blank" rel="opener">the CDN</a>',
    );
    const outcome = runCheck(unsafeCrossOriginLinks, html);
    expect(outcome.passed).toBe(false);
    expect(outcome.value).toEqual([
      '<a href="page" target="_blank" rel="opener">',
    ]);
  });
});

describe('plaintext_email', () => {
  it.each([
    [
      'no address',
      '<p>Use the contact form, or @acme on social media.</p>',
      true,
    ],
    [
      'an address in a script',
      '<script>var a = "sales@acme-audits.com";</script>',
      true,
    ],
    [
      'an address in hidden content',
      '<p hidden>sales@acme-audits.com</p>',
      true,
    ],
    [
      'an address in the text',
      '<p>Write to sales@acme-audits.com today.</p>',
      false,
    ],
    [
      'a mailto link',
      '<a href="MAILTO:sales@acme-audits.com">Write to us</a>',
      false,
    ],
    [
      'a mailto link without an address (share by e-mail)',
      '<a href="mailto:?subject=Look%20at%20this&body=https%3A%2F%2Facme-audits.com%2F">Share</a>',
      true,
    ],
    [
      'a mailto link whose address is in its to= field',
      '<a href="mailto:?to=sales%40acme-audits.com">Write to us</a>',
      false,
    ],
    ['an address at example.com', '<p>Log in as user@example.com.</p>', true],
    [
      'addresses at reserved names',
      '<p>a@shop.example b@mail.test c@x.invalid d@EXAMPLE.ORG</p><a href="mailto:root@localhost">root</a>',
      true,
    ],
    [
      'an address in a code sample',
      '<pre>git config user.email ann@acme-audits.com</pre><p>Then <code>ann@acme-audits.com</code>.</p>',
      true,
    ],
    [
      'a real address after a reserved one',
      '<p>user@example.com, or ask sales@acme-audits.com</p>',
      false,
    ],
    [
      'a mail-archive URL written out as link text',
      '<a href="https://lore.kernel.org/git/20200207132152.GC2868@szeder.dev/">https://lore.kernel.org/git/20200207132152.GC2868@szeder.dev/</a>',
      true,
    ],
    [
      'a message-id URL, whose local part has an "="',
      '<p>See https://www.postgresql.org/message-id/CAJ7c6TPy+Xa=DxR7cW@mail.gmail.com for the thread.</p>',
      true,
    ],
    [
      'an archive URL written without its scheme',
      '<p>Archived at lists.example.org/archive/20200207.GC2868@szeder.dev/ and www.acme-audits.com/~ann@acme-audits.com</p>',
      true,
    ],
    [
      'a URL with a user name',
      '<p>Clone https://ann@git.acme-audits.com/repo.git</p>',
      true,
    ],
    [
      'a placeholder mailto: address',
      '<a href="mailto:email@address">Write to us</a>',
      true,
    ],
    [
      'an address in parentheses after a URL',
      '<p>https://acme-audits.com/contact (sales@acme-audits.com)</p>',
      false,
    ],
    [
      'an address after "E-mail:"',
      '<p>E-mail:sales@acme-audits.com</p>',
      false,
    ],
    [
      'a mailto: written out in the text',
      '<p>mailto:sales@acme-audits.com</p>',
      false,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(plaintextEmail, documentOf('', html)).passed).toBe(passed);
  });

  it('reads prose and mailto: links by the same rule', () => {
    for (const candidate of [
      'email@address',
      'sales@acme-audits.com',
      'https://x.example/a@acme-audits.com',
      'ann.lee+x@mail.example.co.uk',
    ]) {
      const prose = runCheck(
        plaintextEmail,
        documentOf('', `<p>${candidate}</p>`),
      );
      const mailto = runCheck(
        plaintextEmail,
        documentOf('', `<a href="mailto:${candidate}">Write</a>`),
      );
      expect([candidate, mailto.passed]).toEqual([candidate, prose.passed]);
    }
  });

  it('gives the addresses as evidence', () => {
    const outcome = runCheck(
      plaintextEmail,
      documentOf(
        '',
        '<p>Mail ann.lee+x@mail.example.co.uk.</p><a href="mailto:bo@acme-audits.com?cc=ann.lee%2Bx%40mail.example.co.uk">Bo</a>',
      ),
    );
    expect(outcome.value).toEqual([
      'ann.lee+x@mail.example.co.uk',
      'bo@acme-audits.com',
    ]);
  });

  it('reads addresses out of long runs of letters in linear time', () => {
    const started = Date.now();
    expect(emailAddressesIn(`${'a'.repeat(500_000)}@`)).toEqual([]);
    expect(emailAddressesIn(`x@${'b'.repeat(500_000)}`)).toEqual([]);
    expect(emailAddressesIn('a@b.cd '.repeat(100_000))).toHaveLength(100_000);
    expect(emailAddressesIn(`https://${'a@b.cd/'.repeat(100_000)}`)).toEqual(
      [],
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('content_security_policy', () => {
  const STRICT = "default-src 'self'; object-src 'none'; base-uri 'self'";
  it.each([
    ['a strict header', EMPTY, { 'content-security-policy': STRICT }, true],
    [
      'a strict meta',
      documentOf(
        `<meta http-equiv="Content-Security-Policy" content="${STRICT}">`,
        '',
      ),
      {},
      true,
    ],
    [
      "default-src 'none' implies object-src 'none'",
      EMPTY,
      {
        'content-security-policy':
          "default-src 'none'; script-src 'self'; base-uri 'none'",
      },
      true,
    ],
    [
      "'unsafe-inline' with a nonce (ignored by browsers)",
      EMPTY,
      {
        'content-security-policy':
          "script-src 'nonce-r4nd0m' 'unsafe-inline'; object-src 'none'; base-uri 'none'",
      },
      true,
    ],
    [
      "'unsafe-inline' with a hash",
      EMPTY,
      {
        'content-security-policy':
          "script-src 'sha256-abc=' 'unsafe-inline' 'self'; object-src 'none'; base-uri 'self'",
      },
      true,
    ],
    [
      'gaps of a header closed by a meta policy',
      documentOf(
        `<meta http-equiv="Content-Security-Policy" content="object-src 'none'; base-uri 'self'">`,
        '',
      ),
      { 'content-security-policy': "script-src 'self'" },
      true,
    ],
    [
      'a presence-only policy',
      EMPTY,
      { 'content-security-policy': "default-src 'self'" },
      false,
    ],
    [
      "'unsafe-inline' scripts",
      EMPTY,
      {
        'content-security-policy':
          "default-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'",
      },
      false,
    ],
    [
      'no script restriction',
      EMPTY,
      {
        'content-security-policy':
          "object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
      },
      false,
    ],
    [
      'no base-uri',
      EMPTY,
      { 'content-security-policy': "default-src 'none'; script-src 'self'" },
      false,
    ],
    [
      'report-only only',
      EMPTY,
      { 'content-security-policy-report-only': STRICT },
      false,
    ],
    ['none', EMPTY, {}, false],
  ])('%s → %s', (_case, html, headers, passed) => {
    expect(runCheck(contentSecurityPolicy, html, { headers }).passed).toBe(
      passed,
    );
  });

  it('names each gap', () => {
    const outcome = runCheck(contentSecurityPolicy, EMPTY, {
      headers: { 'content-security-policy': "default-src * 'unsafe-inline'" },
    });
    expect(outcome.value).toEqual([
      "'unsafe-inline' without a nonce or hash: injected scripts run",
      "object-src is not 'none': plugins may load",
      'no base-uri: an injected <base> can redirect relative URLs',
    ]);
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
