import { looksLikeXml } from '../fetch/sitemap.js';
import { elementsOf, textOf } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import { clip, firstItems, plural, startTag } from './check.js';
import type { Check } from './check.js';

/** Checks of web conventions: viewport, charset, structured data, sitemap, sharing, content. */

export const viewport: Check = {
  id: 'viewport',
  category: 'miscellaneous',
  importance: 'high',
  title: 'Mobile viewport',
  run: (page) => {
    const meta = elementsOf(page, 'meta').find(
      (m) => m.attribs.name?.trim().toLowerCase() === 'viewport',
    );
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
};

function isUtf8(charset: string): boolean {
  const name = charset.trim().toLowerCase();
  return name === 'utf-8' || name === 'utf8';
}

export const charset: Check = {
  id: 'charset',
  category: 'miscellaneous',
  importance: 'medium',
  title: 'Character encoding',
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
};

export const structuredData: Check = {
  id: 'structured_data',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Structured data',
  run: (page) => {
    const blocks = elementsOf(page, 'script').filter(
      (s) => s.attribs.type?.trim().toLowerCase() === 'application/ld+json',
    );
    let valid = 0;
    for (const block of blocks) {
      try {
        const data: unknown = JSON.parse(textOf(block));
        if (data !== null && typeof data === 'object') valid++;
      } catch {
        // An invalid block is simply not counted.
      }
    }
    if (valid > 0) {
      return {
        passed: true,
        message: `The page has ${plural(valid, 'valid JSON-LD block')}.`,
      };
    }
    if (page.itemscopes.length > 0) {
      return {
        passed: true,
        message: `The page has ${plural(page.itemscopes.length, 'microdata item')}.`,
      };
    }
    return {
      passed: false,
      message:
        blocks.length > 0
          ? 'The page has JSON-LD, but none of it parses.'
          : 'The page has no JSON-LD or microdata.',
    };
  },
};

export const sitemap: Check = {
  id: 'sitemap',
  category: 'miscellaneous',
  importance: 'low',
  title: 'XML sitemap',
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

export const socialTags: Check = {
  id: 'social_tags',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Social sharing tags',
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
};

export const contentLength: Check = {
  id: 'content_length',
  category: 'miscellaneous',
  importance: 'medium',
  title: 'Content length',
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
};

export const textToHtmlRatio: Check = {
  id: 'text_to_html_ratio',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Text to HTML ratio',
  // UTF-8 bytes of visible text over the HTML's bytes (html_bytes): ANALYSIS.md counts bytes.
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
};

export const inlineCss: Check = {
  id: 'inline_css',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Inline styles',
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
  structuredData,
  sitemap,
  socialTags,
  contentLength,
  textToHtmlRatio,
  inlineCss,
  deprecatedHtml,
];
