import { isTag, isText } from 'domhandler';
import type { AnyNode } from 'domhandler';
import { BLOCK_TAGS, INVISIBLE_TAGS, isHidden } from '../parse.js';
import type { ParsedPage } from '../parse.js';

/** Shorter texts (a form, a thin listing) are alike by nature, not copies: duplicate checks and signatures leave them out. */
export const DUPLICATE_CONTENT_MIN_WORDS = 50;

/**
 * A page's main text as a MinHash signature: the set of its 3-word shingles reduced to
 * 128 minima, one per hash function, so that two pages' Jaccard similarity is estimated
 * from 512 bytes each (the share of equal minima), without their texts. The estimate's
 * standard error is sqrt(J(1-J)/128): 0.027 at J = 0.9, 0.044 at most.
 */

/** Words per shingle: 3 keeps a one-word change (a date) to 3 shingles, so a short page stays similar. */
export const SHINGLE_WORDS = 3;
/** Hash functions, so minima, of a signature. */
export const MINHASH_PERMUTATIONS = 128;
/** The stored form's prefix: a signature of other parameters is never compared with these. */
const SIGNATURE_VERSION = 'm1.';

/** Boilerplate a site repeats around its pages: a shared menu or sidebar must not make pages alike. */
const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'menu']);
/** Header and footer are a page's banner and footer, unless inside one of these (an article's byline). */
const SECTIONING_TAGS = new Set(['article', 'main', 'section']);
const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'menu',
  'menubar',
]);

const IN_SECTION = 1;
const IN_MAIN = 2;

/**
 * The page's visible text without its boilerplate: no nav, aside, menu, nor header or
 * footer outside an article, main or section, nor elements of a landmark role of those
 * (navigation, banner, contentinfo, complementary, search). When the page marks a
 * `<main>` (or role=main) with text, only that.
 */
export function mainTextOf(page: ParsedPage): string {
  const all: string[] = [];
  const main: string[] = [];
  const nodes: Array<AnyNode | null> = [];
  const flags: number[] = [];
  for (let i = page.document.children.length - 1; i >= 0; i--) {
    nodes.push(page.document.children[i]);
    flags.push(0);
  }
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    let state = flags.pop()!;
    if (node === null) {
      all.push(' ');
      if (state & IN_MAIN) main.push(' ');
      continue;
    }
    if (isText(node)) {
      all.push(node.data);
      if (state & IN_MAIN) main.push(node.data);
      continue;
    }
    if (!isTag(node)) continue;
    const name = node.name;
    if (INVISIBLE_TAGS.has(name) || isHidden(node)) continue;
    if (BOILERPLATE_TAGS.has(name)) continue;
    if ((name === 'header' || name === 'footer') && !(state & IN_SECTION)) {
      continue;
    }
    const role = node.attribs.role?.trim().toLowerCase();
    if (role !== undefined && BOILERPLATE_ROLES.has(role)) continue;
    if (SECTIONING_TAGS.has(name)) state |= IN_SECTION;
    if (name === 'main' || role === 'main') state |= IN_MAIN;
    if (BLOCK_TAGS.has(name)) {
      all.push(' ');
      nodes.push(null);
      flags.push(state);
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.push(node.children[i]);
      flags.push(state);
    }
  }
  const mainText = collapse(main.join(''));
  return mainText !== '' ? mainText : collapse(all.join(''));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** murmur3's finaliser: a bijection of 32-bit integers that mixes every bit into every other. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * Hash function i of a (well mixed) shingle hash x: a_i·x + b_i modulo 2^32, a_i odd, a
 * permutation of 32-bit values; one multiply a shingle and function, where a full mix
 * cost five. Values are compared as signed 32-bit integers (V8's small integers): any
 * fixed order of the values makes a MinHash.
 */
const MULTIPLIERS = Int32Array.from(
  { length: MINHASH_PERMUTATIONS },
  (_, i) => mix(Math.imul(2 * i + 1, 0x9e3779b9)) | 1,
);
const OFFSETS = Int32Array.from({ length: MINHASH_PERMUTATIONS }, (_, i) =>
  mix(Math.imul(2 * i + 2, 0x9e3779b9)),
);

/** FNV-1a of a word's UTF-16 code units. */
function wordHash(word: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < word.length; i++) {
    h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  }
  return h;
}

/** Words: runs of letters and digits, case-folded ("28 Nov. 2026" is 3 words). */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The MinHash signature of a text's 3-word shingles, as stored (`m1.` and the base64 of
 * 128 little-endian signed 32-bit minima); null for a text of fewer than
 * DUPLICATE_CONTENT_MIN_WORDS words, too short to tell a copy from a likeness.
 */
export function textMinhash(text: string): string | null {
  const words = text.toLowerCase().match(WORD) ?? [];
  if (words.length < DUPLICATE_CONTENT_MIN_WORDS) return null;
  const hashes = words.map(wordHash);
  const minima = new Int32Array(MINHASH_PERMUTATIONS).fill(0x7fffffff);
  const seen = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= hashes.length; i++) {
    let shingle = 0;
    for (let j = 0; j < SHINGLE_WORDS; j++) {
      shingle = mix((Math.imul(shingle ^ hashes[i + j], 0x9e3779b1) + j) | 0);
    }
    // A repeated shingle cannot lower a minimum: skip its 128 hashes.
    if (seen.has(shingle)) continue;
    seen.add(shingle);
    for (let p = 0; p < MINHASH_PERMUTATIONS; p++) {
      const value = (Math.imul(shingle, MULTIPLIERS[p]) + OFFSETS[p]) | 0;
      if (value < minima[p]) minima[p] = value;
    }
  }
  const bytes = Buffer.alloc(MINHASH_PERMUTATIONS * 4);
  for (let p = 0; p < MINHASH_PERMUTATIONS; p++) {
    bytes.writeInt32LE(minima[p], p * 4);
  }
  return SIGNATURE_VERSION + bytes.toString('base64');
}

/** The minima of a stored signature; null when it is not one of this version. */
export function minhashMinima(signature: string): Int32Array | null {
  if (!signature.startsWith(SIGNATURE_VERSION)) return null;
  const bytes = Buffer.from(
    signature.slice(SIGNATURE_VERSION.length),
    'base64',
  );
  if (bytes.length !== MINHASH_PERMUTATIONS * 4) return null;
  const minima = new Int32Array(MINHASH_PERMUTATIONS);
  for (let p = 0; p < MINHASH_PERMUTATIONS; p++) {
    minima[p] = bytes.readInt32LE(p * 4);
  }
  return minima;
}

/** The estimated Jaccard similarity of two pages' shingle sets: the share of equal minima. */
export function estimatedSimilarity(a: Int32Array, b: Int32Array): number {
  let equal = 0;
  for (let p = 0; p < MINHASH_PERMUTATIONS; p++) if (a[p] === b[p]) equal++;
  return equal / MINHASH_PERMUTATIONS;
}
