import {
  authorityOf,
  failureOf,
  refusedRequests,
  sameDocument,
  servedHeaders,
} from './render-page.js';
import type { ProxyFailure } from './policy-proxy.js';

const refusal = (target: string): ProxyFailure => ({
  target,
  code: 'blocked',
  message: `refused ${target}`,
});

describe('authorityOf', () => {
  it.each([
    ['https://site.test/a', 'site.test:443'],
    ['wss://site.test:8443/socket', 'site.test:8443'],
    ['ws://127.0.0.2/socket', '127.0.0.2:80'],
    ['http://[::1]:8080/', '[::1]:8080'],
    ['data:text/plain,x', null],
  ])('of %s is %s', (url, authority) => {
    expect(authorityOf(url)).toBe(authority);
  });
});

describe('failureOf', () => {
  const failures = [
    refusal('http://127.0.0.2:8080/page'),
    refusal('127.0.0.2:8443'),
  ];

  it('finds a plain http failure by its URL, fragment aside', () => {
    expect(failureOf('http://127.0.0.2:8080/page#top', failures)).toBe(
      failures[0],
    );
    expect(failureOf('http://127.0.0.2:8080/other', failures)).toBeNull();
  });

  it('finds a tunnel’s failure by host and port', () => {
    expect(failureOf('https://127.0.0.2:8443/any', failures)).toBe(failures[1]);
    // A plain http request is never tunnelled: its failure has its URL.
    expect(failureOf('http://127.0.0.2:8443/any', failures)).toBeNull();
  });
});

describe('refusedRequests', () => {
  it('names each refused URL once, tunnels by the failed requests made there', () => {
    expect(
      refusedRequests(
        [
          refusal('http://127.0.0.2:81/a'),
          refusal('http://127.0.0.2:81/a'),
          refusal('127.0.0.2:443'),
          refusal('[::1]:9000'),
          { target: 'gone.test:443', code: 'dns', message: 'no such host' },
        ],
        [
          'https://127.0.0.2/x',
          'wss://127.0.0.2/socket',
          'http://127.0.0.2:443/plain',
          'https://site.test/ok',
        ],
      ),
    ).toEqual([
      { url: 'http://127.0.0.2:81/a', reason: 'refused http://127.0.0.2:81/a' },
      { url: 'https://127.0.0.2/x', reason: 'refused 127.0.0.2:443' },
      { url: 'wss://127.0.0.2/socket', reason: 'refused 127.0.0.2:443' },
      { url: '[::1]:9000', reason: 'refused [::1]:9000' },
    ]);
  });
});

describe('servedHeaders', () => {
  it('serves the decoded body without the wire’s coding or length, cookies a line each', () => {
    expect(
      servedHeaders({
        url: 'http://site.test/',
        status: 200,
        headers: {
          'content-type': 'text/html',
          'content-encoding': 'br',
          'content-length': '120',
          'transfer-encoding': 'chunked',
          'x-robots-tag': 'noindex',
        },
        setCookies: [
          'a=1; Path=/',
          'b=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
        ],
        body: Buffer.from('<p>x</p>'),
      }),
    ).toEqual({
      'content-type': 'text/html',
      'x-robots-tag': 'noindex',
      'set-cookie': 'a=1; Path=/\nb=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
    });
  });
});

describe('sameDocument', () => {
  it.each([
    ['http://site.test/a#top', 'http://site.test/a', true],
    ['http://SITE.test:80/a', 'http://site.test/a', true],
    ['http://site.test/a?x=1', 'http://site.test/a', false],
    ['https://site.test/a', 'http://site.test/a', false],
    ['not a url', 'http://site.test/a', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameDocument(a, b)).toBe(same);
  });
});
