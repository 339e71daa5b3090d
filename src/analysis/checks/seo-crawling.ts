import robotsParserModule from 'robots-parser';
import type { Element } from 'domhandler';
import { elementsOf, resolveUrl, textOf, tokensOf } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import { DECISIONS, THRESHOLDS } from '../thresholds.js';
import type { CheckOutcome, SideFetch } from '../types.js';
import { clip, firstItems, plural, startTag } from './check.js';
import type { Check } from './check.js';

/**
 * Checks of how search engines reach and read the page: URL, status, robots rules,
 * canonical and alternate links, the links themselves, language and icon.
 *
 * A side fetch (robots.txt, 404 probe, favicon) that failed on the network tells us
 * nothing about the site's answer, so the checks that need it say null rather than fail.
 */

/** Null when the side fetch was not made or failed on the network; the outcome to return then. */
function unanswered(
  fetch: SideFetch | null,
  what: string,
): CheckOutcome | null {
  if (fetch === null) {
    return { passed: null, message: `The ${what} was not fetched.` };
  }
  if (fetch.status === null) {
    return {
      passed: null,
      message: `The ${what} could not be fetched (${fetch.error ?? 'network error'}).`,
    };
  }
  return null;
}

// robots-parser is CommonJS typed as an ES default export: under Node's ESM interop the
// default import is already the function.
const robotsParser =
  robotsParserModule as unknown as typeof robotsParserModule.default;

/** A valid BCP 47 language tag (language, script, region, variants). */
const LANGUAGE_TAG =
  /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?(-[a-z0-9]{5,8}|-\d[a-z0-9]{3})*$/i;

export function isLanguageTag(value: string): boolean {
  return LANGUAGE_TAG.test(value);
}

/** Extensions that are still pages rather than a technology in the URL. */
const PAGE_EXTENSIONS = new Set(['html', 'htm']);
/** A file extension ends the last segment; "release-2.5" is a version, not a ".5" file. */
const EXTENSION = /.\.([a-z][a-z0-9]{0,4})$/i;
/** Non-ASCII characters are sent as %XX escapes, whose hex digits are not letters of the path. */
const PERCENT_ESCAPE = /%[0-9a-f]{2}/gi;

export const seoFriendlyUrl: Check = {
  id: 'seo_friendly_url',
  category: 'seo',
  importance: 'low',
  title: 'SEO-friendly URL',
  run: (_page, snapshot) => {
    const url = URL.parse(snapshot.finalUrl);
    if (url === null) {
      return { passed: false, message: 'The final URL is not a valid URL.' };
    }
    const path = url.pathname;
    const problems: string[] = [];
    const letters = path.replace(PERCENT_ESCAPE, '');
    if (letters !== letters.toLowerCase()) problems.push('upper-case letters');
    if (path.includes('_')) problems.push('underscores');
    const extension = EXTENSION.exec(path.slice(path.lastIndexOf('/') + 1));
    if (extension && !PAGE_EXTENSIONS.has(extension[1].toLowerCase())) {
      problems.push(`a .${extension[1]} extension`);
    }
    if (path.length > THRESHOLDS.urlMaxPathChars) {
      problems.push(`a path of ${path.length} characters`);
    }
    const parameters = [...url.searchParams.keys()].length;
    if (parameters > THRESHOLDS.urlMaxQueryParams) {
      problems.push(`${parameters} query parameters`);
    }
    return problems.length === 0
      ? {
          passed: true,
          message: 'The URL is short, lower case and readable.',
          value: clip(url.href),
        }
      : {
          passed: false,
          message: `The URL has ${problems.join(', ')}.`,
          value: clip(url.href),
        };
  },
};

export const httpStatus: Check = {
  id: 'http_status',
  category: 'seo',
  importance: 'high',
  title: 'HTTP status',
  run: (_page, { statusCode }) => ({
    passed: statusCode >= 200 && statusCode <= 299,
    message: `The page answered with HTTP ${statusCode}.`,
    value: statusCode,
  }),
};

export const notFoundPage: Check = {
  id: 'not_found_page',
  category: 'seo',
  importance: 'low',
  title: '404 page',
  run: (_page, { notFoundProbe }) => {
    const skipped = unanswered(notFoundProbe, 'random-path probe');
    if (skipped) return skipped;
    const status = notFoundProbe!.status!;
    const passed = status === 404 || status === 410;
    return {
      passed,
      message: passed
        ? `A missing page answers HTTP ${status}.`
        : `A missing page answers HTTP ${status}, not 404 or 410 (a soft 404).`,
      value: { url: clip(notFoundProbe!.url), status },
    };
  },
};

