import { ResourceCache } from './resource-cache.js';
import type { CachedResource } from './resource-cache.js';

const resource = (
  bytes: number,
  fields: Partial<CachedResource> = {},
): CachedResource => ({
  status: 200,
  headers: { 'content-type': 'text/javascript' },
  body: Buffer.alloc(bytes, 'a'),
  ...fields,
});

describe('ResourceCache', () => {
  it('gives back what it kept, and counts each time it did', () => {
    const cache = new ResourceCache();
    const kept = resource(10);
    expect(cache.put('http://site.test/app.js', kept)).toBe(true);
    expect(cache.get('http://site.test/app.js')).toBe(kept);
    expect(cache.get('http://site.test/other.js')).toBeUndefined();
    expect(cache.hits).toBe(1);
  });

  it.each([
    ['anything but a 200', resource(10, { status: 404 })],
    [
      'a no-store answer',
      resource(10, { headers: { 'cache-control': 'private, no-store' } }),
    ],
    ['a body past the bound of one entry', resource(101)],
  ])('never keeps %s', (_case, answer) => {
    const cache = new ResourceCache({ maxBytes: 1000, maxEntryBytes: 100 });
    expect(cache.put('http://site.test/app.js', answer)).toBe(false);
    expect(cache.get('http://site.test/app.js')).toBeUndefined();
  });

  it('keeps what other caching headers forbid, as Google’s renderer may', () => {
    const cache = new ResourceCache();
    const answer = resource(10, {
      headers: { 'cache-control': 'no-cache, max-age=0' },
    });
    expect(cache.put('http://site.test/app.js', answer)).toBe(true);
  });

  it('lets the least recently used go once past its bound in bytes', () => {
    const cache = new ResourceCache({ maxBytes: 250, maxEntryBytes: 100 });
    cache.put('http://site.test/a.js', resource(100));
    cache.put('http://site.test/b.js', resource(100));
    cache.get('http://site.test/a.js');
    cache.put('http://site.test/c.js', resource(100));
    expect(cache.get('http://site.test/b.js')).toBeUndefined();
    expect(cache.get('http://site.test/a.js')).toBeDefined();
    expect(cache.get('http://site.test/c.js')).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
  });

  it('counts a body kept again once', () => {
    const cache = new ResourceCache({ maxBytes: 250, maxEntryBytes: 100 });
    cache.put('http://site.test/a.js', resource(100));
    cache.put('http://site.test/a.js', resource(50));
    expect(cache.size).toEqual({ entries: 1, bytes: 50 });
  });
});
