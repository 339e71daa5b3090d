import { looksLikeXml } from '../fetch/sitemap.js';
import { elementsOf, elementsWhere } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import {
  clip,
  firstItems,
  notOnRedirectStubs,
  plural,
  startTag,
} from './check.js';
import type { Check } from './check.js';

/** Checks of web conventions: viewport, charset, sitemap, sharing, content. */

export const viewport: Check = notOnRedirectStubs({
  id: 'viewport',
  category: 'miscellaneous',
  importance: 'high',
  title: 'Mobile viewport',
  passesWhen: 'A `<meta name="viewport">` with `width=device-width`.',
  notApplicableWhen: null,
  advice:
    'Add `<meta name="viewport" content="width=device-width, initial-scale=1">` so phones lay the page out at their own width.',
  run: (page) => {
    const [meta] = elementsWhere(page, 'meta', 'name', 'viewport');
    if (!meta) {
      return { passed: false, message: 'The page has no viewport meta tag.' };
    }
    const content = meta.attribs.content ?? '';
    return /(^|[\s,;])width\s*=\s*device-width/i.test(content)
      ? {
          passed: true,
          message: 'The viewport follows the device width.',
          value: clip(content),
        }
      : {
          passed: false,
          message: 'The viewport meta tag lacks width=device-width.',
          value: clip(content),
        };
  },
});

function isUtf8(charset: string): boolean {
  const name = charset.trim().toLowerCase();
  return name === 'utf-8' || name === 'utf8';
}

export const charset: Check = notOnRedirectStubs({
  id: 'charset',
  category: 'miscellaneous',
  importance: 'medium',
  title: 'Character encoding',
  passesWhen:
    'A charset is declared (Content-Type header, BOM or `<meta charset>`) and it is UTF-8.',
  notApplicableWhen: null,
  advice:
    'Encode the page in UTF-8 and say so, in the Content-Type header or with `<meta charset="utf-8">` at the top of `<head>`.',
  run: (_page, { declaredCharset }) => {
    const declared = (['header', 'bom', 'meta'] as const)
      .filter((source) => declaredCharset[source] !== null)
      .map((source) => `${source}: ${declaredCharset[source]}`);
    if (declared.length === 0) {
      return {
        passed: false,
        message: 'The page declares no character encoding.',
      };
    }
    // Every declaration must say UTF-8: a conflicting one is a latent decoding bug.
    const passed = (['header', 'bom', 'meta'] as const).every(
      (source) =>
        declaredCharset[source] === null || isUtf8(declaredCharset[source]),
    );
    return {
      passed,
      message: passed
        ? 'The page declares UTF-8.'
        : 'The page declares an encoding other than UTF-8.',
      value: declared.map((d) => clip(d, 60)),
    };
  },
});

export const sitemap: Check = {
  id: 'sitemap',
  host: true,
  category: 'miscellaneous',
  importance: 'low',
  title: 'XML sitemap',
  passesWhen:
    'A sitemap named in robots.txt, or `/sitemap.xml`, answers 200 with XML.',
  notApplicableWhen: 'The sitemap could not be fetched.',
  advice:
    'Publish an XML sitemap of the pages you want found, at `/sitemap.xml` or named by a `Sitemap:` line in robots.txt.',
  run: (_page, { sitemap }) => {
    if (sitemap === null) {
      return { passed: null, message: 'The sitemap was not fetched.' };
    }
    if (sitemap.status === null) {
      return {
        passed: null,
        message: `The sitemap could not be fetched (${sitemap.error ?? 'network error'}).`,
      };
    }
    const value = { url: clip(sitemap.url), status: sitemap.status };
    if (sitemap.status !== 200) {
      return {
        passed: false,
        message: `The sitemap answered HTTP ${sitemap.status}.`,
        value,
      };
    }
    return looksLikeXml(sitemap)
      ? { passed: true, message: 'The XML sitemap answers HTTP 200.', value }
      : {
          passed: false,
          message: 'The sitemap answers HTTP 200 but is not XML.',
          value,
        };
  },
};

