import { isTag } from 'domhandler';
import type { Element } from 'domhandler';
import { elementsOf, elementsWhere, textOf, walkWithin } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import type { CheckOutcome } from '../types.js';
import {
  clip,
  firstItems,
  notOnRedirectStubs,
  plural,
  startTag,
} from './check.js';
import type { Check } from './check.js';

/** Checks of what the page says: title, description, headings, keywords, image text. */

/** Length in characters as a reader counts them (code points, not UTF-16 units). */
function lengthOf(text: string): number {
  return [...text].length;
}

/** The one-and-only-one rule shared by title and meta description. */
function judgeSingleText(
  texts: string[],
  what: string,
  min: number,
  max: number,
): CheckOutcome {
  if (texts.length === 0) {
    return { passed: false, message: `The page has no ${what}.` };
  }
  if (texts.length > 1) {
    return {
      passed: false,
      message: `The page has ${texts.length} ${what}s; it should have one.`,
      value: firstItems(texts.map((t) => clip(t))),
    };
  }
  const text = texts[0];
  if (text === '') return { passed: false, message: `The ${what} is empty.` };
  const length = lengthOf(text);
  const passed = length >= min && length <= max;
  return {
    passed,
    message: passed
      ? `The ${what} is ${length} characters long.`
      : `The ${what} is ${length} characters long; it should be ${min}–${max}.`,
    value: clip(text),
  };
}

function titleTexts(page: ParsedPage): string[] {
  return page.titles.map(textOf);
}

export const title: Check = notOnRedirectStubs({
  id: 'title',
  gate: 'warn',
  category: 'seo',
  importance: 'high',
  title: 'Title tag',
  passesWhen: `The page has exactly one non-empty \`<title>\` of ${THRESHOLDS.titleMinChars} to ${THRESHOLDS.titleMaxChars} characters.`,
  notApplicableWhen: null,
  advice: `Give the page one \`<title>\` of ${THRESHOLDS.titleMinChars} to ${THRESHOLDS.titleMaxChars} characters naming what this page offers, in the words a searcher would type: it is the headline of the search result.`,
  run: (page) =>
    judgeSingleText(
      titleTexts(page),
      'title',
      THRESHOLDS.titleMinChars,
      THRESHOLDS.titleMaxChars,
    ),
});

export const metaDescription: Check = notOnRedirectStubs({
  id: 'meta_description',
  gate: 'warn',
  category: 'seo',
  importance: 'high',
  title: 'Meta description',
  passesWhen: `The page has exactly one non-empty meta description of ${THRESHOLDS.descriptionMinChars} to ${THRESHOLDS.descriptionMaxChars} characters.`,
  notApplicableWhen: null,
  advice: `Write one \`<meta name="description">\` of ${THRESHOLDS.descriptionMinChars} to ${THRESHOLDS.descriptionMaxChars} characters that tells someone deciding whether to click what they will find; search engines replace short ones with a snippet of their own.`,
  run: (page) =>
    judgeSingleText(
      elementsWhere(page, 'meta', 'name', 'description').map((meta) =>
        (meta.attribs.content ?? '').replace(/\s+/g, ' ').trim(),
      ),
      'meta description',
      THRESHOLDS.descriptionMinChars,
      THRESHOLDS.descriptionMaxChars,
    ),
});

/** A heading's text, or the alt text of its images (a logo as the h1). */
function headingText(heading: Element): string {
  const text = textOf(heading);
  if (text !== '') return text;
  const alts: string[] = [];
  walkWithin(heading, (node) => {
    if (isTag(node) && node.name === 'img' && node.attribs.alt) {
      alts.push(node.attribs.alt.trim());
    }
  });
  return alts.join(' ').trim();
}

