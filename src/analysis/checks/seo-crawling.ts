import type { Element } from 'domhandler';
import {
  absoluteHttpUrl,
  agreedCanonical,
  canonicalDeclarations,
  relativeCanonicalOf,
} from '../declared-urls.js';
import {
  anchors,
  hasCodeText,
  isBrokenAnswer,
  isThePage,
  linkTarget,
  scriptedAnchors,
} from '../links.js';
import { elementsOf, textOf, tokensOf } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import {
  answeredAt,
  forbidsIndexing,
  robotsMetas,
  robotsTxtBlockingLine,
  robotsTxtProblems,
} from '../robots.js';
import { CAPPED_SCORE_MAX } from '../score.js';
import { THRESHOLDS } from '../thresholds.js';
import type { CheckOutcome, SideFetch, Snapshot } from '../types.js';
import {
  clip,
  firstItems,
  notOnRedirectStubs,
  plural,
  startTag,
  withinLimit,
} from './check.js';
import type { Check } from './check.js';
import { genericLinkTextsFor } from './generic-link-texts.js';

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
  passesWhen: `The URL's path is lower case, has no underscores, no file extension but .html or .htm, at most ${THRESHOLDS.urlMaxPathChars} characters, and at most ${THRESHOLDS.urlMaxQueryParams} query parameters.`,
  notApplicableWhen: null,
  advice:
    'Prefer short lower-case paths with words joined by hyphens, without technology extensions or a trail of parameters, and redirect the old URLs when you change them.',
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
  passesWhen: 'The page (after its redirects) answers with a 2xx status.',
  notApplicableWhen: null,
  advice: `Make the URL answer 200: restore the page, or redirect a moved page to its new address. While this check fails the overall score is capped at ${CAPPED_SCORE_MAX}.`,
  run: (_page, { statusCode }) => ({
    passed: statusCode >= 200 && statusCode <= 299,
    message: `The page answered with HTTP ${statusCode}.`,
    value: statusCode,
  }),
};

export const notFoundPage: Check = {
  id: 'not_found_page',
  host: true,
  category: 'seo',
  importance: 'low',
  title: '404 page',
  passesWhen: 'A made-up path on the site answers 404 or 410.',
  notApplicableWhen: 'The made-up path could not be fetched.',
  advice:
    'Answer missing pages with a real 404 (or 410) status, friendly page or not: a 200, or a redirect to the home page, lets search engines index any misspelt URL.',
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
  host: true,
  category: 'seo',
  // Without a robots.txt Google crawls everything, and a page it blocks fails `indexable`, which is high.
  importance: 'low',
  title: 'robots.txt',
  passesWhen:
    '`/robots.txt` answers 200, every line is a directive crawlers know, in its place (no rule before a `User-agent`, `Sitemap:` URLs absolute), and it lets user-agent `*` fetch the page.',
  notApplicableWhen: '`/robots.txt` could not be fetched.',
  advice:
    'Serve a plain-text `/robots.txt` whose groups start with `User-agent`, whose directives are spelt right and whose sitemaps are absolute URLs, and check it does not disallow pages you want found.',
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
    const problems = robotsTxtProblems(fetch!.body ?? '');
    const blocking = robotsTxtBlockingLine(fetch, snapshot.finalUrl);
    if (problems.length > 0) {
      const block = blocking
        ? ' It also forbids crawlers (user-agent *) to fetch this page.'
        : '';
      return {
        passed: false,
        message: `robots.txt has ${plural(problems.length, 'line', 'lines')} crawlers skip or misread.${block}`,
        value: firstItems(problems).map((problem) => clip(problem)),
      };
    }
    if (blocking === null) {
      return {
        passed: true,
        message: 'robots.txt is valid and lets every crawler fetch this page.',
      };
    }
    return {
      passed: false,
      message: 'robots.txt forbids crawlers (user-agent *) to fetch this page.',
      value: clip(blocking),
    };
  },
};

