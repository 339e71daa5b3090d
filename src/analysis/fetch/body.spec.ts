import { contentCodingsOf } from './body.js';

describe('contentCodingsOf', () => {
  it.each([
    [undefined, []],
    ['gzip', ['gzip']],
    [' Deflate ,GZIP', ['deflate', 'gzip']],
    ['identity', []],
    ['identity, br', ['br']],
    ['gzip,, zstd', ['gzip', 'zstd']],
  ])('%s → %j', (header, codings) => {
    const headers: Record<string, string> =
      header === undefined ? {} : { 'content-encoding': header };
    expect(contentCodingsOf(headers)).toEqual(codings);
  });
});
