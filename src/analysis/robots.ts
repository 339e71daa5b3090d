import type { Element } from 'domhandler';
import { elementsOf } from './parse.js';
import type { ParsedPage } from './parse.js';
import {
  agentRules,
  parseRobotsTxt,
  robotsTxtLine,
  robotsVerdict,
} from './robots-txt/index.js';
import type { AgentRules } from './robots-txt/index.js';
import type { SideFetch } from './types.js';

/**
 * What robots rules say about a URL, read one way by every check that needs it
 * (robots_txt, indexable, nofollow, canonical) and by gathering (the canonical target).
 */

/** noindex, or none (noindex plus nofollow), as a directive in a robots list. */
const NOINDEX = /(^|[\s,:])(noindex|none)(?=$|[\s,;])/i;
/** nofollow, or none, as a directive in a robots list. */
const NOFOLLOW = /(^|[\s,:])(nofollow|none)(?=$|[\s,;])/i;

const UNAVAILABLE_AFTER = /(?:^|[\s,:])unavailable_after\s*:\s*(.*)$/i;

/**
 * The date of an `unavailable_after: <date>` directive, in ms. Dates may hold commas
 * ("Tuesday, 25-Jun-2010 15:00:00 PST"), as may the list: the shortest run of the
 * list's pieces that reads as a date is it.
 */
function unavailableAfter(directives: string): number | null {
  const rest = UNAVAILABLE_AFTER.exec(directives)?.[1];
  if (rest === undefined) return null;
  const pieces = rest.split(',');
  for (let count = 1; count <= Math.min(pieces.length, 3); count++) {
    const date = Date.parse(pieces.slice(0, count).join(','));
    if (!Number.isNaN(date)) return date;
  }
  return null;
}

/**
 * Whether robots directives forbid indexing: noindex, none, or an unavailable_after
 * date that has passed at `now` (ms; the answer's Date header, null when unknown).
 */
export function forbidsIndexing(
  directives: string,
  now: number | null = null,
): boolean {
  if (NOINDEX.test(directives)) return true;
  const until = now === null ? null : unavailableAfter(directives);
  return until !== null && until < now!;
}

/** When the page was answered (its Date header), in ms; null when absent or unreadable. */
export function answeredAt(headers: Record<string, string>): number | null {
  const date = Date.parse(headers.date ?? '');
  return Number.isNaN(date) ? null : date;
}

export function forbidsFollowing(directives: string): boolean {
  return NOFOLLOW.test(directives);
}

/** `<meta name="robots">` and `<meta name="googlebot">`: the tags that carry directives for crawlers. */
export function robotsMetas(page: ParsedPage): Element[] {
  return elementsOf(page, 'meta').filter((meta) =>
    ['robots', 'googlebot'].includes(
      meta.attribs.name?.trim().toLowerCase() ?? '',
    ),
  );
}

/** The rules of user-agent `*` per robots.txt fetched: three checks of a page ask the same one. */
const anyCrawlerRules = new WeakMap<SideFetch, AgentRules>();

function anyCrawlerRulesOf(robotsTxt: SideFetch, body: string): AgentRules {
  let rules = anyCrawlerRules.get(robotsTxt);
  if (rules === undefined) {
    // Judged against the origin robots.txt was fetched from: URLs elsewhere are not its to judge.
    const origin = URL.parse(robotsTxt.url)?.origin ?? null;
    rules = agentRules(parseRobotsTxt(body), '*', origin);
    anyCrawlerRules.set(robotsTxt, rules);
  }
  return rules;
}

/**
 * The robots.txt line that forbids user-agent `*` to fetch `url` (read as Googlebot
 * reads robots.txt), or null when it may (or when robots.txt did not answer 200: then
 * nothing is forbidden by it).
 */
export function robotsTxtBlockingLine(
  robotsTxt: SideFetch | null,
  url: string,
): string | null {
  if (robotsTxt?.status !== 200 || robotsTxt.body === null) return null;
  const verdict = robotsVerdict(
    anyCrawlerRulesOf(robotsTxt, robotsTxt.body),
    url,
  );
  if (verdict.allowed) return null;
  return robotsTxtLine(robotsTxt.body, verdict.rule!.line) || 'Disallow';
}

/**
 * Directives crawlers act on: the standard ones (RFC 9309), sitemaps, and the
 * crawl-delay, host and clean-param that Bing and Yandex read.
 */
const KNOWN_DIRECTIVES = new Set([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'crawl-delay',
  'host',
  'clean-param',
]);
/** Directives that belong to the group of the User-agent lines above them. */
const GROUP_RULES = new Set(['allow', 'disallow', 'crawl-delay']);
const DIRECTIVE_LINE = /^([^:\s]+)\s*:(.*)$/;

/** The lines of a robots.txt crawlers would skip or misread: "line 3: Disalow: / (unknown directive)". */
export function robotsTxtProblems(body: string): string[] {
  const problems: string[] = [];
  let inGroup = false;
  const lines = body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const problem = (reason: string) =>
      problems.push(`line ${index + 1}: ${raw.trim()} (${reason})`);
    const match = DIRECTIVE_LINE.exec(line);
    if (!match) return problem('not a directive');
    const directive = match[1].toLowerCase();
    const value = match[2].trim();
    if (!KNOWN_DIRECTIVES.has(directive)) return problem('unknown directive');
    if (directive === 'user-agent') inGroup = true;
    else if (GROUP_RULES.has(directive) && !inGroup)
      problem('a rule before any User-agent');
    else if (directive === 'sitemap' && !isAbsoluteHttpUrl(value))
      problem('not an absolute http(s) URL');
  });
  return problems;
}

function isAbsoluteHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null && (url.protocol === 'http:' || url.protocol === 'https:')
  );
}
