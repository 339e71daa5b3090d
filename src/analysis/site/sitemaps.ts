import type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawlFacts,
  SitePage,
} from './site-crawl.js';
import { answerOf } from './site-facts.js';

/**
 * Sitemap URLs against what the crawl found of them: a sitemap should list the pages a
 * site wants indexed, and the site should link to each of them.
 */

export const NON_INDEXABLE_REASONS = [
  'redirect',
  'client_error',
  'server_error',
  'failed',
  'noindex',
  'canonicalised',
  'robots',
] as const;
export type NonIndexableReason = (typeof NON_INDEXABLE_REASONS)[number];

/**
 * Why a page is not indexable, or null when it is, or when none of the reasons applies:
 * a 2xx that is not an HTML page (a PDF, an image) may well be indexed, and a page
 * requested without an answer cannot be judged.
 */
export function nonIndexableReason(page: SitePage): NonIndexableReason | null {
  if (page.blockedByRobots) return 'robots';
  const answer = answerOf(page);
  if (answer === null) return null;
  if (answer !== 'success') return answer;
  if (!page.html) return null;
  if (page.noindex) return 'noindex';
  if (page.canonical !== null && page.canonical !== page.url) {
    return 'canonicalised';
  }
  return null;
}

export const orphanPage: SiteCheck = {
  id: 'orphan_page',
  title: 'Orphan page',
  importance: 'medium',
  gate: 'warn',
  facts: ['noindex', 'canonical'],
  affectedPage: 'the page',
  affectsWhen:
    'A sitemap URL is an indexable page that no other page of the crawl links to with a followed link (nofollow links, redirects, canonicals and hreflang give no inlinks); the value is null.',
  advice:
    'Link to the page, with followed links, from the pages of the site it belongs with, or take it out of the sitemap if it is no longer wanted.',
  run: (facts) =>
    facts.pages
      .filter(
        (page) =>
          page.inSitemap && facts.indexable(page) && facts.inlinks(page) === 0,
      )
      .map((page) => ({ pageId: page.id, value: null })),
};

export const sitemapNotIndexable: SiteCheck = {
  id: 'sitemap_not_indexable',
  title: 'Non-indexable page in a sitemap',
  importance: 'medium',
  gate: 'warn',
  facts: ['noindex', 'canonical'],
  affectedPage: 'the page',
  affectsWhen:
    'A sitemap URL is not an indexable page, for the reason the value names: `redirect` (3xx), `client_error` (4xx), `server_error` (5xx), `failed` (the fetch failed), `noindex`, `canonicalised` (its canonical names another URL) or `robots` (robots.txt disallows it); a 2xx answer that is not an HTML page (a PDF, an image) is not judged.',
  advice:
    'List in sitemaps only the final, indexable address of each page: put the targets of redirects in place of the redirecting URLs, and drop the missing, failing, blocked, noindex and canonicalised ones.',
  run: (facts: SiteCrawlFacts) => {
    const findings: SiteCheckFinding[] = [];
    for (const page of facts.pages) {
      if (!page.inSitemap) continue;
      const reason = nonIndexableReason(page);
      if (reason !== null) findings.push({ pageId: page.id, value: reason });
    }
    return findings;
  },
};

export const SITEMAP_CHECKS: readonly SiteCheck[] = [
  orphanPage,
  sitemapNotIndexable,
];
