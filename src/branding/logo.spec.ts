import { crc32 } from 'node:zlib';
import { pngOfSize, tinyPng } from '../../test/support/png.js';
import {
  dataUriOf,
  LOGO_MAX_BYTES,
  readLogo,
  readLogoDataUri,
} from './logo.js';

const refusal = (bytes: Buffer) => {
  const result = readLogo(bytes);
  return 'refused' in result ? result.refused : null;
};

describe('readLogo: PNG', () => {
  it('accepts a valid tiny PNG, as image/png, bytes unchanged', () => {
    const png = tinyPng(2, 3);
    expect(readLogo(png)).toEqual({
      logo: { mediaType: 'image/png', bytes: png },
    });
  });

  it('refuses a PNG cut short, wherever it is cut', () => {
    const png = tinyPng(4, 4);
    for (const length of [8, 20, 33, 40, png.length - 12, png.length - 1]) {
      expect(refusal(png.subarray(0, length))).toMatch(
        /^logo is not a valid PNG/,
      );
    }
  });

  it('refuses a PNG whose IHDR is corrupt or whose dimensions are not sane', () => {
    const corrupt = Buffer.from(tinyPng());
    corrupt[20] ^= 0xff; // a byte of the width, under the CRC
    expect(refusal(corrupt)).toMatch(/CRC/);
    expect(refusal(tinyPng(0, 1))).toMatch(/dimensions/);
    const huge = Buffer.from(tinyPng());
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect(refusal(huge)).toMatch(/dimensions/);
  });

  it('refuses a PNG whose first chunk is not IHDR', () => {
    const png = tinyPng();
    const noHeader = Buffer.concat([png.subarray(0, 8), png.subarray(33)]);
    expect(refusal(noHeader)).toMatch(/IHDR/);
  });
});

describe('readLogo: other types', () => {
  it('refuses JPEG bytes, GIF bytes and plain text, whatever they claim', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expect(refusal(jpeg)).toBe('logo must be a PNG or an SVG image');
    expect(refusal(gif)).toBe('logo must be a PNG or an SVG image');
    expect(refusal(Buffer.from('hello, world'))).toBe(
      'logo must be a PNG or an SVG image',
    );
    expect(refusal(Buffer.from('<html><body/></html>'))).toMatch(
      /^logo is not an SVG image: its root element/,
    );
  });

  it('reads an SVG by its bytes, cleaned', () => {
    const result = readLogo(
      Buffer.from('\ufeff<svg viewBox="0 0 1 1"><script>x</script></svg>'),
    );
    expect(result).toEqual({
      logo: {
        mediaType: 'image/svg+xml',
        bytes: Buffer.from(
          '<svg viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg"/>',
        ),
      },
    });
  });

  it('refuses more than 256 KiB, and accepts exactly that', () => {
    const padded = pngOfSize;
    expect(LOGO_MAX_BYTES).toBe(256 * 1024);
    expect(readLogo(padded(LOGO_MAX_BYTES))).toHaveProperty('logo');
    expect(refusal(padded(LOGO_MAX_BYTES + 1))).toBe(
      'logo must be at most 256 KiB once decoded; this one is 262145 bytes',
    );
  });
});

describe('readLogoDataUri', () => {
  it('decides the type by the bytes, not the declared type, and answers a data URI back', () => {
    const png = tinyPng();
    const declaredSvg = `data:image/svg+xml;base64,${png.toString('base64')}`;
    const result = readLogoDataUri(declaredSvg);
    expect(result).toEqual({ logo: { mediaType: 'image/png', bytes: png } });
    if ('logo' in result) {
      expect(dataUriOf(result.logo)).toBe(
        `data:image/png;base64,${png.toString('base64')}`,
      );
    }
  });

  it('refuses what is not a base64 data URI', () => {
    for (const uri of [
      'https://example.com/logo.png',
      'data:image/png,rawbytes',
      'data:image/png;base64,not base64!',
      'data:;base64,AAAA',
    ]) {
      expect(readLogoDataUri(uri)).toEqual({
        refused: expect.stringMatching(/^logo must be a data: URI/),
      });
    }
  });
});
