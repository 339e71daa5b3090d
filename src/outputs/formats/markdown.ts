import type { OutputFormat } from '../output-format.js';
import { verdictOf } from './verdict.js';
import { visibleBidiControls } from '../../common/bidi-controls.js';
import { answerOf } from '../../site-audits/findings/targets.js';
import type { FindingTarget } from '../../site-audits/findings/targets.js';
import { conditionOf } from '../../gate/assertions.js';
import { labFigure } from '../../lab/lab-text.js';
import type { TemplateBreach } from '../../gate/lab-assertions.js';
import type { AssertionOutcome, GateVerdict } from '../../gate/judge-gate.js';

/** Pages listed per check in the comment; a pull request's comment stays readable. */
export const PAGES_LISTED = 20;

/**
 * The verdict as a pull-request comment: the result, what fails (each failed assertion
 * with its pages), and against a baseline what is new and what was fixed.
 */
export function renderMarkdown(verdict: GateVerdict): string {
  const failed = verdict.outcomes.filter((o) => !o.passed);
  const head =
    verdict.errors > 0
      ? `## ❌ SEO gate failed: ${count(verdict.errors, 'error')}, ${count(verdict.warnings, 'warning')}`
      : verdict.warnings > 0
        ? `## ⚠️ SEO gate passed with ${count(verdict.warnings, 'warning')}`
        : '## ✅ SEO gate passed';
  const against = verdict.baseline
    ? ` Compared with site audit ${verdict.baseline.id} (score ${verdict.baseline.score ?? 'n/a'}): only new issues count.`
    : '';
  const lines = [
    head,
    '',
    `Site audit ${verdict.auditId} of ${markdownUrl(verdict.url)}: score ${verdict.score ?? 'n/a'}/100, ${count(verdict.pagesCrawled, 'page')} crawled; ` +
      `${verdict.preset ? `preset \`${verdict.preset}\`, ` : ''}${count(verdict.outcomes.length, 'assertion')}.${against}`,
    '',
    '### What fails',
    '',
  ];
  if (failed.length === 0) {
    lines.push('Nothing: every assertion holds.');
  } else {
    lines.push('| | Assertion | Found | Asked |', '|---|---|---|---|');
    for (const o of failed) {
      lines.push(
        `| ${o.assertion.level === 'error' ? '❌ error' : '⚠️ warn'} | \`${o.assertion.id}\` ${cell(o.check?.title ?? 'Site score')} | ${o.actual ?? 'n/a'} | ${conditionOf(o.assertion)} |`,
      );
    }
    for (const o of failed.filter((x) => x.pages.length > 0)) {
      lines.push(
        '',
        ...(o.templates
          ? byTemplate(o, o.templates)
          : o.targets && o.targets.length > 0
            ? byTarget(o, o.targets)
            : details(o, o.pages, 'pages')),
      );
    }
  }
  if (verdict.baseline) {
    const checks = verdict.outcomes.filter((o) => o.added !== null);
    const added = checks.filter((o) => o.added!.length > 0);
    const fixed = checks.filter((o) => o.fixed!.length > 0);
    lines.push('', '### What is new', '');
    if (added.length === 0) lines.push('No new issue.');
    for (const o of added) lines.push(...details(o, o.added!, 'new pages'), '');
    lines.push('', '### What was fixed', '');
    if (fixed.length === 0) lines.push('Nothing fixed since the baseline.');
    for (const o of fixed)
      lines.push(...details(o, o.fixed!, 'pages fixed'), '');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

function details(o: AssertionOutcome, pages: string[], what: string): string[] {
  const shown = pages.slice(0, PAGES_LISTED);
  return [
    `<details><summary><code>${o.assertion.id}</code>: ${pages.length} ${what}</summary>`,
    '',
    ...shown.map((url) => `- ${markdownUrl(url)}`),
    ...(pages.length > shown.length
      ? [
          `- … and ${pages.length - shown.length} more (the SARIF and JUnit files list them all)`,
        ]
      : []),
    ...(o.check ? ['', `Advice: ${o.check.advice}`] : []),
    '',
    '</details>',
  ];
}

/** A lab budget by template: each template over it, its median, its pages and those measured. */
function byTemplate(
  o: AssertionOutcome,
  templates: TemplateBreach[],
): string[] {
  return [
    `<details><summary><code>${o.assertion.id}</code>: ${count(templates.length, 'template')} over budget</summary>`,
    '',
    ...templates.flatMap((template) => [
      `- \`${markdownText(template.name)}\`: median ${labFigure(template.value, template.unit)}, ${count(template.pages, 'page')} (they inherit this verdict); measured on:`,
      ...template.measured.map((url) => `  - ${markdownUrl(url)}`),
    ]),
    ...(o.check ? ['', `Advice: ${o.check.advice}`] : []),
    '',
    '</details>',
  ];
}

/** A link or canonical check by target: each missing URL with its answer and the pages pointing at it. */
function byTarget(o: AssertionOutcome, targets: FindingTarget[]): string[] {
  const lines = [
    `<details><summary><code>${o.assertion.id}</code>: ${o.pages.length} pages, ${count(targets.length, 'target')}</summary>`,
    '',
  ];
  for (const target of targets.slice(0, PAGES_LISTED)) {
    const shown = target.sources.slice(0, PAGES_LISTED);
    lines.push(
      `- ${markdownUrl(target.url)} (${markdownText(answerOf(target, o.assertion.id))}), from ${count(target.sources.length, 'page')}:`,
      ...shown.map((url) => `  - ${markdownUrl(url)}`),
      ...(target.sources.length > shown.length
        ? [`  - … and ${target.sources.length - shown.length} more`]
        : []),
    );
  }
  if (targets.length > PAGES_LISTED) {
    lines.push(
      `- … and ${count(targets.length - PAGES_LISTED, 'more target')} (the SARIF and JUnit files list them all)`,
    );
  }
  lines.push(
    ...(o.check ? ['', `Why and how to fix it: ${o.check.advice}`] : []),
    '',
    '</details>',
  );
  return lines;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** Characters an autolink cannot hold, and bidi controls: percent-encoded, as a URL writes them. */
const NOT_IN_AUTOLINK =
  // eslint-disable-next-line no-control-regex -- control characters are what an autolink refuses
  /[\u0000-\u0020\u007f<>\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const percentEncoded = (c: string) =>
  [...Buffer.from(c, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

/**
 * A crawled URL as an autolink (`<https://…>`): clickable, and nothing in it is read as
 * Markdown, so `…/x![img](https://evil.example/t.png)` stays a link, not an image.
 * Anything not an http(s) URL is written as escaped text.
 */
export function markdownUrl(url: string): string {
  const encoded = url.replace(NOT_IN_AUTOLINK, percentEncoded);
  return /^https?:\/\//i.test(encoded) ? `<${encoded}>` : markdownText(url);
}

/** Crawled text that Markdown shows as it is: each character that could start markup escaped, on one line. */
export function markdownText(text: string): string {
  return visibleBidiControls(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!|<>~&"':]/g, '\\$&');
}
const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

export const MARKDOWN_FORMAT: OutputFormat = {
  name: 'markdown',
  summary: 'the verdict as a pull-request comment',
  mediaType: 'text/markdown; charset=utf-8',
  extension: 'md',
  description:
    "The SEO gate's verdict as Markdown, for a pull request's comment.",
  needs: { pagesPerFinding: 'all' },
  siteAudit: (document, tools) =>
    Promise.resolve(Buffer.from(renderMarkdown(verdictOf(document, tools)))),
};
