import { createHash } from 'node:crypto';
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
  /** HTML pages rendered in a browser, their links those of the rendered DOM; absent (false) in crawls from before. */
  render?: RenderMode;
}

/** Render every HTML page (true), none (false), or where it matters ("auto": render-choice.ts). */
export type RenderMode = boolean | 'auto';

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

/**
 * A URL's key in its crawl: 64 bits of its MD5, as a signed bigint in decimal. It
 * fits any URL (a unique index of the URL itself refuses URLs past about 2.7 KB), and
 * the SQL `('x' || substr(md5(url), 1, 16))::bit(64)::bigint` gives the same number.
 * Two URLs of one audit colliding is a chance of about 1 in 10^9 at 100,000 URLs.
 */
export function urlHash(url: string): string {
  const hex = createHash('md5').update(url).digest('hex').slice(0, 16);
  return BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();
}

/** The SQL of urlHash, for a migration or a query over stored URLs. */
export const URL_HASH_SQL = (column: string) =>
  `('x' || substr(md5(${column}), 1, 16))::bit(64)::bigint`;
