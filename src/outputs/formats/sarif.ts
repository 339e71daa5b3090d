import type { OutputFormat } from '../output-format.js';
import { verdictOf } from './verdict.js';
import { answerOf } from '../../site-audits/findings/targets.js';
import { createHash } from 'node:crypto';
import { conditionOf } from '../../gate/assertions.js';
import { labFigure } from '../../lab/lab-text.js';
import type { AssertionOutcome, GateVerdict } from '../../gate/judge-gate.js';
import { accessibilityRuleInfo } from '../../rendering/index.js';
import { RULED_CHECK } from '../../site-audits/findings/rules.js';
import type { FindingRule } from '../../site-audits/findings/rules.js';

/** The schema a SARIF 2.1.0 log names (OASIS, errata 01). */
export const SARIF_SCHEMA_URI =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/**
 * The verdict as a SARIF 2.1.0 log: one rule per assertion judged (the check's id,
 * title and advice), one result per failed assertion and page it counts (the page URL
 * as the location; the start URL for the site score). A failed accessibility check is
 * a rule per axe-core rule its pages break (`accessibility_violations/label`), each
 * with its pages. Only the invocation's times change between runs.
 */
export function renderSarif(
  verdict: GateVerdict,
  { toolVersion }: { toolVersion: string },
): string {
  const rules: object[] = [];
  const results: object[] = [];
  for (const outcome of verdict.outcomes) {
    if (!outcome.passed && outcome.rules?.length) {
      for (const broken of outcome.rules) {
        results.push(...ruledResultsOf(outcome, broken, rules.length));
        rules.push(ruledRuleOf(outcome, broken.rule));
      }
      continue;
    }
    if (!outcome.passed)
      results.push(...resultsOf(outcome, rules.length, verdict));
    rules.push(ruleOf(outcome));
  }
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'report-service audit-site',
            version: toolVersion,
            rules,
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            startTimeUtc: verdict.startedAt,
            endTimeUtc: verdict.finishedAt,
          },
        ],
        automationDetails: { id: `seo-gate/${new URL(verdict.url).host}/` },
        results,
        properties: {
          url: verdict.url,
          score: verdict.score,
          pagesCrawled: verdict.pagesCrawled,
          preset: verdict.preset,
          baselineScore: verdict.baseline?.score ?? null,
        },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function ruleOf(outcome: AssertionOutcome) {
  const { assertion, check } = outcome;
  const title = check?.title ?? 'Site score';
  const advice =
    check?.advice ??
    'Fix the issues that affect the most pages first: the score counts every check on every page.';
  return {
    id: assertion.id,
    name: assertion.id,
    shortDescription: { text: title },
    fullDescription: { text: `${title}: ${conditionOf(assertion)}.` },
    help: { text: advice },
    defaultConfiguration: { level: levelOf(outcome) },
    properties: {
      scope: check?.scope ?? 'score',
      ...(check ? { importance: check.importance } : {}),
      tags: [tagOf(outcome)],
    },
  };
}

/** A rule of the tool a check stands for (axe-core's), in that tool's words. */
function ruledRuleOf(outcome: AssertionOutcome, rule: string) {
  const { assertion, check } = outcome;
  const info = accessibilityRuleInfo(rule);
  const title = info?.help ?? rule;
  return {
    id: `${assertion.id}/${rule}`,
    name: rule,
    shortDescription: { text: title },
    fullDescription: {
      text: `${info?.description ?? title} (${check?.title ?? assertion.id}: ${conditionOf(assertion)}).`,
    },
    help: { text: `${title}. ${check?.advice ?? ''}`.trim() },
    ...(info ? { helpUri: info.helpUrl } : {}),
    defaultConfiguration: { level: levelOf(outcome) },
    properties: {
      scope: check?.scope ?? 'page',
      ...(check ? { importance: check.importance } : {}),
      tags: ['accessibility'],
    },
  };
}

function ruledResultsOf(
  outcome: AssertionOutcome,
  { rule, urls }: FindingRule,
  ruleIndex: number,
): object[] {
  const { assertion } = outcome;
  const help = accessibilityRuleInfo(rule)?.help ?? rule;
  const added = new Set(outcome.added ?? []);
  return urls.map((url) => ({
    ruleId: `${assertion.id}/${rule}`,
    ruleIndex,
    level: levelOf(outcome),
    message: {
      text: `${help} (axe-core rule ${rule}) on ${url}${added.has(url) ? ' (new)' : ''}.`,
    },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: URL.parse(url)?.href ?? encodeURI(url) },
        },
      },
    ],
    partialFingerprints: {
      'pageCheck/v1': createHash('sha256')
        .update(`${assertion.id}/${rule}\n${url}`)
        .digest('hex'),
    },
    ...(added.has(url) ? { baselineState: 'new' } : {}),
  }));
}