export const indexable: Check = {
  id: 'indexable',
  category: 'seo',
  importance: 'high',
  title: 'Indexable',
  passesWhen:
    'No `noindex` or `none` (nor an `unavailable_after` date past at the answer) in a robots meta tag or the `X-Robots-Tag` header, and robots.txt lets user-agent `*` fetch the page.',
  notApplicableWhen: null,
  advice: `Remove the \`noindex\` (robots meta tag or \`X-Robots-Tag\` header) or the robots.txt rule that keeps the page out of search results, unless that is what you want. While this check fails the overall score is capped at ${CAPPED_SCORE_MAX}.`,
  run: (page, snapshot) => {
    const now = answeredAt(snapshot.headers);
    const header = snapshot.headers['x-robots-tag'];
    if (header !== undefined && forbidsIndexing(header, now)) {
      return {
        passed: false,
        message: 'The X-Robots-Tag header forbids indexing.',
        value: clip(`X-Robots-Tag: ${header}`),
      };
    }
    const meta = robotsMetas(page).find((m) =>
      forbidsIndexing(m.attribs.content ?? '', now),
    );
    if (meta) {
      return {
        passed: false,
        message: 'A robots meta tag forbids indexing.',
        value: startTag(meta),
      };
    }
    // A search engine that may not fetch the page cannot index what it says.
    const blocking = robotsTxtBlockingLine(
      snapshot.robotsTxt,
      snapshot.finalUrl,
    );
    if (blocking !== null) {
      return {
        passed: false,
        message:
          'robots.txt forbids crawlers (user-agent *) to fetch this page.',
        value: clip(`robots.txt: ${blocking}`),
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

/** A site's root: `/`, or an index file there (`/index.html`). */
const ROOT_PATH = /^\/(?:(?:index|default)\.[a-z]+)?$/i;

/** A canonical target that is another page: it must answer 200 without redirecting and may be indexed. */
export function judgeOtherCanonical(
  target: URL,
  snapshot: Snapshot,
): CheckOutcome {
  const value = clip(target.href);
  const pageUrl = URL.parse(snapshot.finalUrl);
  if (
    pageUrl !== null &&
    !ROOT_PATH.test(pageUrl.pathname) &&
    ROOT_PATH.test(target.pathname) &&
    target.search === ''
  ) {
    return {
      passed: false,
      message:
        'The canonical URL of this inner page is a site root: search engines would drop the page for it.',
      value,
    };
  }
  const probe = snapshot.canonicalProbe;
  if (
    probe === null ||
    (probe.status === null && !isBrokenAnswer(null, probe.error))
  ) {
    const why = probe?.error ? ` (${probe.error})` : '';
    return {
      passed: true,
      message: `The canonical URL names another page, which could not be asked${why}.`,
      value,
    };
  }
  if (probe.status === null) {
    return {
      passed: false,
      message: `The canonical URL cannot be reached (${probe.error}).`,
      value,
    };
  }
  if (probe.status >= 300 && probe.status < 400 && probe.location) {
    return {
      passed: false,
      message: `The canonical URL redirects (HTTP ${probe.status}) to ${clip(probe.location, 120)}.`,
      value,
    };
  }
  if (probe.status !== 200) {
    return {
      passed: false,
      message: `The canonical URL answers HTTP ${probe.status}.`,
      value,
    };
  }
  const now = answeredAt(snapshot.headers);
  if (probe.robots.some((directives) => forbidsIndexing(directives, now))) {
    return {
      passed: false,
      message: 'The canonical URL forbids indexing.',
      value,
    };
  }
  if (robotsTxtBlockingLine(snapshot.robotsTxt, target.href) !== null) {
    return {
      passed: false,
      message: 'robots.txt forbids crawlers to fetch the canonical URL.',
      value,
    };
  }
  return {
    passed: true,
    message:
      'The canonical URL names another page, which answers 200 and may be indexed.',
    value,
  };
}

/**
 * A canonical that is right but written relative: a canonical all the same (Google
 * resolves it against the page's URL), with the advice to write it absolute, as a
 * copy of the page on another host or a misconfigured `<base>` would move it.
 */
export function adviseAbsoluteCanonical(
  outcome: CheckOutcome,
  relative: string | null,
  target: URL,
): CheckOutcome {
  if (!outcome.passed || relative === null) return outcome;
  // It passes (docs/checks.md): resolved as Google resolves it, it is the canonical.
  return {
    passed: true,
    message: `${outcome.message} It is written as a relative URL ("${clip(relative, 80)}"), read as ${clip(target.href, 120)}; an absolute URL cannot be misread.`,
    value: { written: clip(relative), resolved: clip(target.href) },
  };
}

export const canonical: Check = notOnRedirectStubs({
  id: 'canonical',
  category: 'seo',
  // A hint to Google, which picks a canonical itself when none is declared; canonicals to broken or redirected pages are the site checks'.
  importance: 'low',
  title: 'Canonical link',
  passesWhen:
    "Canonical links (tags and `Link` header), each resolved against the page's URL and `<base href>` as a browser resolves it (relative forms included), agree on one http(s) URL; when it names another page, that page answers 200 without a redirect and may be indexed, and an inner page does not name a site root.",
  notApplicableWhen: null,
  advice:
    "Declare one absolute canonical URL (a relative one passes, but a copy of the page or a wrong `<base href>` moves it): the page's own address or that of the page it duplicates. It must answer 200 without a redirect, may be indexed, and is never the home page of an inner page.",
  run: (page, snapshot) => {
    const declared = canonicalDeclarations(
      page,
      snapshot.headers,
      snapshot.finalUrl,
    );
    if (declared.length === 0) {
      return { passed: false, message: 'The page has no canonical link.' };
    }
    const target = agreedCanonical(declared);
    if (target === null) {
      const value = firstItems(declared.map(({ written }) => clip(written)));
      return declared.some(({ url }) => url === null)
        ? {
            passed: false,
            message: 'A canonical link names no http(s) URL.',
            value,
          }
        : {
            passed: false,
            message: `The page declares ${declared.length} canonical URLs that differ; it should declare one.`,
            value,
          };
    }
    const outcome: CheckOutcome = isThePage(snapshot.finalUrl)(target)
      ? {
          passed: true,
          message: 'The canonical URL is this page.',
          value: clip(target.href),
        }
      : judgeOtherCanonical(target, snapshot);
    return adviseAbsoluteCanonical(
      outcome,
      relativeCanonicalOf(declared),
      target,
    );
  },
});

export const hreflang: Check = notOnRedirectStubs({
  id: 'hreflang',
  category: 'seo',
  importance: 'low',
  title: 'hreflang links',
  passesWhen:
    'Every hreflang link has a valid language tag (or `x-default`) and an absolute URL.',
  notApplicableWhen: 'The page declares no hreflang links.',
  advice:
    'Write each `hreflang` as a language tag such as `en` or `fr-CA` (or `x-default`), and give each alternate version an absolute URL.',
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
});

export const linkText: Check = {
  id: 'link_text',
  category: 'seo',
  importance: 'low',
  title: 'Descriptive link text',
  passesWhen:
    'No link text is generic ("click here", "read more", ...) by Lighthouse\'s lists for the page\'s language; links back to this page and link text that is code are not judged.',
  notApplicableWhen: 'No link leads elsewhere with a text that is prose.',
  advice:
    'Replace generic link texts with words that say where the link leads, such as "team plan pricing" instead of "click here".',
  run: (page, snapshot) => {
    // A link back to the page (a table of contents) and code (an API name) describe nothing.
    const backToThePage = isThePage(snapshot.finalUrl);
    const links = anchors(page).filter((link) => {
      const target = linkTarget(page, link);
      if (target !== null && backToThePage(target)) return false;
      return !hasCodeText(page, link);
    });
    if (links.length === 0) {
      return {
        passed: null,
        message: 'The page has no links to other pages whose text is prose.',
      };
    }
    const texts = genericLinkTextsFor(
      elementsOf(page, 'html')[0]?.attribs.lang,
    );
    const generic: string[] = [];
    for (const link of links) {
      const text = textOf(link)
        .toLowerCase()
        .replace(/[\s.…:!»›→>]+$/u, '');
      if (texts.has(text)) {
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

/** Schemes a crawler cannot follow: script to run, or a file on the reader's own machine. */
const UNCRAWLABLE_SCHEMES = new Set(['javascript:', 'file:']);

export const crawlableLinks: Check = {
  id: 'crawlable_links',
  category: 'seo',
  importance: 'low',
  title: 'Crawlable links',
  passesWhen:
    'No link is a `javascript:` or `file:` URL, an href that is no URL, or an `<a>` with a click handler (`onclick`) but no href; an empty href, fragments and other schemes (`mailto:`, `ftp:`, ...) are fine.',
  notApplicableWhen:
    'The page has no links: no `<a href>`, and no `<a>` with a click handler.',
  advice:
    'Give every `<a>` a real URL: run scripts from buttons rather than `javascript:` links or `<a onclick>` without an href, and never link to files on your own disk.',
  run: (page) => {
    const links = anchors(page);
    const scripted = new Set(scriptedAnchors(page));
    const total = links.length + scripted.size;
    if (total === 0) {
      return { passed: null, message: 'The page has no links.' };
    }
    // An empty href is the page itself; mailto:, ftp: and other schemes are resources, not faults.
    const uncrawlable = elementsOf(page, 'a').filter((link) => {
      if (scripted.has(link)) return true;
      if (link.attribs.href === undefined) return false;
      const url = linkTarget(page, link);
      return url === null || UNCRAWLABLE_SCHEMES.has(url.protocol);
    });
    return uncrawlable.length === 0
      ? { passed: true, message: 'Every link can be followed.' }
      : {
          passed: false,
          message: `${uncrawlable.length} of ${plural(total, 'link')} cannot be followed: a javascript: or file: URL, no valid URL, or a click handler instead of an href.`,
          value: firstItems(uncrawlable).map(startTag),
        };
  },
};

export const inPageLinks: Check = {
  id: 'in_page_links',
  category: 'seo',
  importance: 'low',
  title: 'Number of links',
  passesWhen: `The page has fewer than ${THRESHOLDS.linksLimit} links.`,
  notApplicableWhen: null,
  advice:
    'Keep navigation and footer lists to what readers need on this page, and split very long lists of links across pages.',
  run: (page) => {
    const count = anchors(page).length;
    return withinLimit(
      count < THRESHOLDS.linksLimit,
      `The page has ${plural(count, 'link')}`,
      `it should have fewer than ${THRESHOLDS.linksLimit}`,
      count,
    );
  },
};

export const language: Check = notOnRedirectStubs({
  id: 'language',
  category: 'seo',
  importance: 'medium',
  title: 'Page language',
  passesWhen: '`<html lang>` holds a valid language tag.',
  notApplicableWhen: null,
  advice:
    'Declare the page\'s language on its root element, as in `<html lang="en">`.',
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
});

export const favicon: Check = notOnRedirectStubs({
  id: 'favicon',
  host: true,
  category: 'seo',
  importance: 'low',
  title: 'Favicon',
  passesWhen: 'The page declares an icon, or `/favicon.ico` answers 200.',
  notApplicableWhen:
    'No icon is declared and `/favicon.ico` could not be fetched.',
  advice:
    'Declare an icon with `<link rel="icon" href="/favicon.svg">`, or serve `/favicon.ico`, so tabs, bookmarks and results show your mark.',
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
});

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
