import { clip } from '../checks/check.js';
import { THRESHOLDS } from '../thresholds.js';
import type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawlFacts,
  SiteLink,
  SitePage,
} from './site-crawl.js';
import { answerOf, isBroken } from './site-facts.js';

/**
 * Links between the site's own pages that lead nowhere or through a redirect. A link
 * is judged by the crawl's answer for its target, followed or nofollow alike; a target
 * the crawl did not request (out of scope, robots.txt, `max_pages`, reached only by
 * nofollow links) is no page, so its links are not judged.
 */

/** How many targets a finding lists, as page checks list evidence. */
export const LINK_TARGETS_MAX = THRESHOLDS.evidenceMaxItems;

/**
 * Each linking page with the distinct targets it links to that `judged` picks, in the
 * order of its first link to each, at most LINK_TARGETS_MAX, each with the first
 * non-empty anchor text of the page's links to it.
 */
function linkFindings(
  facts: SiteCrawlFacts,
  judged: (target: SitePage) => boolean,
  evidenceOf: (target: SitePage, anchor: string) => Record<string, unknown>,
): SiteCheckFinding[] {
  const targetsByPage = new Map<
    number,
    Map<number, { target: SitePage; anchor: string }>
  >();
  for (const link of facts.links) {
    if (link.to === null) continue;
    const target = facts.byId.get(link.to);
    if (target === undefined || !judged(target)) continue;
    let targets = targetsByPage.get(link.from);
    if (targets === undefined) {
      targets = new Map();
      targetsByPage.set(link.from, targets);
    }
    const known = targets.get(target.id);
    if (known !== undefined) {
      if (known.anchor === '') known.anchor = link.anchor;
    } else if (targets.size < LINK_TARGETS_MAX) {
      targets.set(target.id, { target, anchor: link.anchor });
    }
  }
  const findings: SiteCheckFinding[] = [];
  for (const page of facts.pages) {
    const targets = targetsByPage.get(page.id);
    if (targets === undefined) continue;
    findings.push({
      pageId: page.id,
      value: [...targets.values()].map(({ target, anchor }) =>
        evidenceOf(target, anchor),
      ),
    });
  }
  return findings;
}

export const brokenLink: SiteCheck = {
  id: 'broken_link',
  title: 'Broken internal links',
  importance: 'high',
  gate: 'error',
  facts: [],
  affectedPage: 'the linking page',
  affectsWhen: `The page links (followed or nofollow) to a page of the crawl answered 4xx or 5xx or whose fetch failed (the page check \`broken_links\` leaves such links to this check, and judges links to a redirect and to other sites); a link to a URL the crawl did not request (out of scope, disallowed by robots.txt, past \`max_pages\`) is not judged; the value lists up to ${LINK_TARGETS_MAX} targets, each with its \`status_code\` or \`error\` and the first non-empty anchor text of the page's links to it.`,
  advice:
    'Point each of these links at a page that answers 200, or bring the missing page back (or redirect its old URL to the page that replaces it).',
  run: (facts) =>
    linkFindings(facts, isBroken, (target, anchor) => ({
      url: target.url,
      status_code: target.statusCode,
      error: target.error,
      anchor: clip(anchor),
    })),
};

/**
 * Whether broken_link judges a page's link to a URL (`link` targets only): the URL is
 * a page of the crawl answered 4xx, 5xx or not at all that the page's stored links
 * reach, or one answered 2xx (nothing broken there to name). A redirect is not
 * (broken_link does not follow it), nor a URL the crawl did not request. A site
 * audit's broken_links leaves these links to broken_link, so a problem is named once
 * and none is named by neither. `links` holds at least every link to a broken page.
 */
export function judgedByBrokenLink(
  pages: readonly SitePage[],
  links: readonly SiteLink[],
): (pageId: number, target: { url: string; kind: string }) => boolean {
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  const byId = new Map(pages.map((page) => [page.id, page]));
  const brokenTargets = new Map<number, Set<number>>();
  for (const link of links) {
    const target = link.to === null ? undefined : byId.get(link.to);
    if (target === undefined || !isBroken(target)) continue;
    let targets = brokenTargets.get(link.from);
    if (targets === undefined) {
      targets = new Set();
      brokenTargets.set(link.from, targets);
    }
    targets.add(target.id);
  }
  return (pageId, { url, kind }) => {
    const target = kind === 'link' ? byUrl.get(url) : undefined;
    if (target === undefined) return false;
    if (answerOf(target) === 'success') return true;
    return (
      isBroken(target) && brokenTargets.get(pageId)?.has(target.id) === true
    );
  };
}

export const redirectedLink: SiteCheck = {
  id: 'redirected_link',
  title: 'Links to redirects',
  importance: 'low',
  gate: 'warn',
  facts: [],
  affectedPage: 'the linking page',
  affectsWhen: `The page links (followed or nofollow) to a page of the crawl answered 3xx; the value lists up to ${LINK_TARGETS_MAX} targets, each with its \`status_code\` and \`redirect_to\`.`,
  advice:
    'Link straight to the URL the redirect ends on: each redirect costs visitors a round trip and crawlers a request.',
  run: (facts) =>
    linkFindings(
      facts,
      (target) => answerOf(target) === 'redirect',
      (target) => ({
        url: target.url,
        status_code: target.statusCode,
        redirect_to: target.redirectTo,
      }),
    ),
};

export const INTERNAL_LINK_CHECKS: readonly SiteCheck[] = [
  brokenLink,
  redirectedLink,
];
