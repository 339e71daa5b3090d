import { unreadPageFacts } from '../../analysis/index.js';
import type { RecordedPageFacts, RenderOutcome } from '../../analysis/index.js';
import type { Discovery } from '../policy/crawl-policy.js';

/**
 * What the crawl's frontier takes and gives: the URLs a page makes known (each with
 * its key), its links, its record, a claimed page, a probe's answer, and what the
 * crawl does next.
 */

/** A discovery with the key its URL has in the frontier. */
export interface KeyedDiscovery extends Discovery {
  hash: string;
}

/** A discovery with its key and, for an in-scope URL, whether it may be requested. */
export interface DecidedDiscovery extends KeyedDiscovery {
  /** Why the crawl will not request it once placed (robots.txt, too long); null when it may. */
  refusal: 'blocked' | 'skipped' | null;
}

/** What reading one answer gave the crawl: the page's record and what it makes known. */
export interface PageReading {
  record: PageRecord;
  /** Each URL once, in key order. */
  discoveries: DecidedDiscovery[];
  links: LinkRow[];
  /** URLs to probe once for the audit (out of scope, or in-scope subresources). */
  probeTargets: ProbeTarget[];
}

/** A link of a page, by its target's key (the target is a discovery of the same page). */
export interface LinkRow {
  toHash: string;
  followed: boolean;
  anchor: string;
  /** Its place among the page's links. */
  position: number;
}

/** A URL to probe once for the crawl (out of scope, or an in-scope subresource). */
export interface ProbeTarget {
  url: string;
  hash: string;
  inScope: boolean;
}

/**
 * The error of a page that could not be processed because of a failure of the
 * service, not of the site (its database, a bug): it is unknown, never broken, and the
 * audit says it is incomplete because of it.
 */
export { SERVICE_ERROR } from '../../analysis/index.js';

/**
 * What a requested page answered and what it is, as the crawl stores it: its answer,
 * the facts of the page-fact table (analysis/site/page-facts.ts) and its judgement.
 */
export interface PageRecord extends RecordedPageFacts {
  statusCode: number | null;
  /** Why it has no answer: the fetch's error code, or SERVICE_ERROR. */
  error: string | null;
  redirectTo: string | null;
  contentType: string | null;
  html: boolean;
  /** The body was longer than the crawl reads: the page was judged on its first bytes. */
  truncated: boolean;
  /** A fact's text (a title, a description), an anchor or check evidence was longer than kept: stored cut. */
  textsCut: boolean;
  /** The page had more links (or items of a fact's list, as hreflang alternates) than the crawl reads: its first ones were read. */
  linksCut: boolean;
  outlinks: number;
  plan: unknown;
  results: unknown;
  /** What rendering met (render: true): rendered or why not, settled, dialogs, windows. */
  render: RenderOutcome | null;
  score: number | null;
  result: string | null;
  failedChecks: string[];
}

/** The record of a page without an HTML answer to read: its status, or why it has none. */
export function bareRecord(fields: Partial<PageRecord> = {}): PageRecord {
  return {
    statusCode: null,
    error: null,
    redirectTo: null,
    contentType: null,
    html: false,
    truncated: false,
    textsCut: false,
    linksCut: false,
    ...unreadPageFacts(),
    outlinks: 0,
    plan: null,
    render: null,
    results: null,
    score: null,
    result: null,
    failedChecks: [],
    ...fields,
  };
}

/** A page taken for its request. */
export interface ClaimedPage {
  /** The row's key: the id of the page's job. */
  key: string;
  hash: string;
  auditId: string;
  accountId: string;
  url: string;
  depth: number | null;
  place: number;
  attempts: number;
}

/** A page read, to be settled. */
export interface PageSettlement {
  page: ClaimedPage;
  reading: PageReading;
}

/** An answer of a probe (an out-of-scope target or a subresource, asked once an audit). */
export interface ProbeAnswer {
  url: string;
  statusCode: number | null;
  error: string | null;
  redirectTo: string | null;
  robots: string[];
}

/** What an advance did: how many pages it queued, and whether the crawl has stopped. */
export interface Advance {
  placed: number;
  /** The crawl has stopped (done, max_pages or cancelled) with nothing in flight: what it found is judged next. */
  stopped: boolean;
}

export const NOTHING_NEXT: Advance = { placed: 0, stopped: false };
