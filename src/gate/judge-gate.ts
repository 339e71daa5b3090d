import { rulesOfPages } from '../site-audits/findings/rules.js';
import type { FindingRule } from '../site-audits/findings/rules.js';
import type { FindingTarget } from '../site-audits/findings/targets.js';
import type { FindingScope } from '../site-audits/findings/findings.js';
import { checkInfo, conditionOf } from './assertions.js';
import type { Level } from './assertion-entry.js';
import type { Assertion, CheckInfo, GateConfig } from './assertions.js';
import { BaselineError, sameSite } from './audit-export.js';
import type { GateAudit } from './audit-export.js';
import { judgeLabAssertion } from './lab-assertions.js';
import type { TemplateBreach } from './lab-assertions.js';

/** How one assertion (not `off`) came out. */
export interface AssertionOutcome {
  assertion: Assertion & { level: Exclude<Level, 'off'> };
  /** The check as the catalogue has it; null for the site score. */
  check: CheckInfo | null;
  passed: boolean;
  /** Pages counted against maxLength (new ones, against a baseline), or the score. */
  actual: number | null;
  /** The pages counted, sorted; empty for the score. */
  pages: string[];
  /** Against a baseline: pages affected now and not then, and then and not now. */
  added: string[] | null;
  fixed: string[] | null;
  /** One line: what was found against what was asked. */
  message: string;
  /**
   * For a link or canonical check: each target (the missing page) the counted pages
   * point at, with those of them that do; null for other checks.
   */
  targets: FindingTarget[] | null;
  /** For a lab metric: the templates over budget, each with its pages; null for other assertions. */
  templates: TemplateBreach[] | null;
  /** For the accessibility check: each axe-core rule the counted pages break, with those pages; null for others. */
  rules: FindingRule[] | null;
}

/** The gate's judgement of one audit. */
export interface GateVerdict {
  url: string;
  auditId: number;
  score: number | null;
  pagesCrawled: number;
  startedAt: string;
  finishedAt: string;
  preset: string | null;
  baseline: { id: number; score: number | null } | null;
  /** In the order of the assertions; `off` ones left out. */
  outcomes: AssertionOutcome[];
  errors: number;
  warnings: number;
  /** 0 when no `error` assertion fails, 1 when one does. */
  exitCode: 0 | 1;
}

export const EXIT_PASSED = 0;
export const EXIT_FAILED = 1;

/**
 * Judges the assertions over an audit. With a baseline (an earlier audit of the same
 * site), a check counts only the pages it did not affect then, and the score fails
 * only when it is below `minScore` and below the baseline's.
 */
export function judgeGate(
  current: GateAudit,
  config: GateConfig,
  baseline: GateAudit | null = null,
): GateVerdict {
  if (baseline && !sameSite(baseline.audit.url, current.audit.url)) {
    throw new BaselineError(
      `The baseline is an audit of ${baseline.audit.url}, not of the site of ${current.audit.url}.`,
    );
  }
  const urlsNow = urlsByCheck(current);
  // A check split into a template and a page finding counts once, with all its pages.
  const first = firstOfEach(current.issues);
  const targetsNow = new Map(
    [...first].map(([id, issue]) => [id, issue.targets]),
  );
  const scopes = new Map([...first].map(([id, issue]) => [id, issue.scope]));
  const rulesNow = rulesByCheck(current);
  const urlsThen = baseline ? urlsByCheck(baseline) : null;
  const outcomes: AssertionOutcome[] = [];
  for (const assertion of config.assertions) {
    if (assertion.level === 'off') continue;
    const active = assertion as AssertionOutcome['assertion'];
    if (assertion.kind === 'score') {
      const score = current.audit.score;
      const before = baseline?.audit.score ?? null;
      const below = score === null || score < assertion.minScore;
      const dropped = before === null || score === null || score < before;
      const passed = !(below && (baseline === null || dropped));
      outcomes.push({
        assertion: active,
        check: null,
        passed,
        actual: score,
        pages: [],
        added: null,
        fixed: null,
        targets: null,
        templates: null,
        rules: null,
        message:
          `score ${score ?? 'n/a'}, ${conditionOf(assertion)}` +
          (baseline ? ` (baseline ${before ?? 'n/a'})` : ''),
      });
      continue;
    }
    if (assertion.kind === 'lab') {
      // A budget is absolute: a baseline changes nothing of it.
      const judged = judgeLabAssertion(assertion, current.templates);
      outcomes.push({
        assertion: active,
        check: checkInfo(assertion.id) ?? null,
        passed: judged.passed,
        actual: judged.actual,
        pages: judged.breaches.flatMap((breach) => breach.measured),
        added: null,
        fixed: null,
        targets: null,
        templates: judged.breaches,
        rules: null,
        message: judged.message,
      });
      continue;
    }
    const now = urlsNow.get(assertion.id) ?? [];
    const then = urlsThen ? (urlsThen.get(assertion.id) ?? []) : null;
    const added = then ? difference(now, then) : null;
    const fixed = then ? difference(then, now) : null;
    const pages = added ?? now;
    const passed = pages.length <= assertion.maxLength;
    const counted = `${pages.length} ${added ? 'new ' : ''}${pages.length === 1 ? 'page' : 'pages'}`;
    outcomes.push({
      assertion: active,
      check: withScope(checkInfo(assertion.id), scopes.get(assertion.id)),
      passed,
      actual: pages.length,
      pages,
      added,
      fixed,
      targets: targetsOfPages(targetsNow.get(assertion.id), pages),
      templates: null,
      rules: rulesNow.has(assertion.id)
        ? rulesOfPages(rulesNow.get(assertion.id)!, pages)
        : null,
      message:
        `${counted}, ${conditionOf(assertion)}` +
        (added ? ` (${now.length} in all, ${fixed!.length} fixed)` : ''),
    });
  }
  const failed = outcomes.filter((o) => !o.passed);
  const errors = failed.filter((o) => o.assertion.level === 'error').length;
  const { audit } = current;
  return {
    url: audit.url,
    auditId: audit.id,
    score: audit.score,
    pagesCrawled: audit.progress.pages_crawled,
    startedAt: audit.created_at,
    finishedAt: audit.finished_at ?? audit.created_at,
    preset: config.preset,
    baseline: baseline
      ? { id: baseline.audit.id, score: baseline.audit.score }
      : null,
    outcomes,
    errors,
    warnings: failed.length - errors,
    exitCode: errors > 0 ? EXIT_FAILED : EXIT_PASSED,
  };
}

