import type { NotRequested } from '../policy/crawl-policy.js';
import type {
  DecidedDiscovery,
  KeyedDiscovery,
  PageReading,
} from './crawl-records.js';

/**
 * The pure decisions of the frontier, which its repository applies in SQL: how the
 * mentions of one URL combine, in what order rows are written (so concurrent writers
 * never deadlock), and how a wave is placed within max_pages.
 */

/** Where a known URL stands in breadth-first order, as the frontier keeps it. */
export interface FrontierOrder {
  crawlable: boolean;
  via: string | null;
  depth: number | null;
  /** The place (page id) of the page that made it known this way; null for the start, sitemaps. */
  parentPlace: number | null;
  position: number | null;
}

const LAST = Number.MAX_SAFE_INTEGER;

/** Whether `b` comes before `a` in breadth-first order: a smaller depth, then an earlier parent, then an earlier link. */
function before(a: FrontierOrder, b: FrontierOrder): boolean {
  if (b.depth === null) return false;
  if (a.depth === null) return true;
  const left = [a.depth, a.parentPlace ?? LAST, a.position ?? LAST];
  const right = [b.depth, b.parentPlace ?? LAST, b.position ?? LAST];
  for (let i = 0; i < 3; i++) {
    if (right[i] !== left[i]) return right[i] < left[i];
  }
  return false;
}

/**
 * What a URL is to the crawl once `found` mentions it again: crawlable if either says
 * so, the earliest breadth-first place of the two, and the way it first came (or the
 * first way that gave it a depth). The frontier's SQL applies the same rule to a row
 * not yet placed; it only ever improves, so concurrent writers agree whatever their order.
 */
export function combined(
  known: FrontierOrder,
  found: FrontierOrder,
): FrontierOrder {
  const earlier = before(known, found);
  return {
    crawlable: known.crawlable || found.crawlable,
    via:
      known.via === null || (known.depth === null && found.depth !== null)
        ? (found.via ?? known.via)
        : known.via,
    depth: earlier ? found.depth : known.depth,
    parentPlace: earlier ? found.parentPlace : known.parentPlace,
    position: earlier ? found.position : known.position,
  };
}

