import type { KeyedDiscovery } from './crawl-records.js';
import { KnownUrls } from './known-urls.js';

const link = (
  hash: string,
  depth: number | null,
  position: number,
  crawlable = true,
): KeyedDiscovery => ({
  url: `https://a.test/${hash}`,
  hash,
  inScope: true,
  crawlable,
  via: crawlable ? 'link' : null,
  depth,
  position,
});

describe('the URLs a process saw written to a frontier', () => {
  it('writes a URL once, then only a mention that improves it', () => {
    const known = new KnownUrls();
    const first = [link('1', 2, 5), link('2', 2, 6)];
    expect(known.worthWriting('a', 10, first)).toEqual(first);
    known.remember('a', 10, first);
    // The same menu on a later page of the same depth: nothing to write.
    expect(
      known.worthWriting('a', 11, [link('1', 2, 0), link('2', 2, 1)]),
    ).toEqual([]);
    // An earlier parent, a smaller depth, or crawlable where it was not: written.
    expect(known.worthWriting('a', 9, [link('1', 2, 7)])).toHaveLength(1);
    expect(known.worthWriting('a', 30, [link('2', 1, 0)])).toHaveLength(1);
  });

  it('writes again a URL seen only as not crawlable once a followed link names it', () => {
    const known = new KnownUrls();
    known.remember('a', 1, [link('3', null, 0, false)]);
    expect(known.worthWriting('a', 2, [link('3', null, 0, false)])).toEqual([]);
    expect(known.worthWriting('a', 2, [link('3', 2, 0)])).toHaveLength(1);
  });

  it('keeps crawls apart, and forgets the oldest past its bound', () => {
    const known = new KnownUrls(2);
    known.remember('a', 1, [link('1', 1, 0)]);
    expect(known.worthWriting('b', 1, [link('1', 1, 0)])).toHaveLength(1);
    known.remember('a', 1, [link('2', 1, 0), link('3', 1, 0)]);
    expect(known.worthWriting('a', 1, [link('1', 1, 0)])).toHaveLength(1);
    expect(known.worthWriting('a', 1, [link('3', 1, 0)])).toEqual([]);
  });
});
