import { gatherFetched } from '../fetch/gather.js';
import type { SiteFacts } from '../fetch/gather.js';
import type { FetchedResponse } from '../fetch/guarded-client.js';
import type { ProbeAnswers } from '../fetch/probe-answers.js';
import { httpTwinOf } from '../fetch/probes.js';
import { judge } from '../judge.js';
import { PROBE_LIMITS } from '../options.js';
import type {
  AccessibilityAudit,
  AnalysisResults,
  RenderedDom,
  TargetProbe,
} from '../types.js';
import { anchors, linkTarget } from '../links.js';
import { textOf, tokensOf } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import { forbidsFollowing } from '../robots.js';
import { normaliseUrl } from './crawl-scope.js';
import { readPageFacts } from './page-facts.js';
import type { ReadPageFacts } from './page-facts.js';

/** An `<a href>` of the page's body with an http(s) target, as a crawl reads it. */
export interface AuditLink {
  /** Normalised, absolute. */
  url: string;
  /** The link's text, whitespace collapsed, at most 200 characters. */
  anchor: string;
  /** False for rel=nofollow, or on a page whose robots directives say nofollow. */
  followed: boolean;
}

/** What a site audit reads of an HTML page, besides its page checks: the facts of the table (page-facts.ts) and its links. */
export interface AuditPageFacts extends ReadPageFacts {
  /** A nofollow directive in meta robots or X-Robots-Tag: none of the page's links are followed. */
  nofollow: boolean;
  /** The page's links, each target once, in the order they first appear. */
  links: AuditLink[];
  /** An anchor text was longer than ANCHOR_MAX and is kept cut. */
  anchorsCut: boolean;
}

const ANCHOR_MAX = 200;

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The probe plan a crawl keeps of a page: what its broken_links and canonical checks are judged again over. */
export interface AuditProbePlan {
  /** Distinct http(s) links and subresources of the page. */
  found: number;
  /** The first of them as single-page analyses probe them: same origin first, at most 50. */
  targets: Array<{ url: string; kind: string }>;
  /** The canonical URL when it names another page. */
  canonical: string | null;
  /** That canonical as written, when written relative (absent in plans stored before it was kept). */
  relativeCanonical?: string | null;
}

/** What a crawl reads of an HTML page it fetched, parsed once: its facts, its probe plan, its page checks. */
export interface AuditPageReading {
  facts: AuditPageFacts;
  plan: AuditProbePlan;
  results: AnalysisResults;
}

/**
 * Reads an HTML page answered 200 as a crawl does, without the network: parsed once
 * for its facts, its probe plan and its page checks, with the site's facts it was
 * given (asked once an audit). No probe is asked (a crawl probes each URL once an
 * audit and judges broken_links and canonical again once it stops), but the http://
 * twin of an https page, which the site answered once for all its pages. With
 * `rendered`, the facts, links and checks are those of the DOM a browser rendered.
 */
export async function readAuditPage(
  answer: FetchedResponse,
  url: string,
  site: SiteFacts,
  twin: TargetProbe | null,
  rendered?: RenderedDom,
): Promise<AuditPageReading> {
  const { snapshot, page, plan } = await gatherFetched(
    url,
    answer,
    site,
    answersAtFirst(url, twin),
    rendered,
  );
  return {
    facts: auditPageFacts(
      page,
      url,
      answer.headers,
      rendered?.accessibility ?? null,
    ),
    plan: {
      found: plan.targets.length,
      targets: plan.targets.slice(0, PROBE_LIMITS.maxUrls),
      canonical: plan.canonical,
      relativeCanonical: plan.relativeCanonical ?? null,
    },
    results: judge(snapshot, page),
  };
}

/** The answers a page has while a crawl reads it: `unchecked`, but its http:// twin's. */
function answersAtFirst(url: string, twin: TargetProbe | null): ProbeAnswers {
  const page = new URL(url);
  const twinUrl = page.protocol === 'https:' ? httpTwinOf(url) : null;
  return {
    answer: (question) =>
      Promise.resolve(
        question.url === twinUrl && twin
          ? {
              ...twin,
              url: twinUrl,
              // The site's answer for its start page, carried over to this page's path.
              location:
                twin.location === null
                  ? null
                  : new URL(`${page.pathname}${page.search}`, twin.location)
                      .href,
            }
          : {
              url: question.url,
              status: null,
              location: null,
              robots: [],
              error: 'unchecked',
            },
      ),
  };
}

/** The facts of a parsed HTML page, and of its render's accessibility audit when it was rendered. */
export function auditPageFacts(
  page: ParsedPage,
  finalUrl: string,
  headers: Record<string, string>,
  accessibility: AccessibilityAudit | null = null,
): AuditPageFacts {
  const facts = readPageFacts(page, finalUrl, headers, accessibility);
  const nofollow = facts.robots.some((directives) =>
    forbidsFollowing(directives),
  );
  // One link a target: the first anchor text, followed if any link to it is.
  const byUrl = new Map<string, AuditLink>();
  let anchorsCut = false;
  for (const anchor of anchors(page)) {
    const target = linkTarget(page, anchor);
    const url = target ? normaliseUrl(target.href) : null;
    if (url === null) continue;
    const followed = !nofollow && !tokensOf(anchor, 'rel').includes('nofollow');
    const known = byUrl.get(url);
    if (known) {
      known.followed ||= followed;
      continue;
    }
    const text = collapse(textOf(anchor));
    anchorsCut ||= text.length > ANCHOR_MAX;
    byUrl.set(url, { url, anchor: text.slice(0, ANCHOR_MAX), followed });
  }
  const links = [...byUrl.values()];
  return { ...facts, nofollow, links, anchorsCut };
}