export const h1: Check = notOnRedirectStubs({
  id: 'h1',
  gate: 'warn',
  category: 'seo',
  // Google reads headings to understand a page and may build a title link from one, but ranks pages whatever their headings: the title weighs more.
  importance: 'medium',
  title: 'H1 heading',
  passesWhen:
    'The page has at least one `<h1>`, and each has text or an image with alt text; several are fine, as Google says.',
  notApplicableWhen: null,
  advice:
    'Give the page an `<h1>` saying what it is about, with text (or an image with alt text) in each `<h1>` it has.',
  run: (page) => {
    const texts = elementsOf(page, 'h1').map(headingText);
    const value = firstItems(texts.map((t) => clip(t)));
    if (texts.length === 0) {
      return { passed: false, message: 'The page has no <h1> heading.' };
    }
    const empty = texts.filter((text) => text === '').length;
    if (empty > 0) {
      return {
        passed: false,
        message:
          texts.length === 1
            ? 'The <h1> heading is empty.'
            : `${empty} of the page's ${texts.length} <h1> headings are empty.`,
        value,
      };
    }
    return {
      passed: true,
      message:
        texts.length === 1
          ? 'The page has one <h1> heading.'
          : `The page has ${texts.length} <h1> headings, which search engines read as well as one.`,
      value,
    };
  },
});

export const headingOrder: Check = notOnRedirectStubs({
  id: 'heading_order',
  category: 'seo',
  importance: 'low',
  title: 'Heading order',
  passesWhen:
    'Heading levels never skip a level going down (no `<h2>` followed by an `<h4>`).',
  notApplicableWhen: null,
  advice:
    'Go down one heading level at a time (after an `<h2>` comes an `<h3>`), and size headings with CSS rather than by choosing a level.',
  run: (page) => {
    if (page.headings.length === 0) {
      return { passed: true, message: 'The page has no headings to order.' };
    }
    const skips: string[] = [];
    let previous = 0;
    for (const heading of page.headings) {
      const level = Number(heading.name[1]);
      if (previous > 0 && level > previous + 1) {
        skips.push(`h${previous} → h${level}`);
      }
      previous = level;
    }
    return skips.length === 0
      ? { passed: true, message: 'Heading levels never skip a level.' }
      : {
          passed: false,
          message: `Heading levels skip ${plural(skips.length, 'time')}.`,
          value: firstItems(skips),
        };
  },
});

/** Common English function words that say nothing about a page's topic. */
const STOP_WORDS = new Set(
  (
    'the and for are but not you your yours all any can had has have her his its our ours ' +
    'out was were who whom why how what when where which with from into onto over under ' +
    'this that these those then than them they their theirs there here about above after ' +
    'again also both each few more most other some such only own same very will would ' +
    'shall should could may might must does did doing done been being get got just one ' +
    'per via off upon until while because between through during before below down'
  ).split(' '),
);

/** Letters in a word, or in the longest part of an identifier (`pg_stat_activity`). */
function lettersOf(word: string): number {
  return Math.max(
    ...word.split('_').map((part) => part.replace(/\P{L}/gu, '').length),
  );
}

/**
 * The title's words that can say what the page is about, lower case and unique. An
 * identifier joined by `_` (`pg_am`) is one word, as the text writes it.
 */
export function significantWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .map((word) => word.replace(/^_+|_+$/g, ''))
    .filter(
      (word) =>
        lettersOf(word) >= THRESHOLDS.keywordMinLetters &&
        !STOP_WORDS.has(word),
    );
  return [...new Set(words)];
}

/**
 * What sets a site's name apart at the end of a title, surrounded by spaces:
 * "Pricing plans - Acme", "in - Rust", "Guide | Docs", "Home · Blog".
 */
const SITE_NAME_SEPARATOR = /\s(?:-|–|—|\||·|•|»|::|\/\/)\s/gu;

/**
 * The title without a trailing site-name segment, and that name (null when the title
 * has no separator): the name repeats on every page of the site and says nothing of
 * this one.
 */