/** Rows are written in the order of their keys, by every writer: no two can wait on each other. */
export function byHash<T extends { hash: string }>(a: T, b: T): number {
  const left = BigInt(a.hash);
  const right = BigInt(b.hash);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The URLs one page makes known, each once (a link, its canonical, an hreflang, a
 * redirect, spellings that normalise alike all name one URL), combined by `combined`
 * and in key order: one statement never names a URL twice.
 */
export function distinctDiscoveries(
  discoveries: readonly KeyedDiscovery[],
): KeyedDiscovery[] {
  const byKey = new Map<string, KeyedDiscovery>();
  for (const discovery of discoveries) {
    const known = byKey.get(discovery.hash);
    if (known === undefined) {
      byKey.set(discovery.hash, { ...discovery });
      continue;
    }
    const order = combined(
      { ...known, parentPlace: null },
      { ...discovery, parentPlace: null },
    );
    byKey.set(discovery.hash, {
      ...known,
      inScope: known.inScope || discovery.inScope,
      crawlable: order.crawlable,
      via: order.via as KeyedDiscovery['via'],
      depth: order.depth,
      position: order.position,
    });
  }
  return [...byKey.values()].sort(byHash);
}

/** The in-scope URL a page redirects to, placed at once: a redirect adds no depth. */
export function inScopeRedirectOf(
  reading: PageReading,
): DecidedDiscovery | undefined {
  return reading.discoveries.find(
    (d) => d.via === 'redirect' && d.inScope && d.crawlable,
  );
}

/** One discovery of a batch, with the page that made it known. */
export interface BatchDiscovery extends DecidedDiscovery {
  auditId: string;
  parentPlace: number;
}

/** Orders rows by crawl, then key: every writer writes in this order, so none waits on another in a circle. */
export function byCrawlAndHash(a: BatchDiscovery, b: BatchDiscovery): number {
  const crawl = BigInt(a.auditId) - BigInt(b.auditId);
  return crawl < 0n ? -1 : crawl > 0n ? 1 : byHash(a, b);
}

/**
 * The mentions of a batch, one per URL of a crawl: what every page of the batch says
 * of it, combined (combined()), each with the page that gives it its place.
 */
export function batchDiscoveries(
  pages: Array<{
    auditId: string;
    place: number;
    discoveries: DecidedDiscovery[];
  }>,
): BatchDiscovery[] {
  const byUrl = new Map<string, BatchDiscovery>();
  for (const page of pages) {
    for (const discovery of page.discoveries) {
      const key = `${page.auditId}:${discovery.hash}`;
      const mention: BatchDiscovery = {
        ...discovery,
        auditId: page.auditId,
        parentPlace: page.place,
      };
      const known = byUrl.get(key);
      if (known === undefined) {
        byUrl.set(key, mention);
        continue;
      }
      const order = combined(known, mention);
      byUrl.set(key, {
        ...known,
        inScope: known.inScope || mention.inScope,
        crawlable: order.crawlable,
        via: order.via as BatchDiscovery['via'],
        depth: order.depth,
        parentPlace: order.parentPlace ?? known.parentPlace,
        position: order.position,
        refusal: known.refusal ?? mention.refusal,
      });
    }
  }
  return [...byUrl.values()].sort(byCrawlAndHash);
}

/** A URL of the next wave, in breadth-first order. */
export interface WaveCandidate {
  key: string;
  url: string;
}

/** How a wave is placed: each URL's state, in order; and whether URLs were left for want of budget. */
export interface WavePlacement {
  placed: Array<{ key: string; state: 'queued' | NotRequested }>;
  queued: number;
  /** Requestable URLs of the wave past max_pages: they stay unplaced, and the crawl stops at max_pages. */
  cut: boolean;
}

/**
 * Places a wave in breadth-first order: a URL robots.txt disallows, or too long to
 * request, is a page that is not requested (and costs no budget); the others are
 * queued while `budget` (max_pages less the pages already queued) lasts. The wave is
 * cut at the first URL past the budget, so the pages of an audit are always the
 * first ones in breadth-first order.
 */
export function placeWave(
  candidates: readonly WaveCandidate[],
  budget: number,
  refusal: (url: string) => NotRequested | null,
): WavePlacement {
  const placed: WavePlacement['placed'] = [];
  let queued = 0;
  for (const candidate of candidates) {
    const refused = refusal(candidate.url);
    if (refused !== null) {
      placed.push({ key: candidate.key, state: refused });
      continue;
    }
    if (queued >= budget) return { placed, queued, cut: true };
    placed.push({ key: candidate.key, state: 'queued' });
    queued++;
  }
  return { placed, queued, cut: false };
}

/** Where a crawl stands when it is asked to advance. */
export interface CrawlStanding {
  /** A cancel was asked for (or the crawl ended otherwise). */
  stopping: boolean;
  queued: number;
  /** Pages being requested and read. */
  flying: number;
  /** Probes asked lately, not answered yet. */
  probing: number;
  /** Pages max_pages lets the crawl still queue. */
  budget: number;
  /** Waves still follow links, depth by depth. */
  linkPhase: boolean;
  /** The depth the next link wave would reach. */
  nextDepth: number;
  maxDepth: number;
  /** No wave of either kind found a URL to place. */
  nothingLeft: boolean;
}

/** What the crawl does next. */
export type CrawlStep = 'wait' | 'cancel' | 'stop' | 'link-wave' | 'named-wave';

/**
 * The next step of a crawl: nothing while its wave is requested (every page of a
 * wave settles before the next is placed, so a URL's depth is its fewest links); a
 * cancelled crawl stops once nothing is in flight; the next link wave while links
 * lead deeper within max_depth; then the waves of URLs of no depth (sitemaps,
 * canonicals, hreflang); and a stop once nothing is left or max_pages is reached,
 * when the probes it asked are answered (its judgement reads them).
 */
export function nextStep(crawl: CrawlStanding): CrawlStep {
  if (crawl.stopping) return crawl.flying > 0 ? 'wait' : 'cancel';
  if (crawl.queued > 0 || crawl.flying > 0) return 'wait';
  if (crawl.budget <= 0 || crawl.nothingLeft) {
    return crawl.probing > 0 ? 'wait' : 'stop';
  }
  if (crawl.linkPhase && crawl.nextDepth <= crawl.maxDepth) return 'link-wave';
  return 'named-wave';
}