/** The catalogue's entry, with the scope the audit's findings give the check. */
function withScope(
  info: CheckInfo | undefined,
  scope: FindingScope | undefined,
): CheckInfo | null {
  if (!info) return null;
  return scope ? { ...info, scope } : info;
}

/** The targets the counted pages point at, each with those of them only. */
function targetsOfPages(
  targets: FindingTarget[] | undefined,
  pages: string[],
): FindingTarget[] | null {
  if (!targets) return null;
  const counted = new Set(pages);
  return targets
    .map((target) => ({
      ...target,
      sources: target.sources
        .filter((url) => counted.has(url))
        .sort(compareText),
    }))
    .filter((target) => target.sources.length > 0);
}

/** The first (highest priority) finding of each check. */
function firstOfEach<T extends { id: string }>(issues: T[]): Map<string, T> {
  const first = new Map<string, T>();
  for (const issue of issues)
    if (!first.has(issue.id)) first.set(issue.id, issue);
  return first;
}

/** Each check's affected URLs (of all its findings), sorted and without repeats, so every output is stable. */
function urlsByCheck(audit: GateAudit): Map<string, string[]> {
  const urls = new Map<string, Set<string>>();
  for (const issue of audit.issues) {
    const own = urls.get(issue.id) ?? new Set<string>();
    for (const url of issue.urls) own.add(url);
    urls.set(issue.id, own);
  }
  return new Map(
    [...urls].map(([id, set]) => [id, [...set].sort(compareText)]),
  );
}

/** Each ruled check's rules over all its findings, each rule's pages sorted; the most broken first. */
function rulesByCheck(audit: GateAudit): Map<string, FindingRule[]> {
  const byCheck = new Map<string, Map<string, Set<string>>>();
  for (const issue of audit.issues) {
    if (!issue.rules) continue;
    const rules = byCheck.get(issue.id) ?? new Map<string, Set<string>>();
    for (const { rule, urls } of issue.rules) {
      const pages = rules.get(rule) ?? new Set<string>();
      for (const url of urls) pages.add(url);
      rules.set(rule, pages);
    }
    byCheck.set(issue.id, rules);
  }
  return new Map(
    [...byCheck].map(([id, rules]) => [
      id,
      [...rules]
        .map(([rule, pages]) => ({ rule, urls: [...pages].sort(compareText) }))
        .sort(
          (a, b) =>
            b.urls.length - a.urls.length || compareText(a.rule, b.rule),
        ),
    ]),
  );
}

function difference(a: string[], b: string[]): string[] {
  const drop = new Set(b);
  return a.filter((x) => !drop.has(x));
}

/** Code-unit order: the same on every machine, whatever its locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