function resultsOf(
  outcome: AssertionOutcome,
  ruleIndex: number,
  verdict: GateVerdict,
): object[] {
  const { assertion, check } = outcome;
  if (assertion.kind === 'lab')
    return labResultsOf(outcome, ruleIndex, verdict);
  const pages = assertion.kind === 'score' ? [verdict.url] : outcome.pages;
  return pages.map((url) => ({
    ruleId: assertion.id,
    ruleIndex,
    level: levelOf(outcome),
    message: {
      text:
        assertion.kind === 'score'
          ? `Site score: ${outcome.message}.`
          : `${check?.title ?? assertion.id} on ${url}${outcome.added ? ' (new)' : ''}${targetsFrom(outcome, url)}: ${outcome.message}. ${check?.advice ?? ''}`.trim(),
    },
    // A URI reference: what the crawl normalised is one already, but a baseline file may not be.
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: URL.parse(url)?.href ?? encodeURI(url) },
        },
      },
    ],
    partialFingerprints: {
      'pageCheck/v1': createHash('sha256')
        .update(`${assertion.id}\n${url}`)
        .digest('hex'),
    },
    ...(outcome.added ? { baselineState: 'new' } : {}),
  }));
}

/**
 * A lab budget: a result per measured page of each template over it, naming the
 * template; one at the start URL when no template was measured.
 */
function labResultsOf(
  outcome: AssertionOutcome,
  ruleIndex: number,
  verdict: GateVerdict,
) {
  const { assertion, check } = outcome;
  const title = check?.title ?? assertion.id;
  const located = (url: string, text: string, template: string | null) => ({
    ruleId: assertion.id,
    ruleIndex,
    level: levelOf(outcome),
    message: { text },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: URL.parse(url)?.href ?? encodeURI(url) },
        },
      },
    ],
    partialFingerprints: {
      'labTemplate/v1': createHash('sha256')
        .update(`${assertion.id}\n${template ?? ''}\n${url}`)
        .digest('hex'),
    },
    ...(template === null ? {} : { properties: { template } }),
  });
  const templates = outcome.templates ?? [];
  if (templates.length === 0) {
    return [located(verdict.url, `${title}: ${outcome.message}.`, null)];
  }
  return templates.flatMap((template) =>
    template.measured.map((url) =>
      located(
        url,
        `${title} of template ${template.name} (${template.pages} ${template.pages === 1 ? 'page' : 'pages'}, which inherit its verdict), measured on ${url}: median ${labFigure(template.value, template.unit)}, ${conditionOf(assertion)}. ${check?.advice ?? ''}`.trim(),
        template.name,
      ),
    ),
  );
}

/** The targets one page points at, as ", to <url> (404), <url> (500)"; empty for other checks. */
function targetsFrom(outcome: AssertionOutcome, url: string): string {
  const named = (outcome.targets ?? []).filter((target) =>
    target.sources.includes(url),
  );
  if (named.length === 0) return '';
  return `, to ${named.map((target) => `${target.url} (${answerOf(target, outcome.assertion.id)})`).join(', ')}`;
}

function tagOf({ assertion }: AssertionOutcome): string {
  if (assertion.kind === 'lab') return 'performance';
  return assertion.id === RULED_CHECK ? 'accessibility' : 'seo';
}

function levelOf(outcome: AssertionOutcome): 'error' | 'warning' {
  return outcome.assertion.level === 'error' ? 'error' : 'warning';
}

export const SARIF_FORMAT: OutputFormat = {
  name: 'sarif',
  summary: 'the verdict as SARIF 2.1.0 (a result per failed page)',
  mediaType: 'application/sarif+json',
  extension: 'sarif',
  description:
    "The SEO gate's verdict as SARIF 2.1.0: a rule per assertion, a result per failed page.",
  needs: { pagesPerFinding: 'all' },
  siteAudit: (document, tools) =>
    Promise.resolve(
      Buffer.from(
        renderSarif(verdictOf(document, tools), {
          toolVersion: tools.toolVersion,
        }),
      ),
    ),
};
