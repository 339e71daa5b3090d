import { THRESHOLDS } from '../thresholds.js';
import type { SiteCheck, SiteCheckFinding, SitePage } from './site-crawl.js';

/**
 * hreflang alternates must name each other: search engines ignore an annotation the
 * other page does not confirm. Only alternates the crawl fetched as HTML pages are
 * judged; one out of scope, not requested or not HTML has no alternates to read.
 */

/** How many alternates a finding lists, as page checks list evidence. */
export const HREFLANG_ALTERNATES_MAX = THRESHOLDS.evidenceMaxItems;

export const hreflangNoReturn: SiteCheck = {
  id: 'hreflang_no_return',
  title: 'hreflang without return link',
  importance: 'medium',
  gate: 'warn',
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
