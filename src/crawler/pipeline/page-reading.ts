import { failedRenderOutcome, renderedOutcome } from '../../analysis/index.js';
import type {
  AuditPageReading,
  FetchedResponse,
  Rating,
  RenderOutcome,
  SiteFacts,
  StoredResults,
  TargetProbe,
} from '../../analysis/index.js';
import type { PageAnswer } from '../fetch/page-fetcher.js';
import type { CrawlPolicy, Discovery } from '../policy/crawl-policy.js';
import { bareRecord } from '../frontier/crawl-records.js';
export type {
  DecidedDiscovery,
  PageReading,
} from '../frontier/crawl-records.js';
import type {
  DecidedDiscovery,
  LinkRow,
  PageReading,
  ProbeTarget,
} from '../frontier/crawl-records.js';
import { distinctDiscoveries } from '../frontier/frontier-decisions.js';
import { urlHash } from '../crawl.js';
import {
  LINKS_MAX,
  boundedAnchors,
  boundedFacts,
  boundedResults,
  boundedText,
} from './stored-bounds.js';

/** A redirect's target, normalised, or null (no redirect, or no usable Location). */
export function redirectTargetOf(answer: {
  url: string;
  status: number;
  headers: Record<string, string>;
}): string | null {
  if (answer.status < 300 || answer.status >= 400) return null;
  const location = answer.headers.location;
  if (!location) return null;
  const target = URL.parse(location, answer.url);
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:'))
    return null;
  target.hash = '';
  return target.href;
}

/** A discovery keyed and decided by the policy. */
export function decided(
  discovery: Discovery,
  policy: CrawlPolicy,
): DecidedDiscovery {
  return {
    ...discovery,
    hash: urlHash(discovery.url),
    refusal: discovery.inScope ? policy.refusal(discovery.url) : null,
  };
}

/** Combines what a page says of each URL, keeping each one's decision. */
function distinctDecided(list: DecidedDiscovery[]): DecidedDiscovery[] {
  const refusals = new Map(list.map((d) => [d.hash, d.refusal]));
  return distinctDiscoveries(list).map((d) => ({
    ...d,
    refusal: refusals.get(d.hash) ?? null,
  }));
}

/**
 * An answer that is not an HTML page answered 200 (a redirect, an error, an image):
 * its status and, for a redirect, its target.
 */
export function readHead(
  answer: Pick<FetchedResponse, 'url' | 'status' | 'headers'>,
  depth: number | null,
  policy: CrawlPolicy,
): PageReading {
  const redirectTo = redirectTargetOf(answer);
  const record = bareRecord({
    statusCode: answer.status,
    redirectTo,
    contentType: answer.headers['content-type'] ?? null,
  });
  const discoveries =
    redirectTo === null
      ? []
      : [decided(policy.redirect(redirectTo, depth), policy)];
  return { record, discoveries, links: [], probeTargets: [] };
}

/** What the crawl's owner makes of an HTML page: its facts, what it points at, its verdict as stored. */
export interface OwnersReading {
  facts: AuditPageReading['facts'];
  plan: AuditPageReading['plan'];
  results: StoredResults;
  score: number | null;
  rating: Rating | null;
  /** The ids of the checks the page fails. */
  failedChecks: string[];
}

/**
 * How the crawl's owner reads an HTML page (with the site's facts, and the page's twin
 * probe): the default export of the module the owner names (CrawlerOwner.pageReading),
 * loaded on each reader thread, so the crawler runs no check of its own.
 */
export type ReadCrawledPage = (
  answer: PageAnswer,
  url: string,
  site: SiteFacts,
  twin: TargetProbe | null,
) => Promise<OwnersReading>;

/**
 * An HTML page answered 200, read once by the owner's reading: its verdict and facts,
 * the URLs its links, canonical and hreflang make known, its links, and what it points
 * to that the crawl probes once.
 */
export async function readPage(
  url: string,
  answer: PageAnswer,
  depth: number | null,
  policy: CrawlPolicy,
  site: SiteFacts,
  twin: TargetProbe | null,
  read: ReadCrawledPage,
): Promise<PageReading> {
  const reading = await read(answer, url, site, twin);
  return readingOf(url, answer, depth, policy, reading);
}

/** What the crawl keeps of a page its owner read. */
export function readingOf(
  url: string,
  answer: Pick<FetchedResponse, 'status' | 'headers' | 'truncated'>,
  depth: number | null,
  policy: CrawlPolicy,
  { facts, plan, results, score, rating, failedChecks }: OwnersReading,
): PageReading {
  const kept = boundedFacts(facts);
  const stored = boundedResults(results);
  const read = facts.links.slice(0, LINKS_MAX);
  const anchors = boundedAnchors(read.map((link) => link.anchor));
  const record = bareRecord({
    statusCode: answer.status,
    contentType: answer.headers['content-type'] ?? null,
    html: true,
    truncated: answer.truncated === true,
    ...kept.facts,
    textsCut: kept.textsCut || stored.cut || anchors.cut || facts.anchorsCut,
    linksCut: facts.links.length > read.length || kept.listsCut,
    outlinks: facts.links.length,
    plan,
    results: stored.results,
    score,
    result: rating,
    failedChecks,
  });
  const mentioned: DecidedDiscovery[] = read.map((link, position) =>
    decided(policy.link(link.url, link.followed, depth, position), policy),
  );
  const links: LinkRow[] = read.map((link, position) => ({
    toHash: mentioned[position].hash,
    followed: link.followed,
    anchor: anchors.anchors[position],
    position,
  }));
  if (facts.canonical !== null) {
    mentioned.push(decided(policy.named(facts.canonical, 'canonical'), policy));
  }
  for (const alternate of record.hreflang ?? []) {
    mentioned.push(decided(policy.named(alternate.url, 'hreflang'), policy));
  }
  // In-scope links are pages (the crawl answers them); the rest is probed if allowed.
  const pages = new Set(mentioned.filter((d) => d.crawlable).map((d) => d.url));
  const probeTargets: ProbeTarget[] = [];
  const probed = new Set<string>();
  const probe = (target: string) => {
    if (probed.has(target) || !policy.mayProbe(target)) return;
    probed.add(target);
    probeTargets.push({
      url: target,
      hash: urlHash(target),
      inScope: policy.inScope(target),
    });
  };
  for (const target of plan.targets) {
    const inScope = policy.inScope(target.url);
    if (!inScope || (target.kind !== 'link' && !pages.has(target.url))) {
      probe(target.url);
    }
  }
  if (plan.canonical && !policy.inScope(plan.canonical)) probe(plan.canonical);
  return {
    record,
    discoveries: distinctDecided(mentioned),
    links,
    probeTargets,
  };
}

/** The longest message of a render's failure a page keeps. */
const RENDER_MESSAGE_MAX = 500;

/** What the render of a page met, when its crawl renders: rendered, or why not. */
export function renderOutcomeOf(
  answer: Pick<PageAnswer, 'rendered' | 'renderFailure'>,
): RenderOutcome | null {
  const { rendered, renderFailure } = answer;
  if (rendered) return renderedOutcome(rendered);
  if (renderFailure) {
    return failedRenderOutcome(
      renderFailure.reason,
      boundedText(renderFailure.message, RENDER_MESSAGE_MAX).text ?? '',
    );
  }
  return null;
}