export const robotsTxt: Check = {
  id: 'robots_txt',
  category: 'seo',
  importance: 'medium',
  title: 'robots.txt',
  run: (_page, snapshot) => {
    const fetch = snapshot.robotsTxt;
    const skipped = unanswered(fetch, 'robots.txt');
    if (skipped) return skipped;
    if (fetch!.status !== 200) {
      return {
        passed: false,
        message: `/robots.txt answered HTTP ${fetch!.status}.`,
        value: fetch!.status,
      };
    }
    // Parsed against the page's own origin, so the rules apply to the final URL.
    const robotsUrl = new URL('/robots.txt', snapshot.finalUrl).href;
    const robots = robotsParser(robotsUrl, fetch!.body ?? '');
    const allowed = robots.isAllowed(snapshot.finalUrl, '*') !== false;
    if (allowed) {
      return {
        passed: true,
        message: 'robots.txt lets every crawler fetch this page.',
      };
    }
    const line = robots.getMatchingLineNumber(snapshot.finalUrl, '*');
    return {
      passed: false,
      message: 'robots.txt forbids crawlers (user-agent *) to fetch this page.',
      value:
        line > 0 ? clip(fetch!.body!.split('\n')[line - 1].trim()) : undefined,
    };
  },
};

/** noindex, or none (noindex plus nofollow), as a directive in a robots list. */
const NOINDEX = /(^|[\s,:])(noindex|none)(?=$|[\s,;])/i;

export const indexable: Check = {
  id: 'indexable',
  category: 'seo',
  importance: 'high',
  title: 'Indexable',
  run: (page, snapshot) => {
    const header = snapshot.headers['x-robots-tag'];
    if (header !== undefined && NOINDEX.test(header)) {
      return {
        passed: false,
        message: 'The X-Robots-Tag header forbids indexing.',
        value: clip(`X-Robots-Tag: ${header}`),
      };
    }
    const meta = elementsOf(page, 'meta').find(
      (m) =>
        ['robots', 'googlebot'].includes(
          m.attribs.name?.trim().toLowerCase() ?? '',
        ) && NOINDEX.test(m.attribs.content ?? ''),
    );
    if (meta) {
      return {
        passed: false,
        message: 'A robots meta tag forbids indexing.',
        value: startTag(meta),
      };
    }
    return { passed: true, message: 'Nothing forbids indexing this page.' };
  },
};

function linksWithRel(page: ParsedPage, rel: string): Element[] {
  return elementsOf(page, 'link').filter((link) =>
    tokensOf(link, 'rel').includes(rel),
  );
}

/** An absolute http(s) URL, or null. */
function absoluteHttpUrl(value: string | undefined): URL | null {
  const url = URL.parse((value ?? '').trim());
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? url
    : null;
}

export const canonical: Check = {
  id: 'canonical',
  category: 'seo',
  importance: 'medium',
  title: 'Canonical link',
  run: (page) => {
    const links = linksWithRel(page, 'canonical');
    if (links.length === 0) {
      return { passed: false, message: 'The page has no canonical link.' };
    }
    const hrefs = links.map((link) => clip(link.attribs.href ?? ''));
    if (links.length > 1) {
      return {
        passed: false,
        message: `The page has ${links.length} canonical links; it should have one.`,
        value: firstItems(hrefs),
      };
    }
    return absoluteHttpUrl(links[0].attribs.href)
      ? {
          passed: true,
          message: 'The canonical link is an absolute URL.',
          value: hrefs[0],
        }
      : {
          passed: false,
          message: 'The canonical link is not an absolute http(s) URL.',
          value: hrefs[0],
        };
  },
};

export const hreflang: Check = {
  id: 'hreflang',
  category: 'seo',
  importance: 'low',
  title: 'hreflang links',
  run: (page) => {
    const links = elementsOf(page, 'link').filter(
      (link) => link.attribs.hreflang !== undefined,
    );
    if (links.length === 0) {
      return { passed: null, message: 'The page declares no hreflang links.' };
    }
    const invalid = links.filter((link) => {
      const lang = link.attribs.hreflang.trim();
      const validLang =
        lang.toLowerCase() === 'x-default' || isLanguageTag(lang);
      return !validLang || !absoluteHttpUrl(link.attribs.href);
    });
    return invalid.length === 0
      ? {
          passed: true,
          message: `Every hreflang link (${links.length}) has a valid language and an absolute URL.`,
        }
      : {
          passed: false,
          message: `${invalid.length} of ${plural(links.length, 'hreflang link')} have an invalid language or a relative URL.`,
          value: firstItems(invalid).map(startTag),
        };
  },
};

