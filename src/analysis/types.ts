/**
 * The shapes shared by the analyser's stages: gather (network) produces a Snapshot,
 * parse turns it into a ParsedPage once, checks judge it, score sums it up.
 * Nothing here depends on Nest or the database.
 */

export type Category = 'seo' | 'performance' | 'security' | 'miscellaneous';
export const CATEGORIES: readonly Category[] = [
  'seo',
  'performance',
  'security',
  'miscellaneous',
];

export type Importance = 'high' | 'medium' | 'low';

/** Why an analysis could not produce a report (API.md, "error.code"). */
export type AnalysisErrorCode =
  | 'dns'
  | 'timeout'
  | 'connection'
  | 'tls'
  | 'http_status'
  | 'not_html'
  | 'too_large'
  | 'redirect_limit'
  | 'blocked'
  | 'invalid_url';

/** A small request made beside the page (robots.txt, sitemap, 404 probe, favicon). */
export interface SideFetch {
  /** The URL asked for (before redirects). */
  url: string;
  /** Final status, or null when the request failed (network, policy, timeout). */
  status: number | null;
  contentType: string | null;
  /** Decoded text body, capped; null when failed or not read. */
  body: string | null;
  /** Error code when status is null. */
  error: string | null;
}

export interface RedirectHop {
  url: string;
  status_code: number;
}

/** Everything the network gave us about one URL, immutable once built. */
export interface Snapshot {
  requestedUrl: string;
  finalUrl: string;
  /** Each hop that answered with a redirect, in order (empty when none). */
  redirects: RedirectHop[];
  statusCode: number;
  /** Response headers of the final page, lowercased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  contentType: string;
  /** Content-Encoding of the page (gzip, br, deflate, zstd) or null when sent plain. */
  contentEncoding: string | null;
  /** Charset from the Content-Type header, the BOM and <meta charset>, each null when absent. */
  declaredCharset: {
    header: string | null;
    bom: string | null;
    meta: string | null;
  };
  /** The charset the body was decoded with. */
  charset: string;
  ttfbMs: number;
  loadTimeMs: number;
  /** Size of the body once content-decoded (bytes, before charset decoding). */
  htmlBytes: number;
  /** Size of the body as it came over the wire (bytes). */
  transferBytes: number;
  html: string;
  robotsTxt: SideFetch | null;
  sitemap: SideFetch | null;
  notFoundProbe: SideFetch | null;
  favicon: SideFetch | null;
}

export interface CheckOutcome {
  /** true passed, false failed, null does not apply to this page. */
  passed: boolean | null;
  /** One short sentence for a person. */
  message: string;
  /** Bounded evidence: a text, a count, a header, up to 20 offending items. */
  value?: unknown;
}

export interface CheckResult {
  id: string;
  category: Category;
  importance: Importance;
  passed: boolean | null;
  title: string;
  message: string;
  value: unknown;
}

export interface CategoryScore {
  /** null when no check of the category applied. */
  score: number | null;
  passed: number;
  failed: number;
}

export interface PageFacts {
  final_url: string;
  status_code: number;
  redirects: RedirectHop[];
  content_type: string;
  encoding: string | null;
  ttfb_ms: number;
  load_time_ms: number;
  html_bytes: number;
  transfer_bytes: number;
  dom_elements: number;
  words: number;
}

/** The `results` of a report (ANALYSIS.md). */
export interface AnalysisResults {
  score: number;
  categories: Record<Category, CategoryScore>;
  checks: CheckResult[];
  page: PageFacts;
}

export type Rating = 'good' | 'decent' | 'bad';
