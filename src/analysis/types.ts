/**
 * The shapes shared by the analyser's stages: gather (network) produces a Snapshot,
 * parse turns it into a ParsedPage once, checks judge it, score sums it up.
 * Nothing here depends on Nest or the database.
 */

/** The categories of the score. */
export const CATEGORIES = [
  'seo',
  'performance',
  'security',
  'miscellaneous',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Every category a check may be of: the score's four, and accessibility beside them,
 * which is reported but moves no score (axe-core's rules judge what people using
 * assistive technology meet, not what search engines read).
 */
export const CHECK_CATEGORIES = [...CATEGORIES, 'accessibility'] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

/** Each category as people read it. */
export const CATEGORY_NAMES: Readonly<Record<CheckCategory, string>> = {
  seo: 'Search engines',
  performance: 'Performance',
  security: 'Security',
  miscellaneous: 'Miscellaneous',
  accessibility: 'Accessibility',
};

/** Whether a category counts in the score. */
export function isScored(category: CheckCategory): category is Category {
  return (CATEGORIES as readonly string[]).includes(category);
}

export const IMPORTANCES = ['high', 'medium', 'low'] as const;
export type Importance = (typeof IMPORTANCES)[number];

/** Why an analysis could not produce a report (docs/api.md, "error.code"). */
export const ANALYSIS_ERROR_CODES = [
  'dns',
  'timeout',
  'connection',
  'tls',
  'http_status',
  'not_html',
  'too_large',
  'redirect_limit',
  'blocked',
  /** A render was asked for and the browser gave no page (render: true). */
  'render_failed',
] as const;
export type AnalysisErrorCode = (typeof ANALYSIS_ERROR_CODES)[number];

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

/** What a page makes the browser fetch beside itself. */
export type SubresourceKind =
  'script' | 'stylesheet' | 'image' | 'media' | 'frame' | 'object';

/** One of the page's links or subresources, asked for to find the broken ones. */
export interface LinkProbe {
  url: string;
  /** A link (`<a href>`) or what kind of subresource. */
  kind: 'link' | SubresourceKind;
  /** Final status after redirects, or null when the request failed. */
  status: number | null;
  /** Error code when status is null: dns, connection, tls, timeout, blocked, … */
  error: string | null;
}

export interface LinkProbes {
  /** The page's distinct http(s) links and subresources, the page itself left out. */
  found: number;
  /** Those probed, same origin first, in page order; a bounded number. */
  probed: LinkProbe[];
  /**
   * In a site audit: how many of those probed were links to pages of the crawl, left
   * out of `probed` because the site check broken_link judges them.
   */
  leftToSite?: number;
}

/** A request whose redirect is its answer: the canonical target, the http:// twin of an https page. */
export interface TargetProbe {
  url: string;
  /** Status of that one answer, or null when the request failed. */
  status: number | null;
  /** Where a redirect points (absolute), else null. */
  location: string | null;
  /** Robots directives of the answer (X-Robots-Tag, then meta robots); empty when none or unread. */
  robots: string[];
  /** Error code when status is null. */
  error: string | null;
}

export interface RedirectHop {
  url: string;
  status_code: number;
}

/** A request of the rendered page that the address policy refused. */
export interface RefusedByPolicy {
  url: string;
  reason: string;
}

/**
 * The page as a browser left it once its scripts ran (render: true): what the page
 * checks judge, beside the raw answer that keeps status, headers and the raw HTML.
 */
export interface RenderedDom {
  /** The DOM serialised, doctype included. */
  html: string;
  /** Where history routing left the page. */
  finalUrl: string;
  /** The network went quiet before the render's time cap. */
  settled: boolean;
  /** Uncaught exceptions of the page's scripts. */
  pageErrors: string[];
  /** The page's requests the address policy refused. */
  refused: RefusedByPolicy[];
  /** Links that route by fragment only (`#/page`), which search engines do not follow. */
  fragmentRoutes: string[];
  /** The resources the page asked for to render (scripts, styles, data, frames). */
  resources: { url: string; type: string }[];
  /** Dialogs the page opened (alert, confirm, prompt), each dismissed. */
  dialogs: number;
  /** Windows the page opened, each closed at once. */
  windowsBlocked: number;
  /** axe-core's WCAG A and AA rules run in the rendered page; absent when the renderer was not asked to. */
  accessibility?: AccessibilityAudit;
}

/** How much a violation of an axe-core rule hinders people, as axe-core rates it. */
export type AccessibilityImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One element an axe-core rule fails on, bounded (docs/rendering.md). */
export interface AccessibilityNode {
  /** A CSS selector of the element (shadow roots and frames joined by ` >>> `). */
  target: string;
  /** The element's start of markup, cut. */
  html: string;
  /** What to fix, in axe-core's words, cut. */
  failure_summary: string;
}

/** One axe-core rule the page violates. */
export interface AccessibilityViolation {
  /** axe-core's rule id (`image-alt`, `label`, `color-contrast`…). */
  id: string;
  /** The worst impact among its elements; null when axe-core gave none. */
  impact: AccessibilityImpact | null;
  /** axe-core's help text: what the rule asks for. */
  help: string;
  help_url: string;
  description: string;
  /** axe-core's tags of the rule (`wcag2a`, `wcag143`, `cat.color`…). */
  tags: string[];
  /** Elements that fail it, all of them. */
  node_count: number;
  /** The first of them, bounded. */
  nodes: AccessibilityNode[];
}

/**
 * Accessibility of a rendered page: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules run
 * in the page the renderer loaded, or why they were not (`render: false`, a timeout…).
 * Its own category beside the score's four: it moves no score.
 */
export type AccessibilityAudit =
  | {
      ran: true;
      /** `axe-core <version>`. */
      engine: string;
      /** The axe-core tags whose rules ran. */
      tags: string[];
      /** The rules the page violates, worst impact first; bounded. */
      violations: AccessibilityViolation[];
      /** How long axe-core took in the page. */
      ms: number;
    }
  | {
      ran: false;
      /** Why no rule ran: `render: false`, `not rendered`, or what failed (`timed out after 5000 ms`). */
      reason: string;
    };

/**
 * What rendering a page met, as a site audit's page shows it: rendered (its DOM
 * judged), or why not (the renderer's code; its raw HTML judged instead).
 */
export interface RenderOutcome {
  /** `rendered`, or why the browser gave no page: `page_unresponsive`, `page_crashed`, `too_large`, `navigation_failed`… */
  status: string;
  /** The network went quiet before the render's time cap; null when it gave no page. */
  settled: boolean | null;
  dialogs: number;
  windows_blocked: number;
  /** Uncaught exceptions of the page's scripts. */
  script_errors: number;
  /** Why the browser gave no page, in words; null when it did. */
  message: string | null;
  /** A site audit with render: "auto": the page's template and why it was rendered or not. */
  choice?: RenderChoiceOutcome;
}

/** Why a page of a render: "auto" audit was rendered (`start`, `sample`, `rendered`) or judged raw (`raw`). */
export interface RenderChoiceOutcome {
  kind: 'start' | 'sample' | 'rendered' | 'raw';
  template: string;
  reason: string;
}

/** What a rendered snapshot keeps beside the DOM it judges. */
export interface RenderingFacts extends Omit<RenderedDom, 'html'> {
  /** The raw HTML as the server sent it, decoded: the rendered-against-raw checks read it. */
  rawHtml: string;
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
  /** Each Set-Cookie header of the final page on its own. */
  setCookies: string[];
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
  /** The HTML judged: the rendered DOM when rendered, else the raw body decoded. */
  html: string;
  /** Present only when the page was rendered (render: true). */
  rendering?: RenderingFacts;
  robotsTxt: SideFetch | null;
  sitemap: SideFetch | null;
  notFoundProbe: SideFetch | null;
  favicon: SideFetch | null;
  /** The page's links and subresources probed (broken_links), null when not probed. */
  linkProbes: LinkProbes | null;
  /** The canonical URL when it names another page, asked without following redirects. */
  canonicalProbe: TargetProbe | null;
  /** An https page's URL with http://, asked without following redirects (https_redirect). */
  httpProbe: TargetProbe | null;
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
  category: CheckCategory;
  importance: Importance;
  passed: boolean | null;
  title: string;
  message: string;
  value: unknown;
  /** Failed checks only: what to change. */
  advice?: string;
  /** Failed checks only: the check in the catalogue, relative to the service (`/docs/checks#<id>`). */
  doc_url?: string;
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

/** The `results` of a report (docs/checks.md). */
export interface AnalysisResults {
  /** Capped at 49 when a capping check (http_status, indexable) failed. */
  score: number;
  /** The score before the cap. */
  uncapped_score: number;
  /** The capping checks that failed, whether or not the cap lowered the score. */
  capped_by: string[];
  /** Derived from score: good ≥ 80, decent ≥ 50, else bad. */
  rating: Rating;
  categories: Record<Category, CategoryScore>;
  checks: CheckResult[];
  page: PageFacts;
  /** With render: true, what the render met (the DOM judged is the browser's). */
  render?: RenderOutcome;
  /**
   * axe-core's WCAG A and AA rules run in the rendered page, or why none ran
   * (`render: false`); in no score. Absent from reports made before it was kept.
   */
  accessibility?: AccessibilityAudit;
}

export const RATINGS = ['good', 'decent', 'bad'] as const;
export type Rating = (typeof RATINGS)[number];
