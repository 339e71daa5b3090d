import { crc32 } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
]);

/** Widths and heights a logo may have, in pixels. */
const MAX_DIMENSION = 10_000;

/** Bit depths each colour type allows (PNG specification, table 11.1). */
const BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * Why these bytes are not a whole PNG, or null when they are: the signature, then
 * every chunk whole with its CRC, the first an IHDR of sane dimensions and valid
 * fields, at least one IDAT, and IEND last. The pixels are not decoded: a browser
 * or a PDF renderer decodes them, and refuses them alone.
 */
export function pngProblem(bytes: Buffer): string | null {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return 'it does not start with the PNG signature';
  }
  let offset = 8;
  let seenImageData = false;
  for (let index = 0; ; index += 1) {
    if (offset + 12 > bytes.length) return 'it is cut short (no IEND chunk)';
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return `its ${type} chunk is cut short`;
    const crc = bytes.readUInt32BE(end - 4);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== crc) {
      return `the CRC of its ${type} chunk does not match`;
    }
    const data = bytes.subarray(offset + 8, end - 4);
    if (index === 0) {
      if (type !== 'IHDR') return 'its first chunk is not IHDR';
      const problem = headerProblem(data);
      if (problem) return problem;
    }
    if (type === 'IDAT') seenImageData = true;
    if (type === 'IEND') {
      if (!seenImageData) return 'it has no IDAT chunk';
      return end === bytes.length ? null : 'it has bytes after IEND';
    }
    offset = end;
  }
}

function headerProblem(header: Buffer): string | null {
  if (header.length !== 13) return 'its IHDR chunk is not 13 bytes long';
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_DIMENSION ||
    height > MAX_DIMENSION
  ) {
    return `its dimensions ${width}x${height} are outside 1 to ${MAX_DIMENSION} pixels`;
  }
  const [depth, colourType, compression, filter, interlace] =
    header.subarray(8);
  if (!BIT_DEPTHS[colourType]?.includes(depth)) {
    return `its IHDR names bit depth ${depth} with colour type ${colourType}`;
  }
  if (compression !== 0 || filter !== 0 || interlace > 1) {
    return 'its IHDR names an unknown compression, filter or interlace method';
  }
  return null;
}
