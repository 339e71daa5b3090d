import { crawlRobots, CrawlScope, OBEY_NOTHING } from '../../analysis/index.js';
import type { CrawlRobots } from '../../analysis/index.js';
import type { CrawlSettings } from '../crawl.js';

/**
 * The longest URL the crawl requests: longer ones are recorded with the reason, never
 * requested (browsers and search engines give up on URLs past about 2,000 characters).
 */
export const MAX_CRAWL_URL_LENGTH = 2_048;

/** How a URL joined the crawl. */
export type Via =
  'start' | 'link' | 'redirect' | 'canonical' | 'hreflang' | 'sitemap';

/** What a crawl's policy is made of: plain data, so a reader thread can hold the same policy. */
export interface CrawlPolicyData {
  /** The origin the start URL ended on after its redirects. */
  origin: string;
  startUrl: string;
  settings: CrawlSettings;
  /** The site's robots.txt as answered (null: none read, or robots.txt not respected). */
  robotsTxt: { url: string; status: number | null; body: string | null } | null;
  userAgent: string;
  /** Requests to one host at once, across every process. */
  hostConcurrency: number;
}

/** How requests to one host are spaced: at most `concurrency` at once, `delayMs` apart. */
export interface Politeness {
  concurrency: number;
  delayMs: number;
}

/** A URL a page (or the start) makes known, with what it is to the crawl. */
export interface Discovery {
  url: string;
  inScope: boolean;
  /** The crawl may request it (an in-scope link followed within max_depth, a redirect, …). */
  crawlable: boolean;
  via: Via | null;
  /** Its depth through this discovery; null when not reached by a followed link. */
  depth: number | null;
  /** Its place among the discovering page's links, for breadth-first order. */
  position: number | null;
}

/** Why a placed URL is not requested, when it is not. */
export type NotRequested = 'blocked' | 'skipped';

/**
 * Everything a crawl decides about URLs, in one place: which are in scope, which
 * robots.txt lets it request, how deep links are followed, which are too long to
 * request, which it may probe, and how fast it may ask the site. The frontier and the
 * reader threads ask it; nothing else decides these.
 */
export class CrawlPolicy {
  readonly scope: CrawlScope;
  readonly robots: CrawlRobots;
  readonly politeness: Politeness;

  constructor(readonly data: CrawlPolicyData) {
    const { settings } = data;
    this.scope = new CrawlScope(
      data.origin,
      settings.include,
      settings.exclude,
      data.startUrl,
    );
    this.robots =
      settings.respect_robots && data.robotsTxt
        ? crawlRobots(data.robotsTxt, data.userAgent)
        : OBEY_NOTHING;
    this.politeness = {
      concurrency: data.hostConcurrency,
      delayMs: this.robots.crawlDelayMs,
    };
  }

  inScope(url: string): boolean {
    return this.scope.inScope(url);
  }

  /** Whether a placed page is requested, or why not: robots.txt, or a URL too long to request. */
  refusal(url: string): NotRequested | null {
    if (url.length > MAX_CRAWL_URL_LENGTH) return 'skipped';
    return this.robots.allows(url) ? null : 'blocked';
  }

  /**
   * Whether the crawl may ask a URL it will not request as a page: any URL of another
   * host, but on the site only what its scope and robots.txt allow; never one too long.
   */
  mayProbe(url: string): boolean {
    if (url.length > MAX_CRAWL_URL_LENGTH) return false;
    return (
      !this.scope.onSite(url) || (this.inScope(url) && this.robots.allows(url))
    );
  }

  /** Whether a rendered page may ask for a resource: robots.txt decides on the site, nothing elsewhere. */
  mayRender(url: string): boolean {
    return this.robots.allows(url);
  }

  /** A link of a page at `depth` (null: reached by no followed link). */
  link(
    url: string,
    followed: boolean,
    depth: number | null,
    position: number,
  ): Discovery {
    const inScope = this.inScope(url);
    // Links from a page at max_depth are not followed; a page of no depth follows its own.
    const follows = depth === null || depth < this.data.settings.max_depth;
    const crawlable = inScope && followed && follows;
    return {
      url,
      inScope,
      crawlable,
      via: followed ? 'link' : null,
      depth: crawlable && depth !== null ? depth + 1 : null,
      position,
    };
  }

  /** A redirect's target: it has the depth of the URL that redirected to it. */
  redirect(url: string, depth: number | null): Discovery {
    const inScope = this.inScope(url);
    return {
      url,
      inScope,
      crawlable: inScope,
      via: 'redirect',
      depth: inScope ? depth : null,
      position: 0,
    };
  }

  /** A URL a canonical, an hreflang or a sitemap names: crawled when in scope, of no depth. */
  named(url: string, via: 'canonical' | 'hreflang' | 'sitemap'): Discovery {
    const inScope = this.inScope(url);
    return {
      url,
      inScope,
      crawlable: inScope,
      via,
      depth: null,
      position: null,
    };
  }
}
