import type { OutputFormat } from '../output-format.js';
import { verdictOf } from './verdict.js';
import { answerOf } from '../../site-audits/findings/targets.js';
import { nameOf } from '../../gate/summary.js';
import { labFigure } from '../../lab/lab-text.js';
import type { AssertionOutcome, GateVerdict } from '../../gate/judge-gate.js';

/**
 * The verdict as a JUnit XML report, valid against the common schema (Apache Ant's, as
 * windyroad/JUnit-Schema writes it, vendored in test/schemas): one test suite, one test
 * case per assertion, a failure for each `error` assertion that fails, listing its
 * pages. A failed `warn` assertion passes and is told in the suite's system-out, as
 * the schema has no warning. Only `timestamp` and `time` change between runs.
 */
export function renderJunit(
  verdict: GateVerdict,
  { hostname }: { hostname: string },
): string {
  const failures = verdict.outcomes.filter(
    (o) => !o.passed && o.assertion.level === 'error',
  );
  const warnings = verdict.outcomes.filter(
    (o) => !o.passed && o.assertion.level === 'warn',
  );
  const seconds =
    (Date.parse(verdict.finishedAt) - Date.parse(verdict.startedAt)) / 1000;
  const properties: Array<[string, string]> = [
    ['url', verdict.url],
    ['score', verdict.score === null ? 'n/a' : String(verdict.score)],
    ['pages_crawled', String(verdict.pagesCrawled)],
    ['preset', verdict.preset ?? 'none'],
    ['baseline_score', baselineScore(verdict)],
  ];
  const out = warnings.map(
    (o) => `warning: ${nameOf(o)}: ${o.message}\n${lines(o.pages)}`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="${attr(`SEO gate of ${verdict.url}`)}" package="seo-gate" id="0"` +
      ` timestamp="${verdict.finishedAt.slice(0, 19)}" hostname="${attr(hostname || 'localhost')}"` +
      ` tests="${verdict.outcomes.length}" failures="${failures.length}" errors="0" skipped="0"` +
      ` time="${Math.max(0, seconds).toFixed(3)}">`,
    '    <properties>',
    ...properties.map(
      ([name, value]) =>
        `      <property name="${name}" value="${attr(value)}"/>`,
    ),
    '    </properties>',
    ...verdict.outcomes.map(testCase),
    `    <system-out>${text(out.join('\n'))}</system-out>`,
    '    <system-err></system-err>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testCase(outcome: AssertionOutcome): string {
  const open = `    <testcase name="${attr(nameOf(outcome))}" classname="seo-gate.${outcome.check?.scope ?? 'score'}" time="0"`;
  if (outcome.passed || outcome.assertion.level !== 'error') return `${open}/>`;
  const type = {
    score: 'minScore',
    check: 'maxLength',
    lab: 'maxNumericValue',
  }[outcome.assertion.kind];
  const title = outcome.check ? `${outcome.check.title}: ` : '';
  const body = [
    `${title}${outcome.message}`,
    ...(outcome.check ? [`Advice: ${outcome.check.advice}`] : []),
    ...(outcome.templates
      ? outcome.templates.flatMap((template) => [
          `Template ${template.name}: median ${labFigure(template.value, template.unit)}, ${template.pages} ${template.pages === 1 ? 'page' : 'pages'} (they inherit this verdict); measured on:`,
          ...template.measured.map((url) => `  ${url}`),
        ])
      : outcome.targets && outcome.targets.length > 0
        ? outcome.targets.flatMap((target) => [
            `${target.url} (${answerOf(target, outcome.assertion.id)}), from ${target.sources.length} ${target.sources.length === 1 ? 'page' : 'pages'}:`,
            ...target.sources.map((url) => `  ${url}`),
          ])
        : outcome.pages),
  ].join('\n');
  return [
    `${open}>`,
    `      <failure type="${type}" message="${attr(`${outcome.assertion.id}: ${outcome.message}`)}">${text(body)}</failure>`,
    '    </testcase>',
  ].join('\n');
}

function baselineScore(verdict: GateVerdict): string {
  if (!verdict.baseline) return 'none';
  return verdict.baseline.score === null
    ? 'n/a'
    : String(verdict.baseline.score);
}

const lines = (pages: string[]) => pages.map((p) => `  ${p}`).join('\n');

/** Characters XML 1.0 cannot hold at all, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function text(value: string): string {
  return value
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

export const JUNIT_FORMAT: OutputFormat = {
  name: 'junit',
  summary: 'the verdict as JUnit XML (a test case per assertion)',
  mediaType: 'application/xml',
  extension: 'junit.xml',
  description:
    "The SEO gate's verdict as JUnit XML: a test case per assertion (the `assert` preset's, `seo:recommended` by default).",
  needs: { pagesPerFinding: 'all' },
  siteAudit: (document, tools) =>
    Promise.resolve(
      Buffer.from(
        renderJunit(verdictOf(document, tools), { hostname: tools.hostname }),
      ),
    ),
};
