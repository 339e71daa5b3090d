import { crc32, deflateSync } from 'node:zlib';

/** A PNG chunk: length, type, data, CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG of `width` x `height` RGBA pixels, all of one colour. */
export function tinyPng(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x80)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of exactly `size` bytes: a tiny one with a text chunk of filler before IEND. */
export function pngOfSize(size: number): Buffer {
  const png = tinyPng();
  const body = png.subarray(0, png.length - 12);
  const end = png.subarray(png.length - 12);
  const filler = pngChunk('tEXt', Buffer.alloc(size - png.length - 12, 0x61));
  return Buffer.concat([body, filler, end]);
}
