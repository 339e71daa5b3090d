import { THRESHOLDS } from '../thresholds.js';
import type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawlFacts,
  SitePage,
} from './site-crawl.js';
import { answerOf } from './site-facts.js';

/**
 * Redirects that take more than one hop, or never end. The crawl does not follow a
 * redirect in place: each hop in scope is a page of its own, so a walk goes from page to
 * page by `redirectTo`. A walk that reaches a URL in scope the crawl did not fetch
 * (robots.txt, `max_pages`) cannot be judged: that URL might redirect on, or back.
 */

/** Hops from which a walk of redirects is a chain. */
export const REDIRECT_CHAIN_MIN_HOPS = 2;
/** URLs a finding lists of a walk, as page checks list evidence. */
export const REDIRECT_PATH_MAX = THRESHOLDS.evidenceMaxItems;

/** Where following a page's redirects leads. */
type Walk =
  /** To an answer that is not a redirect, or to a URL out of scope, after `hops` redirects. */
  | { kind: 'ends'; hops: number }
  /** Back to a URL already on the way. */
  | { kind: 'loops' }
  /** To a URL the crawl did not fetch, or that has no answer. */
  | { kind: 'unknown' };

const LOOPS: Walk = { kind: 'loops' };
const UNKNOWN: Walk = { kind: 'unknown' };

/** A redirect the crawl can follow: a 3xx with a target (a 3xx without one ends a walk). */
function redirects(page: SitePage): page is SitePage & { redirectTo: string } {
  return answerOf(page) === 'redirect' && page.redirectTo !== null;
}

/**
 * The walk from every page, each page visited once over all walks: redirects make a
 * graph where each page has at most one way out, so a walk stops at a page already
 * known, or at one on its own way (a loop), and what it finds is true of every page on it.
 */
function walksOf(facts: SiteCrawlFacts): Map<number, Walk> {
  const walks = new Map<number, Walk>();
  const onTheWay = new Set<number>();
  for (const start of facts.pages) {
    const way: SitePage[] = [];
    let page = start;
    let end: Walk;
    for (;;) {
      const known = walks.get(page.id);
      if (known !== undefined) {
        end = known;
        break;
      }
      if (onTheWay.has(page.id)) {
        end = LOOPS;
        break;
      }
      if (!redirects(page)) {
        end = answerOf(page) === null ? UNKNOWN : { kind: 'ends', hops: 0 };
        walks.set(page.id, end);
        break;
      }
      onTheWay.add(page.id);
      way.push(page);
      const next = facts.byUrl.get(page.redirectTo);
      if (next === undefined) {
        // A URL out of scope ends the walk, and counts as a hop; one in scope was not fetched.
        end = facts.inScope(page.redirectTo)
          ? UNKNOWN
          : { kind: 'ends', hops: 0 };
        break;
      }
      page = next;
    }
    for (let i = way.length - 1; i >= 0; i--) {
      if (end.kind === 'ends') end = { kind: 'ends', hops: end.hops + 1 };
      walks.set(way[i].id, end);
      onTheWay.delete(way[i].id);
    }
  }
  return walks;
}

interface Hop {
  url: string;
  /** Null for a URL out of scope, or a fetch that failed. */
  status_code: number | null;
}

/** The URLs from the page on, until the walk ends or comes back to a URL already on it (listed again); at most REDIRECT_PATH_MAX. */
function pathFrom(facts: SiteCrawlFacts, start: SitePage): Hop[] {
  const path: Hop[] = [];
  const seen = new Set<string>();
  let page: SitePage | undefined = start;
  let url = start.url;
  while (path.length < REDIRECT_PATH_MAX) {
    path.push({ url, status_code: page?.statusCode ?? null });
    if (page === undefined || seen.has(url) || !redirects(page)) break;
    seen.add(url);
    url = page.redirectTo;
    page = facts.byUrl.get(url);
  }
  return path;
}

/**
 * Pages by which a chain can be entered: linked (followed or nofollow), listed in a
 * sitemap, the start URL (the first page of depth 0: the crawl requests it first), or
 * the target of no redirect (reached by a canonical or an hreflang). The others are
 * only ever reached through another page's redirect: middle hops.
 */
function entrancesOf(facts: SiteCrawlFacts): (page: SitePage) => boolean {
  const linked = new Set<number>();
  for (const link of facts.links) if (link.to !== null) linked.add(link.to);
  const redirectedTo = new Set<number>();
  for (const page of facts.pages) {
    if (!redirects(page)) continue;
    const target = facts.byUrl.get(page.redirectTo);
    if (target !== undefined && target !== page) redirectedTo.add(target.id);
  }
  const start = facts.pages.find((page) => page.depth === 0);
  return (page) =>
    linked.has(page.id) ||
    page.inSitemap ||
    page === start ||
    !redirectedTo.has(page.id);
}

export const redirectChain: SiteCheck = {
  id: 'redirect_chain',
  title: 'Redirect chain',
  importance: 'medium',
  gate: 'warn',
  facts: [],
  affectedPage: 'the first URL',
  affectsWhen: `A URL the chain is entered by (one linked, followed or not, one listed in a sitemap, the start URL, or one no other page redirects to) redirects ${REDIRECT_CHAIN_MIN_HOPS} or more times before an answer that is not a redirect, a last hop out of scope counting as a hop; middle hops, the URLs of a loop and walks that reach a URL the crawl did not fetch are not affected; the value lists the URLs from the page to the end of the chain with their \`status_code\` (at most ${REDIRECT_PATH_MAX}).`,
  advice:
    'Redirect each old URL straight to its final address in one hop, and make links and sitemaps name the final address.',
  run: (facts) => {
    const walks = walksOf(facts);
    const isEntrance = entrancesOf(facts);
    const findings: SiteCheckFinding[] = [];
    for (const page of facts.pages) {
      const walk = walks.get(page.id)!;
      if (walk.kind !== 'ends' || walk.hops < REDIRECT_CHAIN_MIN_HOPS) continue;
      if (!isEntrance(page)) continue;
      findings.push({ pageId: page.id, value: pathFrom(facts, page) });
    }
    return findings;
  },
};

export const redirectLoop: SiteCheck = {
  id: 'redirect_loop',
  title: 'Redirect loop',
  importance: 'high',
  gate: 'error',
  facts: [],
  affectedPage: 'every URL of the loop',
  affectsWhen: `Following the page's redirects comes back to a URL already on the way, whether the page is on the loop or redirects into it; the value lists the URLs from the page until the first one that comes back, listed again, with their \`status_code\` (at most ${REDIRECT_PATH_MAX}).`,
  advice:
    'Break the loop: make the address visitors should reach answer 200, and redirect the other URLs straight to it.',
  run: (facts) => {
    const walks = walksOf(facts);
    return facts.pages
      .filter((page) => walks.get(page.id)!.kind === 'loops')
      .map((page) => ({ pageId: page.id, value: pathFrom(facts, page) }));
  },
};

export const REDIRECT_CHECKS: readonly SiteCheck[] = [
  redirectChain,
  redirectLoop,
];
