/**
 * A robots.txt read as Googlebot reads it (RFC 9309 with the leniencies of Google's
 * open-source parser, google/robotstxt robots.cc): byte by byte, lines ended by CR, LF
 * or CRLF, a `#` comment dropped, `key: value` or `key value`, keys matched by prefix
 * and a few frequent typos, values of Allow and Disallow percent-encoded. Crawl-delay,
 * which Google ignores, is read too: the crawl honours it.
 */

/** Google reads the first 500 KiB of a robots.txt and ignores the rest. */
export const ROBOTS_TXT_MAX_BYTES = 500 * 1024;

/** Bytes of a line Google keeps (8 × the 2,083 of the longest URL browsers take, less the terminator); the rest of the line is ignored. */
export const ROBOTS_TXT_MAX_LINE_BYTES = 2083 * 8 - 1;

/** One Allow or Disallow line of a group. */
export interface RobotsRule {
  readonly allow: boolean;
  /** The path pattern, percent-encoded as Google compares it (`%aa` → `%AA`, `é` → `%C3%A9`). */
  readonly pattern: string;
  /** Its line in the robots.txt, from 1. */
  readonly line: number;
}

/** User-agent lines in a row and the rules that follow them. */
export interface RobotsGroup {
  /** Product tokens of its User-agent lines, lower-cased (`Foo Bar/1.0` → `foo`); `*` for the global group. */
  readonly userAgents: readonly string[];
  readonly rules: readonly RobotsRule[];
  /** The largest Crawl-delay of the group, in seconds; null when it has none. */
  readonly crawlDelaySeconds: number | null;
}

/** A parsed robots.txt: plain data (arrays and strings), so it survives structured clone. */
export interface RobotsTxt {
  readonly groups: readonly RobotsGroup[];
  /** Values of its Sitemap lines, in order, as written. */
  readonly sitemaps: readonly string[];
}

const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const COLON = 0x3a;
const PERCENT = 0x25;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

type Directive =
  'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay' | null;

/** Key prefixes, lower-cased, in the order Google tries them; the typos are those its parser accepts. */
const KEY_PREFIXES: readonly [string, Exclude<Directive, null>][] = [
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
  ['crawl-delay', 'crawl-delay'],
];

const encoder = new TextEncoder();
const utf8 = new TextDecoder();

/** The bytes Google reads of a robots.txt: its first ROBOTS_TXT_MAX_BYTES. */
function boundedBytes(body: string | Uint8Array): Uint8Array {
  if (typeof body !== 'string') return body.subarray(0, ROBOTS_TXT_MAX_BYTES);
  const bytes = new Uint8Array(Math.min(ROBOTS_TXT_MAX_BYTES, body.length * 3));
  return bytes.subarray(0, encoder.encodeInto(body, bytes).written);
}

/** Parses a robots.txt (its bytes, or its text, read as UTF-8). */
export function parseRobotsTxt(body: string | Uint8Array): RobotsTxt {
  const bytes = boundedBytes(body);
  const reader = new GroupReader();
  let start = 0;
  // Google skips a UTF-8 byte order mark at the start, or any beginning of one.
  while (start < UTF8_BOM.length && bytes[start] === UTF8_BOM[start]) start++;
  let line = 0;
  let lastEndedWithCr = false;
  for (let i = start; i <= bytes.length; i++) {
    const byte = i < bytes.length ? bytes[i] : -1;
    if (byte !== LF && byte !== CR && byte !== -1) continue;
    // The LF of a CRLF ends no line of its own.
    if (!(byte === LF && lastEndedWithCr && i === start)) {
      reader.read(++line, bytes, start, i);
    }
    lastEndedWithCr = byte === CR;
    start = i + 1;
  }
  return reader.result();
}

/** Builds the groups line by line, as Google's parser hands lines to its matcher. */
class GroupReader {
  private readonly groups: {
    userAgents: string[];
    rules: RobotsRule[];
    crawlDelaySeconds: number | null;
  }[] = [];
  private readonly sitemaps: string[] = [];
  /** Whether a rule came since the last User-agent line: the next one starts a group. */
  private ruleSinceAgent = true;

  read(line: number, bytes: Uint8Array, from: number, to: number): void {
    const end = lineEnd(bytes, from, to);
    const keyValue = splitKeyValue(bytes, from, end);
    if (keyValue === null) return;
    const [keyStart, keyEnd, valueStart, valueEnd] = keyValue;
    const directive = directiveOf(bytes, keyStart, keyEnd);
    const group = this.groups.at(-1);
    switch (directive) {
      case 'user-agent':
        if (this.ruleSinceAgent) {
          this.groups.push({
            userAgents: [],
            rules: [],
            crawlDelaySeconds: null,
          });
          this.ruleSinceAgent = false;
        }
        this.groups
          .at(-1)!
          .userAgents.push(agentOf(bytes, valueStart, valueEnd));
        return;
      case 'allow':
      case 'disallow':
        // Rules before any User-agent line belong to no group.
        if (group === undefined) return;
        group.rules.push({
          allow: directive === 'allow',
          pattern: escapePattern(bytes.subarray(valueStart, valueEnd)),
          line,
        });
        this.ruleSinceAgent = true;
        return;
      case 'sitemap':
        if (valueEnd > valueStart) {
          this.sitemaps.push(utf8.decode(bytes.subarray(valueStart, valueEnd)));
        }
        return;
      case 'crawl-delay': {
        const seconds = crawlDelayOf(bytes, valueStart, valueEnd);
        // Several Crawl-delay lines for the same agents: the longest is the polite reading.
        if (group !== undefined && seconds !== null) {
          group.crawlDelaySeconds = Math.max(
            group.crawlDelaySeconds ?? 0,
            seconds,
          );
        }
        return;
      }
      default:
        return;
    }
  }