export function pageTitleOf(title: string): {
  page: string;
  siteName: string | null;
} {
  let last: RegExpExecArray | null = null;
  for (const match of title.matchAll(SITE_NAME_SEPARATOR)) last = match;
  if (last === null) return { page: title, siteName: null };
  return {
    page: title.slice(0, last.index).trim(),
    siteName: title.slice(last.index + last[0].length).trim(),
  };
}

/** Characters that continue a word or an identifier. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Whether `word` occurs in `text` as a whole word; indexOf keeps it cheap on long texts. */
export function containsWord(text: string, word: string): boolean {
  for (
    let at = text.indexOf(word);
    at !== -1;
    at = text.indexOf(word, at + 1)
  ) {
    const before = at === 0 ? '' : text[at - 1];
    const after = text[at + word.length] ?? '';
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}

export const contentKeywords: Check = notOnRedirectStubs({
  id: 'content_keywords',
  category: 'seo',
  importance: 'medium',
  title: 'Title keywords in the content',
  passesWhen: `At least ${THRESHOLDS.keywordMinShare * 100}% of the title's significant words (${THRESHOLDS.keywordMinLetters} or more letters, not stop words; an identifier joined by \`_\` such as \`pg_stat_activity\` is one word; a trailing site name after \` - \`, \` | \` or a like separator left out) occur in the visible text.`,
  notApplicableWhen:
    'The title has no significant word: no title, only short words and stop words (`DO`, `pg_am`), or nothing but the site name (`in - Rust`).',
  advice:
    'Use in the text the words the title promises; when title and text speak of different things, rewrite whichever is off.',
  run: (page) => {
    const titles = titleTexts(page);
    const title = titles.length > 0 ? pageTitleOf(titles[0]) : null;
    const keywords = title ? significantWords(title.page) : [];
    if (keywords.length === 0) {
      return {
        passed: null,
        message: title?.siteName
          ? `The title has no significant word besides the site name ("${clip(title.siteName, 60)}") to look for in the text.`
          : 'The title has no significant word to look for in the text.',
      };
    }
    const text = page.visibleText.toLowerCase();
    // A plural or singular form counts: "plans" in the title, "plan" in the text.
    const found = (word: string) =>
      containsWord(text, word) ||
      containsWord(text, `${word}s`) ||
      (word.endsWith('s') && containsWord(text, word.slice(0, -1)));
    const missing = keywords.filter((word) => !found(word));
    const share = (keywords.length - missing.length) / keywords.length;
    const passed = share >= THRESHOLDS.keywordMinShare;
    return {
      passed,
      message: `${keywords.length - missing.length} of the title's ${plural(keywords.length, 'significant word')} appear in the text.`,
      value: { keywords: firstItems(keywords), missing: firstItems(missing) },
    };
  },
});

export const imageAlt: Check = notOnRedirectStubs({
  id: 'image_alt',
  category: 'seo',
  importance: 'medium',
  title: 'Image alt text',
  passesWhen: 'Every `<img>` has an `alt` attribute.',
  notApplicableWhen: 'The page has no images.',
  advice:
    'Give every image an `alt` attribute: a few words on what it shows, or `alt=""` when it is only decoration.',
  run: (page) => {
    const images = elementsOf(page, 'img');
    if (images.length === 0) {
      return { passed: null, message: 'The page has no images.' };
    }
    const missing = images.filter((img) => img.attribs.alt === undefined);
    return missing.length === 0
      ? {
          passed: true,
          message: `Every image (${images.length}) has an alt attribute.`,
        }
      : {
          passed: false,
          message: `${missing.length} of ${plural(images.length, 'image')} ${missing.length === 1 ? 'lacks' : 'lack'} an alt attribute.`,
          value: firstItems(missing).map(startTag),
        };
  },
});

export const SEO_CONTENT_CHECKS: readonly Check[] = [
  title,
  metaDescription,
  h1,
  headingOrder,
  contentKeywords,
  imageAlt,
];
