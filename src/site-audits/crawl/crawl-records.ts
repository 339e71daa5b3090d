/**
 * What the crawl's frontier takes and gives: the URLs a page makes known, its links,
 * its record, a claimed page, a probe's answer, and the crawl's next step.
 */

/** How a URL joined the crawl. */
export type Via =
  'start' | 'link' | 'redirect' | 'canonical' | 'hreflang' | 'sitemap';

/** A URL a settled page (or the start) makes known, with what it is to the crawl. */
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

/** A link of a settled page, by its target's URL (a discovery of the same settle). */
export interface LinkRow {
  toUrl: string;
  followed: boolean;
  anchor: string;
}

/** What a requested page answered and what it is, as the crawl stores it. */
export interface PageRecord {
  statusCode: number | null;
  error: string | null;
  redirectTo: string | null;
  contentType: string | null;
  html: boolean;
  title: string | null;
  metaDescription: string | null;
  canonical: string | null;
  noindex: boolean;
  indexable: boolean;
  hreflang: Array<{ lang: string; url: string }> | null;
  words: number | null;
  textDigest: string | null;
  robots: string[] | null;
  outlinks: number;
  plan: unknown;
  results: unknown;
  score: number | null;
  result: string | null;
  failedChecks: string[];
}

/** A page claimed for its request. */
export interface ClaimedPage {
  key: string;
  auditId: string;
  accountId: string;
  url: string;
  depth: number | null;
  place: number;
  attempts: number;
}

/** An answer of a probe (an out-of-scope target or a subresource, asked once an audit). */
export interface ProbeAnswer {
  url: string;
  statusCode: number | null;
  error: string | null;
  redirectTo: string | null;
  robots: string[];
}

/** What the crawl does next: the pages whose jobs to add, and whether it has stopped. */
export interface Advance {
  dispatch: Array<{ key: string; place: number }>;
  /** The crawl has stopped (done, max_pages or cancelled) with nothing in flight: its issues are judged next. */
  stopped: boolean;
}

/** Decides which URLs of a wave are requested and which are blocked by robots.txt. */
export type RobotsRule = (url: string) => boolean;
