import { CrawlScope, hostKeyOf, normaliseUrl } from './crawl-scope.js';

describe('the scope of a site audit', () => {
  it('normalises as reports do: scheme and host lowercased, default port and fragment dropped, dots resolved', () => {
    expect(normaliseUrl('HTTPS://Example.COM:443/a/./b/../c?x=1#top')).toBe(
      'https://example.com/a/c?x=1',
    );
    expect(normaliseUrl('http://example.com')).toBe('http://example.com/');
    expect(normaliseUrl('/Path?Q=1', 'https://example.com/x/')).toBe(
      'https://example.com/Path?Q=1',
    );
    expect(normaliseUrl('mailto:a@b.c')).toBeNull();
    expect(normaliseUrl('https://user:pw@example.com/')).toBeNull();
    expect(normaliseUrl('http://[')).toBeNull();
  });

  it('keeps the origin and its twin of the other scheme on default ports; other hosts and subdomains are out', () => {
    const scope = new CrawlScope(
      'https://example.com',
      [],
      [],
      'https://example.com/',
    );
    expect(scope.inScope('https://example.com/a')).toBe(true);
    expect(scope.inScope('http://example.com/a')).toBe(true);
    expect(scope.inScope('https://www.example.com/a')).toBe(false);
    expect(scope.inScope('https://example.com:8443/a')).toBe(false);
    expect(scope.inScope('https://other.test/')).toBe(false);
  });

  it('has no twin on a port of its own', () => {
    const scope = new CrawlScope(
      'http://127.0.0.1:8080',
      [],
      [],
      'http://127.0.0.1:8080/',
    );
    expect(scope.inScope('http://127.0.0.1:8080/a')).toBe(true);
    expect(scope.inScope('https://127.0.0.1:8080/a')).toBe(false);
    expect(scope.inScope('http://127.0.0.1/a')).toBe(false);
  });

  it('narrows to include prefixes and leaves exclude prefixes out; the start URL is always in', () => {
    const scope = new CrawlScope(
      'https://example.com',
      ['/blog/'],
      ['/blog/drafts/'],
      'https://example.com/',
    );
    expect(scope.inScope('https://example.com/')).toBe(true);
    expect(scope.inScope('https://example.com/blog/post')).toBe(true);
    expect(scope.inScope('https://example.com/blog/drafts/x')).toBe(false);
    expect(scope.inScope('https://example.com/shop/')).toBe(false);
    expect(scope.onSite('https://example.com/shop/')).toBe(true);
  });

  it('keys politeness by host and port', () => {
    expect(hostKeyOf('https://Example.com/a')).toBe('example.com:443');
    expect(hostKeyOf('http://127.0.0.1:3000/a')).toBe('127.0.0.1:3000');
  });
});
