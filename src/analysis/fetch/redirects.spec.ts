import { RedirectChain, redirectTarget } from './redirects.js';

describe('redirectTarget', () => {
  it.each([
    [301, '/next#part', 'https://example.com/a/b', 'https://example.com/next'],
    [308, 'c', 'https://example.com/a/b', 'https://example.com/a/c'],
    [
      302,
      ['http://other.example/', 'x'],
      'https://example.com/',
      'http://other.example/',
    ],
    [200, '/next', 'https://example.com/', null],
    [304, '/next', 'https://example.com/', null],
    [301, undefined, 'https://example.com/', null],
  ])('%s to %j from %s → %s', (status, location, from, expected) => {
    expect(redirectTarget(status, location, from)).toBe(expected);
  });

  it('refuses a redirect to another scheme', () => {
    expect(() =>
      redirectTarget(302, 'file:///etc/passwd', 'https://example.com/'),
    ).toThrow(expect.objectContaining({ code: 'blocked' }));
  });

  it('fails a location that does not parse', () => {
    expect(() =>
      redirectTarget(302, 'http://[::1', 'https://example.com/'),
    ).toThrow(expect.objectContaining({ code: 'connection' }));
  });
});

describe('RedirectChain', () => {
  it('records each hop and fails the one past its bound', () => {
    const chain = new RedirectChain(2);
    chain.follow('https://example.com/1', 301, 'https://example.com/2');
    chain.follow('https://example.com/2', 302, 'https://example.com/3');
    expect(chain.hops).toEqual([
      { url: 'https://example.com/1', status_code: 301 },
      { url: 'https://example.com/2', status_code: 302 },
    ]);
    expect(() =>
      chain.follow('https://example.com/3', 307, 'https://example.com/4'),
    ).toThrow(expect.objectContaining({ code: 'redirect_limit' }));
  });
});
