import type { Importance } from '../types.js';
import type { JudgedFactName, JudgedPageFacts } from './page-facts.js';

/**
 * What a site audit's crawl knows when it has stopped: its pages and the links
 * between them, as the site checks (registry.ts) read them. Plain data, free of
 * Nest and the database: the audit loads it, the checks judge it.
 */

/**
 * One URL of the crawl that is a page (requested, or not requested because robots.txt
 * disallows it): what the crawl knows of it, and the facts of the page-fact table that
 * site checks read (page-facts.ts: title, meta description, noindex, canonical,
 * hreflang, words, text digest), for HTML pages.
 */
export interface SitePage extends JudgedPageFacts {
  /** The page's id in its audit (crawl order). */
  id: number;
  /** Normalised URL (as a report's `url`). */
  url: string;
  /** True when the audit requested it (false: blocked by robots.txt). */
  requested: boolean;
  blockedByRobots: boolean;
  /** The answer's status; null when the fetch failed or the page was not requested. */
  statusCode: number | null;
  /** Why the fetch failed (`connection`, `timeout`, `dns`, `tls`, `blocked`, …); null otherwise. */
  error: string | null;
  /** A 3xx answer's target, normalised and absolute; null otherwise (or a 3xx without Location). */
  redirectTo: string | null;
  /** True for a page answered 200 with an HTML content type: the only pages judged and whose links are read. */
  html: boolean;
  /** Fewest followed links from the start page (0 for it); null when reached otherwise. */
  depth: number | null;
  /** Listed in a sitemap of the site (sitemaps on). */
  inSitemap: boolean;
  /** Distinct other pages of the crawl with a followed link to this one. */
  inlinks: number;
}

/** An `<a href>` of an HTML page's body with an http(s) target. */
export interface SiteLink {
  /** The linking page's id. */
  from: number;
  /** The target, normalised and absolute. */
  toUrl: string;
  /** The target page's id when the target is a page of the crawl; null otherwise (out of scope, not requested). */
  to: number | null;
  /** False for `rel=nofollow`, or on a page with a nofollow robots directive. */
  followed: boolean;
  /** The link's text, whitespace collapsed (may be empty). */
  anchor: string;
}

/**
 * The crawl, stopped: every page (with its inlinks counted), the links the checks
 * judge, and which URLs are in scope. `links` holds at least every link whose target
 * is a page of the crawl that was not answered 2xx (what the link and redirect checks
 * judge); the others may be left out, so an audit of millions of links loads only
 * those.
 */
export interface SiteCrawl {
  pages: SitePage[];
  links: SiteLink[];
  /** Whether a URL is in the audit's scope (site origin or its twin, include and exclude applied). */
  inScope(url: string): boolean;
}

/** One page a site check affects, with the check's evidence for it. */
export interface SiteCheckFinding {
  pageId: number;
  value: unknown;
}

/** A site check, as page checks are: one small pure unit with its metadata. */
export interface SiteCheck {
  id: string;
  title: string;
  importance: Importance;
  /** Which page a finding lands on, for the catalogue's table: `the linking page`, `every page of a group`, … */
  affectedPage: string;
  /** One sentence for the catalogue: when a page is affected. */
  affectsWhen: string;
  /** What to change, for people. */
  advice: string;
  /**
   * Its level in the SEO gate's recommended preset: `error` where what it finds breaks
   * crawling for every visitor (links and canonicals to pages that are gone, loops, titles
   * shared by pages), `warn` for the rest. The strict preset makes every one an error.
   */
  gate: 'error' | 'warn';
  /**
   * The page facts it reads (page-facts.ts), as a Lighthouse audit declares its
   * artifacts: a test holds every check to them, and the judgement loads what they name.
   */
  facts: readonly JudgedFactName[];
  /** The pages it affects, each once, in page id order. */
  run(crawl: SiteCrawlFacts): SiteCheckFinding[];
}

/**
 * The crawl with what every check needs worked out once: pages by id and url,
 * indexability, inlinks. Its `pages` are in id order, so a check that walks them finds
 * its pages in the order it reports them.
 */
export interface SiteCrawlFacts extends SiteCrawl {
  byId: ReadonlyMap<number, SitePage>;
  byUrl: ReadonlyMap<string, SitePage>;
  /** HTML, no noindex, canonical absent or this page's own URL. */
  indexable(page: SitePage): boolean;
  /** Distinct other pages with a followed link to the page. */
  inlinks(page: SitePage): number;
}
