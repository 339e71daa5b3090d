import { CANONICAL_CHECKS } from './canonicals.js';
import { deepPage } from './depth.js';
import { DUPLICATE_CHECKS } from './duplicates.js';
import { HREFLANG_CHECKS } from './hreflang.js';
import { INTERNAL_LINK_CHECKS } from './internal-links.js';
import { nearDuplicate } from './near-duplicates.js';
import { REDIRECT_CHECKS } from './redirects.js';
import type { SiteCheck } from './site-crawl.js';
import { SITEMAP_CHECKS } from './sitemaps.js';

export type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawl,
  SiteCrawlFacts,
  SiteLink,
  SitePage,
} from './site-crawl.js';

/**
 * Every site check, each once, in the order of the contract's table (SITE-AUDIT.md):
 * duplicates, near duplicates, internal links, redirects, canonicals, sitemaps, hreflang, depth. Audits
 * judge and the catalogue lists them in this order; each carries what the catalogue
 * says of it (id, title, importance, affectedPage, affectsWhen, advice).
 */
export const SITE_CHECKS: readonly SiteCheck[] = [
  ...DUPLICATE_CHECKS,
  nearDuplicate,
  ...INTERNAL_LINK_CHECKS,
  ...REDIRECT_CHECKS,
  ...CANONICAL_CHECKS,
  ...SITEMAP_CHECKS,
  ...HREFLANG_CHECKS,
  deepPage,
];