  result(): RobotsTxt {
    return { groups: this.groups, sitemaps: this.sitemaps };
  }
}

/** Where a line's content ends: at the line cap, a NUL (Google's line is a C string) or a `#`. */
function lineEnd(bytes: Uint8Array, from: number, to: number): number {
  const capped = Math.min(to, from + ROBOTS_TXT_MAX_LINE_BYTES);
  for (let i = from; i < capped; i++) {
    if (bytes[i] === HASH || bytes[i] === 0) return i;
  }
  return capped;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09;
}

/**
 * [key start, key end, value start, value end] of a `key: value` line, or of
 * `key value` (Google takes the colon as forgotten when the line is exactly two
 * words); null when the line is empty or neither.
 */
function splitKeyValue(
  bytes: Uint8Array,
  from: number,
  to: number,
): [number, number, number, number] | null {
  let start = from;
  let end = to;
  while (start < end && isSpace(bytes[start])) start++;
  while (end > start && isSpace(bytes[end - 1])) end--;
  if (start === end) return null;
  let separator = bytes.subarray(start, end).indexOf(COLON);
  if (separator === -1) {
    separator = bytes.subarray(start, end).findIndex(isBlank);
    if (separator === -1) return null;
    let value = start + separator;
    while (isBlank(bytes[value])) value++;
    if (bytes.subarray(value, end).findIndex(isBlank) !== -1) return null;
  }
  separator += start;
  let keyEnd = separator;
  while (keyEnd > start && isSpace(bytes[keyEnd - 1])) keyEnd--;
  if (keyEnd === start) return null;
  let valueStart = separator + 1;
  while (valueStart < end && isSpace(bytes[valueStart])) valueStart++;
  return [start, keyEnd, valueStart, end];
}

function asciiLower(byte: number): number {
  return byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
}

function directiveOf(bytes: Uint8Array, from: number, to: number): Directive {
  for (const [prefix, directive] of KEY_PREFIXES) {
    if (to - from < prefix.length) continue;
    let i = 0;
    while (
      i < prefix.length &&
      asciiLower(bytes[from + i]) === prefix.charCodeAt(i)
    ) {
      i++;
    }
    if (i === prefix.length) return directive;
  }
  return null;
}

function isTokenByte(byte: number): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d ||
    byte === 0x5f
  );
}

/** `*` (alone, or followed by a space: Google reads `* foo` as global), else the product token, lower-cased. */
function agentOf(bytes: Uint8Array, from: number, to: number): string {
  if (bytes[from] === 0x2a && (to - from === 1 || isSpace(bytes[from + 1]))) {
    return '*';
  }
  let end = from;
  while (end < to && isTokenByte(bytes[end])) end++;
  return asciiString(bytes, from, end).toLowerCase();
}

/** The seconds of a Crawl-delay value (`10`, `0.5`), or null when it is not a number. */
function crawlDelayOf(
  bytes: Uint8Array,
  from: number,
  to: number,
): number | null {
  const text = asciiString(bytes, from, to);
  return /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(text) ? Number(text) : null;
}

const HEX = '0123456789ABCDEF';

function isHexDigit(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x46) ||
    (byte >= 0x61 && byte <= 0x66)
  );
}

function upperHex(byte: number): number {
  return byte >= 0x61 ? byte - 0x20 : byte;
}

/**
 * A pattern as Google compares it: percent escapes upper-cased (`%aa` → `%AA`) and bytes
 * outside US-ASCII percent-encoded (`/SanJoséSellers` → `/SanJos%C3%A9Sellers`).
 */
export function escapePattern(value: Uint8Array | string): string {
  const bytes = typeof value === 'string' ? encoder.encode(value) : value;
  const codes: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (
      byte === PERCENT &&
      isHexDigit(bytes[i + 1]) &&
      isHexDigit(bytes[i + 2])
    ) {
      codes.push(PERCENT, upperHex(bytes[i + 1]), upperHex(bytes[i + 2]));
      i += 2;
    } else if (byte >= 0x80) {
      codes.push(PERCENT, HEX.charCodeAt(byte >> 4), HEX.charCodeAt(byte & 15));
    } else {
      codes.push(byte);
    }
  }
  return asciiString(codes, 0, codes.length);
}

/** Bytes below 0x80 as a string, in chunks (spreading arguments has a limit). */
function asciiString(
  codes: Uint8Array | number[],
  from: number,
  to: number,
): string {
  let text = '';
  for (let at = from; at < to; at += 8192) {
    text += String.fromCharCode(...codes.slice(at, Math.min(to, at + 8192)));
  }
  return text;
}

/**
 * The text of a robots.txt's bytes, read as UTF-8 after Google's byte order mark rule
 * (any beginning of one is skipped), so that text parsed later reads as the bytes would.
 */
export function decodeRobotsTxt(bytes: Uint8Array): string {
  let start = 0;
  while (start < UTF8_BOM.length && bytes[start] === UTF8_BOM[start]) start++;
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(
    bytes.subarray(start),
  );
}

/** The text of line `line` (from 1) of a robots.txt, trimmed; lines end as the parser ends them. */
export function robotsTxtLine(body: string, line: number): string {
  return (body.split(/\r\n|\r|\n/, line)[line - 1] ?? '').trim();
}
