import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { contentCodingsOf, decodersFor, readBody } from './body.js';

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

describe('readBody, truncating', () => {
  const limits = (truncate: boolean) => ({
    signal: new AbortController().signal,
    maxBytes: 10,
    truncate,
  });
  const chunks = (...parts: string[]) =>
    Readable.from(parts.map((part) => Buffer.from(part)));

  it('keeps the first maxBytes of a body that is longer, and says it was cut', async () => {
    const read = await readBody(
      chunks('01234567', '89abcdef', 'ghij'),
      [],
      limits(true),
      'http://127.0.0.1/',
    );
    expect(read.body.toString()).toBe('0123456789');
    expect(read.truncated).toBe(true);
  });

  it('reads a body within the cap whole, and fails one past it without truncate', async () => {
    const whole = await readBody(chunks('0123', '4567'), [], limits(true), 'x');
    expect(whole).toMatchObject({ truncated: false });
    expect(whole.body.toString()).toBe('01234567');
    await expect(
      readBody(chunks('01234567', '89abcdef'), [], limits(false), 'x'),
    ).rejects.toMatchObject({ code: 'too_large' });
  });

  it('cuts a compressed body at maxBytes of its content', async () => {
    const read = await readBody(
      Readable.from([gzipSync(Buffer.from('x'.repeat(1_000)))]),
      decodersFor(['gzip'], 'x'),
      limits(true),
      'x',
    );
    expect(read.body.toString()).toBe('x'.repeat(10));
    expect(read.truncated).toBe(true);
  });
});
