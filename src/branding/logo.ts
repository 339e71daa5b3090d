import { PNG_SIGNATURE, pngProblem } from './png.js';
import { sanitiseSvg } from './svg-sanitiser.js';

/** The most a logo may weigh once decoded from base64: 256 KiB. */
export const LOGO_MAX_BYTES = 256 * 1024;

export const LOGO_MEDIA_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** A logo as it is stored: its type, decided by its bytes, and the bytes (an SVG cleaned). */
export interface Logo {
  mediaType: LogoMediaType;
  bytes: Buffer;
}

/** A logo read, or the message of the 422 that names `logo`. */
export type LogoReading = { logo: Logo } | { refused: string };

/** `data:<type>[;params];base64,<data>`: the declared type is read and ignored. */
const DATA_URI =
  /^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[^;,]*)*;base64,([^]*)$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const DATA_URI_MESSAGE =
  'logo must be a data: URI of base64 bytes (data:image/png;base64,… or data:image/svg+xml;base64,…)';

const NEITHER = 'logo must be a PNG or an SVG image';

/**
 * Reads a logo from its bytes: a PNG when they carry its signature (and then must be a
 * whole one), an SVG when they are UTF-8 text starting with markup (then cleaned),
 * anything else refused, JPEG and GIF included.
 */
export function readLogo(bytes: Buffer): LogoReading {
  if (bytes.length > LOGO_MAX_BYTES) {
    return {
      refused: `logo must be at most ${LOGO_MAX_BYTES / 1024} KiB once decoded; this one is ${bytes.length} bytes`,
    };
  }
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const problem = pngProblem(bytes);
    if (problem) return { refused: `logo is not a valid PNG: ${problem}` };
    return { logo: { mediaType: 'image/png', bytes } };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { refused: NEITHER };
  }
  if (!/^\s*</.test(text)) return { refused: NEITHER };
  const cleaned = sanitiseSvg(text);
  if ('refused' in cleaned) {
    return { refused: `logo is not an SVG image: ${cleaned.refused}` };
  }
  return {
    logo: { mediaType: 'image/svg+xml', bytes: Buffer.from(cleaned.svg) },
  };
}

/** Reads a logo sent as a base64 data: URI, the form the API takes and answers. */
export function readLogoDataUri(uri: string): LogoReading {
  const data = DATA_URI.exec(uri)?.[1];
  if (data === undefined || !BASE64.test(data) || data.length % 4 === 1) {
    return { refused: DATA_URI_MESSAGE };
  }
  return readLogo(Buffer.from(data, 'base64'));
}

export function dataUriOf(logo: Logo): string {
  return `data:${logo.mediaType};base64,${logo.bytes.toString('base64')}`;
}
