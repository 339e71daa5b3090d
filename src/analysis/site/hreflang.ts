import { THRESHOLDS } from '../thresholds.js';
import { hreflangCodeProblem } from './hreflang-codes.js';
import type { SiteCheck, SiteCheckFinding, SitePage } from './site-crawl.js';
import { nonIndexableReason } from './sitemaps.js';
import type { NonIndexableReason } from './sitemaps.js';

/**
 * hreflang sets as search engines read them: each alternate a valid code, naming an
 * indexable page that names this one back, the set naming the page itself, and one URL
 * for one language. Only HTML pages that declare alternates are judged; an alternate is
 * judged by what the crawl found of it, so one out of scope or not requested is not.
 */

/** One alternate as the page declares it. */
type Alternate = SitePage['hreflang'][number];

/** How many alternates a finding lists, as page checks list evidence. */
export const HREFLANG_ALTERNATES_MAX = THRESHOLDS.evidenceMaxItems;

export const hreflangNoReturn: SiteCheck = {
  id: 'hreflang_no_return',
  title: 'hreflang without return link',
  importance: 'medium',
  gate: 'warn',
  facts: ['hreflang'],
  affectedPage: 'the page',
  affectsWhen: `An HTML page A names as hreflang alternate another HTML page B of the crawl whose own alternates do not name A; an alternate out of scope, not requested or not an HTML page is not judged; the value lists up to ${HREFLANG_ALTERNATES_MAX} such alternates, each with the language A gives it.`,
  advice:
    'Make each language version list every version, itself included, with the same URLs, so that each annotation is confirmed by the page it names.',
  run: (facts) => {
    const alternateUrls = new Map<SitePage, Set<string>>();
    const alternatesOf = (page: SitePage): Set<string> => {
      let urls = alternateUrls.get(page);
      if (urls === undefined) {
        urls = new Set(page.hreflang.map((alternate) => alternate.url));
        alternateUrls.set(page, urls);
      }
      return urls;
    };
    const findings: SiteCheckFinding[] = [];
    for (const page of facts.pages) {
      if (!page.html || page.hreflang.length === 0) continue;
      const unanswered = new Map<string, { lang: string; url: string }>();
      for (const { lang, url } of page.hreflang) {
        if (url === page.url || unanswered.has(url)) continue;
        const alternate = facts.byUrl.get(url);
        if (alternate === undefined || !alternate.html) continue;
        if (alternatesOf(alternate).has(page.url)) continue;
        unanswered.set(url, { lang, url });
        if (unanswered.size === HREFLANG_ALTERNATES_MAX) break;
      }
      if (unanswered.size > 0) {
        findings.push({ pageId: page.id, value: [...unanswered.values()] });
      }
    }
    return findings;
  },
};

export const hreflangInvalidCode: SiteCheck = {
  id: 'hreflang_invalid_code',
  title: 'hreflang with an invalid language code',
  importance: 'medium',
  gate: 'warn',
  facts: ['hreflang'],
  affectedPage: 'the page',
  affectsWhen: `An HTML page declares an hreflang alternate whose value is neither \`x-default\` nor a language with an optional script and region (\`en\`, \`en-GB\`, \`zh-Hant-TW\`, case aside), each known to the IANA language subtag registry and not deprecated there (\`en-UK\` is not: the United Kingdom is \`GB\`); the value lists up to ${HREFLANG_ALTERNATES_MAX} such alternates, each with its value, URL and the reason.`,
  advice:
    'Write each hreflang value as an ISO 639-1 language, optionally followed by an ISO 3166-1 alpha-2 region (`en`, `en-GB`, `pt-BR`), or `x-default`: search engines ignore an alternate whose code they cannot read.',
  run: (facts) => {
    const findings: SiteCheckFinding[] = [];
    for (const page of facts.pages) {
      if (!page.html) continue;
      const invalid: Array<Alternate & { reason: string }> = [];
      for (const { lang, url } of page.hreflang) {
        const reason = hreflangCodeProblem(lang);
        if (reason === null) continue;
        invalid.push({ lang, url, reason });
        if (invalid.length === HREFLANG_ALTERNATES_MAX) break;
      }
      if (invalid.length > 0)
        findings.push({ pageId: page.id, value: invalid });
    }
    return findings;
  },
};

