/**
 * Deterministic English-like prose for the near-duplicate tests and bench: function
 * words as often as in English, and content words drawn with a skew from a vocabulary of
 * some 10,000 made-up words, so two pages share common phrases ("of the") as real pages
 * do, but little else.
 */

/** mulberry32: a small seeded generator, the same sequence on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUNCTION_WORDS = (
  'the of and to a in is that for it as with was on be by this are or from at ' +
  'an which but not have has can will more their they we our its also than'
).split(' ');

const ONSETS =
  'b c d f g h j k l m n p r s t v w br cl dr fl gr pl pr sh st th tr'.split(
    ' ',
  );
const VOWELS = 'a e i o u ai ea ee ou io'.split(' ');
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'nd', 'st', 'ng'];

/** Content words: every onset-vowel-coda syllable pair, about 10,000 of them. */
const CONTENT_WORDS: string[] = (() => {
  const syllables: string[] = [];
  for (const onset of ONSETS) {
    for (const vowel of VOWELS) syllables.push(onset + vowel);
  }
  const words: string[] = [];
  for (const first of syllables) {
    for (const second of syllables.slice(0, 30)) {
      words.push(first + second + CODAS[words.length % CODAS.length]);
    }
  }
  return words;
})();

function word(random: () => number): string {
  if (random() < 0.4) {
    // Squaring skews toward the first, most common function words.
    return FUNCTION_WORDS[Math.floor(random() ** 2 * FUNCTION_WORDS.length)];
  }
  return CONTENT_WORDS[Math.floor(random() ** 1.5 * CONTENT_WORDS.length)];
}

export function sentence(random: () => number): string {
  const length = 8 + Math.floor(random() * 13);
  const words = Array.from({ length }, () => word(random));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
}

/** A paragraph of `sentences` sentences (2 to 5 when not given). */
export function paragraph(random: () => number, sentences?: number): string {
  const count = sentences ?? 2 + Math.floor(random() * 4);
  return Array.from({ length: count }, () => sentence(random)).join(' ');
}

/** An article's paragraphs: `count` of them, a few hundred words per 5. */
export function paragraphs(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () => paragraph(random));
}
