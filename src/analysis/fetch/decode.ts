import iconv from 'iconv-lite';

/** Where the page said its charset was, each null when that source is silent. */
export interface DeclaredCharset {
  header: string | null;
  bom: string | null;
  meta: string | null;
}

export interface DecodedHtml {
  html: string;
  /** The charset the text was decoded with (canonical name). */
  charset: string;
  declared: DeclaredCharset;
}

const DEFAULT_CHARSET = 'utf-8';

/** The media types of an HTML page. */
export const HTML_TYPES: readonly string[] = [
  'text/html',
  'application/xhtml+xml',
];

/** The media type of a Content-Type header (lower case, parameters dropped), or null when it says none. */
export function mediaTypeOf(headers: Record<string, string>): string | null {
  const value = headers['content-type'];
  if (value === undefined) return null;
  const type = value.split(';')[0].trim().toLowerCase();
  return type === '' ? null : type;
}

/** How far into the body `<meta charset>` is looked for (WHATWG prescan). */
const PRESCAN_BYTES = 1024;

/**
 * Decodes an HTML body by the charset of the Content-Type header, then the BOM, then a
 * `<meta charset>` in the first 1024 bytes, else UTF-8 (docs/checks.md, "Gather").
 */
export function decodeHtml(
  bytes: Uint8Array,
  contentType: string | null,
): DecodedHtml {
  const declared: DeclaredCharset = {
    header: charsetFromContentType(contentType),
    bom: sniffBom(bytes),
    meta: prescanMetaCharset(bytes),
  };
  const candidates = [declared.header, declared.bom, declared.meta];
  for (const label of candidates) {
    if (label === null) continue;
    const decoded = decodeWith(bytes, label);
    if (decoded) return { ...decoded, declared };
  }
  return { ...decodeUtf8(bytes), declared };
}

/** Decodes text that should be UTF-8 (robots.txt, sitemaps), BOM dropped. */
export function decodeUtf8(bytes: Uint8Array): {
  html: string;
  charset: string;
} {
  return {
    html: new TextDecoder(DEFAULT_CHARSET).decode(bytes),
    charset: DEFAULT_CHARSET,
  };
}

/** The `charset` parameter of a Content-Type value, lowercased, or null. */
export function charsetFromContentType(
  contentType: string | null | undefined,
): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*("([^"]*)"|[^;\s]*)/i.exec(contentType);
  if (!match) return null;
  const label = (match[2] ?? match[1]).trim().toLowerCase();
  return label === '' ? null : label;
}

/** The charset a byte order mark announces, or null. */
export function sniffBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * The charset of the first `<meta charset>` or `<meta http-equiv="content-type">` in the
 * first 1024 bytes (a simplified WHATWG prescan: comments skipped, attributes parsed loosely).
 */
export function prescanMetaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, PRESCAN_BYTES))
    .toString('latin1')
    .replace(/<!--[\s\S]*?(-->|$)/g, '');
  for (const tag of head.matchAll(/<meta[\s/][^>]*>?/gi)) {
    const label = charsetOfMetaTag(tag[0]);
    if (label !== null) return label;
  }
  return null;
}

function charsetOfMetaTag(tag: string): string | null {
  const attributes = parseAttributes(tag);
  const charset = attributes.get('charset');
  if (charset !== undefined && charset.trim() !== '')
    return charset.trim().toLowerCase();
  const httpEquiv = attributes.get('http-equiv')?.trim().toLowerCase();
  const content = attributes.get('content');
  if (httpEquiv !== 'content-type' || content === undefined) return null;
  const match = /charset\s*=\s*["']?([^"';\s]+)/i.exec(content);
  return match ? match[1].toLowerCase() : null;
}

function parseAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern =
    /([^\s/>"'=]+)(?:\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?/g;
  for (const match of tag.replace(/^<meta/i, '').matchAll(pattern)) {
    const name = match[1].toLowerCase();
    // The first occurrence of an attribute wins, as in the HTML tokenizer.
    if (!attributes.has(name))
      attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Decodes with TextDecoder (full ICU), then iconv-lite; null when neither knows the label. */
function decodeWith(
  bytes: Uint8Array,
  label: string,
): { html: string; charset: string } | null {
  try {
    const decoder = new TextDecoder(label);
    // Node 20's TextDecoder decodes windows-1252 as Latin-1 (0x80-0x9F wrong); iconv-lite does not.
    if (decoder.encoding === 'windows-1252') {
      return {
        html: iconv.decode(Buffer.from(bytes), 'windows-1252'),
        charset: decoder.encoding,
      };
    }
    return { html: decoder.decode(bytes), charset: decoder.encoding };
  } catch {
    // Not a WHATWG label (or no ICU data for it): iconv-lite may still know it.
  }
  if (!iconv.encodingExists(label)) return null;
  return {
    html: iconv.decode(Buffer.from(bytes), label),
    charset: label,
  };
}
