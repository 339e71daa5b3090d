/**
 * The rules one agent obeys, chosen once per robots.txt, and the decision for a URL.
 * What is chosen is plain data, so it can cross to a worker thread; what the matcher
 * prepares from it is kept beside it, per object, in each thread.
 */
import { PreparedRules } from './match.js';
import type { RobotsRule, RobotsTxt } from './parse.js';

/** The rules one agent obeys in a robots.txt: plain data (survives structured clone). */
export interface AgentRules {
  /** Origin of the robots.txt (`https://example.com`): URLs of another are not its to judge; null judges every URL. */
  readonly origin: string | null;
  /** The rules of every group naming the agent, else of every `*` group, in file order. */
  readonly rules: readonly RobotsRule[];
  /** The largest Crawl-delay of those groups, in seconds; null when none. */
  readonly crawlDelaySeconds: number | null;
}

/** No rules: every URL allowed, no delay. */
export const NO_RULES: AgentRules = {
  origin: null,
  rules: [],
  crawlDelaySeconds: null,
};

/** What robots.txt says of a URL, and the rule that decided (null when none matched). */
export interface RobotsVerdict {
  allowed: boolean;
  rule: RobotsRule | null;
}

/**
 * The product token of a User-Agent (`ReportServiceBot/0.1 (+https://…)` →
 * `ReportServiceBot`): its leading letters, `-` and `_`, as Google matches them.
 */
export function productToken(userAgent: string): string {
  return /^[A-Za-z_-]*/.exec(userAgent)![0];
}

/**
 * The rules `agent` (a product token, or `*` for any crawler) obeys: those of the groups
 * whose User-agent names it, case aside, all together; else those of the `*` groups;
 * else none.
 */
export function agentRules(
  robots: RobotsTxt,
  agent: string,
  origin: string | null,
): AgentRules {
  const token = agent.toLowerCase();
  const named =
    token === '*' || token === ''
      ? []
      : robots.groups.filter((group) => group.userAgents.includes(token));
  const groups =
    named.length > 0
      ? named
      : robots.groups.filter((group) => group.userAgents.includes('*'));
  const delays = groups
    .map((group) => group.crawlDelaySeconds)
    .filter((delay) => delay !== null);
  return {
    origin,
    rules: groups.flatMap((group) => group.rules),
    crawlDelaySeconds: delays.length > 0 ? Math.max(...delays) : null,
  };
}

const prepared = new WeakMap<AgentRules, PreparedRules>();

/** The matcher prepared for `rules`, made on first use and kept while they live. */
function preparedRules(rules: AgentRules): PreparedRules {
  let ready = prepared.get(rules);
  if (ready === undefined) {
    ready = new PreparedRules(rules.rules);
    prepared.set(rules, ready);
  }
  return ready;
}

/**
 * What is matched of a URL: its path and query, as serialised (percent-encoded), the
 * `?` of an empty query kept; null for a URL that does not parse.
 */
export function matchedPath(
  url: string,
): { origin: string; path: string } | null {
  const parsed = URL.parse(url);
  if (parsed === null) return null;
  let query = parsed.search;
  // An empty query serialises as a bare `?`, which `search` leaves out.
  if (query === '' && parsed.href.split('#', 1)[0].endsWith('?')) query = '?';
  return { origin: parsed.origin, path: `${parsed.pathname}${query}` };
}

const ALLOWED: RobotsVerdict = { allowed: true, rule: null };

/** What `rules` say of `url` (absolute, percent-encoded as a crawler requests it). */
export function robotsVerdict(rules: AgentRules, url: string): RobotsVerdict {
  if (rules.rules.length === 0) return ALLOWED;
  const target = matchedPath(url);
  // A URL that does not parse, or of another origin, is none of this robots.txt's business.
  if (
    target === null ||
    (rules.origin !== null && target.origin !== rules.origin)
  ) {
    return ALLOWED;
  }
  const rule = preparedRules(rules).decide(target.path);
  if (rule === null) return ALLOWED;
  return { allowed: rule.allow, rule: rule.source };
}

/** Whether `rules` let their agent fetch `url`. */
export function robotsAllows(rules: AgentRules, url: string): boolean {
  return robotsVerdict(rules, url).allowed;
}
