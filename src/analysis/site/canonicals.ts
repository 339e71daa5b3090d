import type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawlFacts,
  SitePage,
} from './site-crawl.js';
import { answerOf, isBroken } from './site-facts.js';

/**
 * Canonical links that name another page the crawl fetched, judged by that page's
 * answer. A canonical out of scope, or in scope but not requested (robots.txt,
 * `max_pages`), is not judged; a page's canonical to itself is what it should be.
 */

/** Each HTML page whose canonical is another page of the crawl for which `judge` gives evidence. */
function canonicalFindings(
  facts: SiteCrawlFacts,
  judge: (canonical: SitePage) => unknown,
): SiteCheckFinding[] {
  const findings: SiteCheckFinding[] = [];
  for (const page of facts.pages) {
    if (!page.html || page.canonical === null || page.canonical === page.url) {
      continue;
    }
    const canonical = facts.byUrl.get(page.canonical);
    if (canonical === undefined) continue;
    const value = judge(canonical);
    if (value !== undefined) findings.push({ pageId: page.id, value });
  }
  return findings;
}

export const canonicalBroken: SiteCheck = {
  id: 'canonical_broken',
  title: 'Canonical to a broken page',
  importance: 'high',
  gate: 'error',
  facts: ['canonical'],
  affectedPage: 'the page',
  affectsWhen:
    'An HTML page names as canonical another page of the crawl answered 4xx or 5xx or whose fetch failed; a canonical out of scope or not requested is not judged; the value is the canonical URL with its `status_code` or `error`.',
  advice:
    "Make the canonical link name a URL that answers 200: the page's own, or that of the live page it duplicates.",
  run: (facts) =>
    canonicalFindings(facts, (canonical) =>
      isBroken(canonical)
        ? {
            url: canonical.url,
            status_code: canonical.statusCode,
            error: canonical.error,
          }
        : undefined,
    ),
};

export const canonicalRedirect: SiteCheck = {
  id: 'canonical_redirect',
  title: 'Canonical to a redirect',
  importance: 'medium',
  gate: 'warn',
  facts: ['canonical'],
  affectedPage: 'the page',
  affectsWhen:
    'An HTML page names as canonical another page of the crawl answered 3xx; the value is the canonical URL with its `status_code` and `redirect_to`.',
  advice:
    'Name as canonical the address the redirect ends on: search engines may ignore a canonical that redirects.',
  run: (facts) =>
    canonicalFindings(facts, (canonical) =>
      answerOf(canonical) === 'redirect'
        ? {
            url: canonical.url,
            status_code: canonical.statusCode,
            redirect_to: canonical.redirectTo,
          }
        : undefined,
    ),
};

export const canonicalChain: SiteCheck = {
  id: 'canonical_chain',
  title: 'Canonical chain',
  importance: 'medium',
  gate: 'warn',
  facts: ['canonical'],
  affectedPage: 'the page',
  affectsWhen:
    "An HTML page A names as canonical another HTML page B whose own canonical is neither absent nor B (two pages naming each other included); the value is B's URL and B's canonical.",
  advice:
    'Make every canonical name the final, self-canonical address straight away: search engines may ignore a canonical whose page names yet another one.',
  run: (facts) =>
    canonicalFindings(facts, (canonical) =>
      canonical.html &&
      canonical.canonical !== null &&
      canonical.canonical !== canonical.url
        ? { url: canonical.url, canonical: canonical.canonical }
        : undefined,
    ),
};

export const CANONICAL_CHECKS: readonly SiteCheck[] = [
  canonicalBroken,
  canonicalRedirect,
  canonicalChain,
];
