import { urlHash } from './crawl.js';

describe('the key of a URL in its crawl', () => {
  it('is the same for the same URL and differs for others', () => {
    expect(urlHash('https://a.test/')).toBe(urlHash('https://a.test/'));
    expect(urlHash('https://a.test/')).not.toBe(urlHash('https://a.test/x'));
  });

  it('fits a signed 64-bit integer whatever the length of the URL', () => {
    for (const url of [
      'https://a.test/',
      `https://a.test/${'x'.repeat(100_000)}`,
    ]) {
      const key = BigInt(urlHash(url));
      expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
    }
  });

  it('takes the first 64 bits of the MD5, as the SQL of the migration does', () => {
    // md5('') = d41d8cd98f00b204e9800998ecf8427e
    expect(urlHash('')).toBe(BigInt.asIntN(64, 0xd41d8cd98f00b204n).toString());
  });
});