export const hreflangBadTarget: SiteCheck = {
  id: 'hreflang_bad_target',
  title: 'hreflang alternate not indexable',
  importance: 'medium',
  gate: 'warn',
  facts: ['noindex', 'canonical', 'hreflang'],
  affectedPage: 'the page',
  affectsWhen: `An HTML page names as hreflang alternate another page of the crawl that is not indexable, for the reason each names: \`redirect\` (3xx), \`client_error\` (4xx), \`server_error\` (5xx), \`failed\` (the fetch failed), \`noindex\` or \`canonicalised\` (its canonical names another URL); an alternate out of scope, not requested, or answered 2xx without being an HTML page is not judged; the value lists up to ${HREFLANG_ALTERNATES_MAX} such alternates, each with the language the page gives it, its status code, where it redirects and the reason; the audit also lists them by alternate, each once with every page naming it.`,
  advice:
    'Name in hreflang only the final, indexable URL of each language version (the one that answers 200 and is its own canonical): search engines drop an alternate that redirects, fails, is noindex or defers to another URL.',
  run: (facts) => {
    const findings: SiteCheckFinding[] = [];
    for (const page of facts.pages) {
      if (!page.html || page.hreflang.length === 0) continue;
      const bad = new Map<
        string,
        Alternate & {
          status_code: number | null;
          redirect_to: string | null;
          reason: NonIndexableReason;
        }
      >();
      for (const { lang, url } of page.hreflang) {
        if (url === page.url || bad.has(url)) continue;
        const alternate = facts.byUrl.get(url);
        if (alternate === undefined || !alternate.requested) continue;
        const reason = nonIndexableReason(alternate);
        if (reason === null) continue;
        bad.set(url, {
          lang,
          url,
          status_code: alternate.statusCode,
          redirect_to: alternate.redirectTo,
          reason,
        });
        if (bad.size === HREFLANG_ALTERNATES_MAX) break;
      }
      if (bad.size > 0) {
        findings.push({ pageId: page.id, value: [...bad.values()] });
      }
    }
    return findings;
  },
};

export const hreflangNoSelf: SiteCheck = {
  id: 'hreflang_no_self',
  title: 'hreflang without a self reference',
  importance: 'low',
  gate: 'warn',
  facts: ['hreflang'],
  affectedPage: 'the page',
  affectsWhen: `An HTML page declares hreflang alternates and none of them names the page itself; the value lists up to ${HREFLANG_ALTERNATES_MAX} of the alternates it declares.`,
  advice:
    'Add the page itself to its hreflang alternates, with its own language: each language version lists every version, itself included.',
  run: (facts) =>
    facts.pages
      .filter(
        (page) =>
          page.html &&
          page.hreflang.length > 0 &&
          !page.hreflang.some((alternate) => alternate.url === page.url),
      )
      .map((page) => ({
        pageId: page.id,
        value: page.hreflang
          .slice(0, HREFLANG_ALTERNATES_MAX)
          .map(({ lang, url }) => ({ lang, url })),
      })),
};

/** The language subtag of an hreflang code, lower-cased; null for `x-default`. */
function languageOf(code: string): string | null {
  const lower = code.toLowerCase();
  return lower === 'x-default' ? null : lower.split(/[-_]/)[0];
}

export const hreflangConflict: SiteCheck = {
  id: 'hreflang_conflict',
  title: 'hreflang URL for several languages, or language at several URLs',
  importance: 'medium',
  gate: 'warn',
  facts: ['hreflang'],
  affectedPage: 'the page',
  affectsWhen: `An HTML page's hreflang alternates give one URL two or more different languages (\`en\` and \`fr\`; case aside; regions of one language, as \`de\` and \`de-AT\`, and \`x-default\` may share a URL), or give one code (case aside) two or more URLs; the value lists up to ${HREFLANG_ALTERNATES_MAX} such conflicts, each a URL with the codes the page gives it (\`url\`, \`langs\`) or a code with the URLs it is given (\`lang\`, \`urls\`).`,
  advice:
    'Give each URL the one language its content is in, and each language one URL: a page cannot be the French and the English version at once, nor can French have two versions, and search engines then trust neither annotation.',
  run: (facts) => {
    const findings: SiteCheckFinding[] = [];
    for (const page of facts.pages) {
      if (!page.html || page.hreflang.length < 2) continue;
      const codesByUrl = new Map<string, string[]>();
      const urlsByCode = new Map<string, { lang: string; urls: string[] }>();
      for (const { lang, url } of page.hreflang) {
        const codes = codesByUrl.get(url) ?? [];
        if (!codes.includes(lang)) codes.push(lang);
        codesByUrl.set(url, codes);
        const code = urlsByCode.get(lang.toLowerCase()) ?? { lang, urls: [] };
        if (!code.urls.includes(url)) code.urls.push(url);
        urlsByCode.set(lang.toLowerCase(), code);
      }
      const conflicts: Array<
        { url: string; langs: string[] } | { lang: string; urls: string[] }
      > = [];
      for (const [url, langs] of codesByUrl) {
        const languages = new Set(langs.map(languageOf));
        languages.delete(null);
        if (languages.size >= 2) conflicts.push({ url, langs });
      }
      for (const code of urlsByCode.values()) {
        if (code.urls.length >= 2) conflicts.push(code);
      }
      if (conflicts.length > 0) {
        findings.push({
          pageId: page.id,
          value: conflicts.slice(0, HREFLANG_ALTERNATES_MAX),
        });
      }
    }
    return findings;
  },
};

/** The hreflang checks, in the catalogue's order. */
export const HREFLANG_CHECKS: readonly SiteCheck[] = [
  hreflangNoReturn,
  hreflangInvalidCode,
  hreflangBadTarget,
  hreflangNoSelf,
  hreflangConflict,
];