/** Link texts that tell neither reader nor search engine where the link goes. */
const GENERIC_LINK_TEXTS = new Set([
  'click here',
  'click this',
  'click',
  'here',
  'right here',
  'go',
  'start',
  'this',
  'this link',
  'this page',
  'link',
  'more',
  'read more',
  'learn more',
  'see more',
  'more info',
  'more information',
  'info',
  'information',
  'details',
  'continue',
]);

function anchors(page: ParsedPage): readonly Element[] {
  return elementsOf(page, 'a').filter((a) => a.attribs.href !== undefined);
}

export const linkText: Check = {
  id: 'link_text',
  category: 'seo',
  importance: 'low',
  title: 'Descriptive link text',
  run: (page) => {
    const links = anchors(page);
    if (links.length === 0) {
      return { passed: null, message: 'The page has no links.' };
    }
    const generic: string[] = [];
    for (const link of links) {
      const text = textOf(link)
        .toLowerCase()
        .replace(/[\s.…:!»›→>]+$/u, '');
      if (GENERIC_LINK_TEXTS.has(text)) {
        generic.push(clip(`${text} → ${link.attribs.href}`, 120));
      }
    }
    return generic.length === 0
      ? { passed: true, message: 'No link has a generic text.' }
      : {
          passed: false,
          message: `${plural(generic.length, 'link has', 'links have')} a generic text such as "click here".`,
          value: firstItems(generic),
        };
  },
};

export const crawlableLinks: Check = {
  id: 'crawlable_links',
  category: 'seo',
  importance: 'low',
  title: 'Crawlable links',
  run: (page) => {
    const links = anchors(page);
    if (links.length === 0) {
      return { passed: null, message: 'The page has no links.' };
    }
    const broken: string[] = [];
    for (const link of links) {
      const href = link.attribs.href.trim();
      const url = href === '' ? null : resolveUrl(page, href);
      if (url && DECISIONS.crawlableLinksIgnoredSchemes.includes(url.protocol))
        continue;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        broken.push(startTag(link));
      }
    }
    return broken.length === 0
      ? { passed: true, message: 'Every link leads to an http(s) URL.' }
      : {
          passed: false,
          message: `${plural(broken.length, 'link does', 'links do')} not lead to an http(s) URL.`,
          value: firstItems(broken),
        };
  },
};

export const inPageLinks: Check = {
  id: 'in_page_links',
  category: 'seo',
  importance: 'low',
  title: 'Number of links',
  run: (page) => {
    const count = anchors(page).length;
    const passed = count < THRESHOLDS.linksLimit;
    return {
      passed,
      message: passed
        ? `The page has ${plural(count, 'link')}.`
        : `The page has ${plural(count, 'link')}; it should have fewer than ${THRESHOLDS.linksLimit}.`,
      value: count,
    };
  },
};

export const language: Check = {
  id: 'language',
  category: 'seo',
  importance: 'medium',
  title: 'Page language',
  run: (page) => {
    const lang = elementsOf(page, 'html')[0]?.attribs.lang?.trim();
    if (!lang) {
      return {
        passed: false,
        message: 'The <html> element has no lang attribute.',
      };
    }
    const passed = isLanguageTag(lang);
    return {
      passed,
      message: passed
        ? `The page declares its language as "${lang}".`
        : `"${clip(lang, 40)}" is not a valid language tag.`,
      value: clip(lang),
    };
  },
};

export const favicon: Check = {
  id: 'favicon',
  category: 'seo',
  importance: 'low',
  title: 'Favicon',
  run: (page, snapshot) => {
    const declared = linksWithRel(page, 'icon').find((link) =>
      link.attribs.href?.trim(),
    );
    if (declared) {
      return {
        passed: true,
        message: 'The page declares an icon.',
        value: clip(declared.attribs.href),
      };
    }
    const skipped = unanswered(snapshot.favicon, '/favicon.ico');
    if (skipped) return skipped;
    const status = snapshot.favicon!.status!;
    return status === 200
      ? { passed: true, message: '/favicon.ico answers HTTP 200.' }
      : {
          passed: false,
          message: `The page declares no icon and /favicon.ico answers HTTP ${status}.`,
          value: status,
        };
  },
};

export const SEO_CRAWLING_CHECKS: readonly Check[] = [
  seoFriendlyUrl,
  httpStatus,
  notFoundPage,
  robotsTxt,
  indexable,
  canonical,
  hreflang,
  linkText,
  crawlableLinks,
  inPageLinks,
  language,
  favicon,
];