export const socialTags: Check = notOnRedirectStubs({
  id: 'social_tags',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Social sharing tags',
  passesWhen: 'Open Graph `og:title` and `og:image`, or a Twitter card.',
  notApplicableWhen: null,
  advice:
    'Add `og:title`, `og:image` and `og:description` meta tags so links to the page shared on social networks show a proper card.',
  run: (page) => {
    const found = new Set<string>();
    for (const meta of elementsOf(page, 'meta')) {
      const key = (meta.attribs.property ?? meta.attribs.name ?? '')
        .trim()
        .toLowerCase();
      if (
        (key === 'og:title' || key === 'og:image' || key === 'twitter:card') &&
        meta.attribs.content?.trim()
      ) {
        found.add(key);
      }
    }
    const openGraph = found.has('og:title') && found.has('og:image');
    const passed = openGraph || found.has('twitter:card');
    return {
      passed,
      message: passed
        ? 'The page has tags for sharing on social networks.'
        : 'The page lacks og:title with og:image, and a Twitter card.',
      value: [...found],
    };
  },
});

export const contentLength: Check = notOnRedirectStubs({
  id: 'content_length',
  category: 'miscellaneous',
  importance: 'medium',
  title: 'Content length',
  passesWhen: `At least ${THRESHOLDS.contentMinWords} words of visible text.`,
  notApplicableWhen: null,
  advice:
    'Give readers enough text to answer what brought them: explain, give examples, and say in words what images show.',
  run: (page) => {
    const passed = page.wordCount >= THRESHOLDS.contentMinWords;
    return {
      passed,
      message: passed
        ? `The page has ${plural(page.wordCount, 'word')} of visible text.`
        : `The page has ${plural(page.wordCount, 'word')} of visible text; it should have at least ${THRESHOLDS.contentMinWords}.`,
      value: page.wordCount,
    };
  },
});

export const textToHtmlRatio: Check = notOnRedirectStubs({
  id: 'text_to_html_ratio',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Text to HTML ratio',
  passesWhen: `Visible text is at least ${THRESHOLDS.textToHtmlMinRatio * 100}% of the HTML's bytes.`,
  notApplicableWhen: null,
  advice:
    'Lighten the markup around the text: move inline scripts, styles and SVG into files and drop wrappers that style nothing.',
  // UTF-8 bytes of visible text over the HTML's bytes (html_bytes): docs/checks.md counts bytes.
  run: (page, { htmlBytes }) => {
    const ratio =
      htmlBytes === 0 ? 0 : Buffer.byteLength(page.visibleText) / htmlBytes;
    const percent = Math.round(ratio * 1000) / 10;
    const passed = ratio >= THRESHOLDS.textToHtmlMinRatio;
    return {
      passed,
      message: passed
        ? `Visible text is ${percent}% of the HTML.`
        : `Visible text is ${percent}% of the HTML; it should be at least ${THRESHOLDS.textToHtmlMinRatio * 100}%.`,
      value: percent,
    };
  },
});

export const inlineCss: Check = {
  id: 'inline_css',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Inline styles',
  passesWhen: 'No element has a `style` attribute.',
  notApplicableWhen: null,
  advice:
    'Move `style` attributes into a stylesheet with classes: inline styles repeat on every page and are hard to change.',
  run: (page) => {
    const styled = page.styledElements;
    return styled.length === 0
      ? { passed: true, message: 'No element has a style attribute.' }
      : {
          passed: false,
          message: `${plural(styled.length, 'element has', 'elements have')} a style attribute.`,
          value: firstItems(styled).map(startTag),
        };
  },
};

const DEPRECATED_TAGS = [
  'font',
  'center',
  'marquee',
  'frame',
  'frameset',
  'big',
  'strike',
  'tt',
  'blink',
];

export const deprecatedHtml: Check = {
  id: 'deprecated_html',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Deprecated HTML',
  passesWhen:
    'No deprecated element (`font`, `center`, `marquee`, `frame`, `frameset`, `big`, `strike`, `tt`, `blink`).',
  notApplicableWhen: null,
  advice:
    'Replace deprecated elements with CSS and current HTML: styles for `<font>` and `<center>`, `<s>` or `<del>` for `<strike>`.',
  run: (page) => {
    const used = DEPRECATED_TAGS.map((tag) => ({
      tag,
      count: elementsOf(page, tag).length,
    })).filter(({ count }) => count > 0);
    return used.length === 0
      ? { passed: true, message: 'The page uses no deprecated element.' }
      : {
          passed: false,
          message: `The page uses deprecated elements: ${used.map(({ tag }) => `<${tag}>`).join(', ')}.`,
          value: Object.fromEntries(used.map(({ tag, count }) => [tag, count])),
        };
  },
};

export const MISCELLANEOUS_CHECKS: readonly Check[] = [
  viewport,
  charset,
  sitemap,
  socialTags,
  contentLength,
  textToHtmlRatio,
  inlineCss,
  deprecatedHtml,
];
