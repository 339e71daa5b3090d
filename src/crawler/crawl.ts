import type { SiteFacts, SitemapRead, TargetProbe } from '../analysis/index.js';

/**
 * The crawler's words, as the product around it uses them: what a crawl obeys, what
 * its start learns of the site, and why it may fail.
 */

/** What a crawl obeys, as its owner created it. */
export interface CrawlSettings {
  max_pages: number;
  max_depth: number;
  include: string[];
  exclude: string[];
  respect_robots: boolean;
  sitemaps: boolean;
}

/** What the start of a crawl learned of its site, kept with the crawl. */
export interface CrawlFacts {
  /** robots.txt, the sitemap, the 404 probe and the favicon, as page checks read them. */
  site: SiteFacts;
  /** The http:// twin of the start page, when it is https: the site's answer for every page. */
  twin: TargetProbe | null;
  sitemaps: SitemapRead[];
}

/** Why a crawl could not start (its start URL could not be fetched). */
export interface CrawlError {
  code: string;
  message: string;
}

export { SERVICE_ERROR } from './frontier/crawl-records.js';
export { urlHash } from './frontier/url-hash.js';
