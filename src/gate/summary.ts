import { terminalPalette } from '../analysis/index.js';
import { answerOf } from '../site-audits/findings/targets.js';
import { conditionOf } from './assertions.js';
import { labFigure } from '../lab/lab-text.js';
import type { AssertionOutcome, GateVerdict } from './judge-gate.js';

/** Pages listed under a failed assertion on the terminal; the files list them all. */
export const PAGES_SHOWN = 5;

/** The verdict for a person at a terminal: each failed assertion with a few of its pages. */
export function renderGateSummary(
  verdict: GateVerdict,
  { colour }: { colour: boolean },
): string {
  const { bad, warn, good, dim, bold } = terminalPalette(colour);
  const against = verdict.baseline
    ? `, against site audit ${verdict.baseline.id}: new issues only`
    : '';
  const named = verdict.preset ? ` (${verdict.preset})` : '';
  const state =
    verdict.errors > 0
      ? bad(bold('FAILED'))
      : verdict.warnings > 0
        ? warn(bold('passed with warnings'))
        : good(bold('passed'));
  const lines = [
    `SEO gate${named}${against}: ${state}: ${count(verdict.errors, 'error')}, ${count(verdict.warnings, 'warning')}, ${count(verdict.outcomes.filter((o) => o.passed).length, 'assertion')} passed`,
  ];
  const failed = verdict.outcomes.filter((o) => !o.passed);
  const width = Math.max(0, ...failed.map((o) => o.assertion.id.length));
  for (const outcome of failed) {
    const error = outcome.assertion.level === 'error';
    const mark = error ? bad('✗ error') : warn('! warn ');
    const title = outcome.check ? `${outcome.check.title}: ` : '';
    lines.push(
      `  ${mark}  ${outcome.assertion.id.padEnd(width)}  ${title}${outcome.message}`,
    );
    lines.push(...pagesOf(outcome).map((line) => `      ${dim(line)}`));
  }
  return lines.join('\n');
}

function pagesOf(outcome: AssertionOutcome): string[] {
  if (outcome.templates) {
    return outcome.templates.flatMap((template) => [
      `→ ${template.name}: median ${labFigure(template.value, template.unit)}, ${count(template.pages, 'page')}, measured on:`,
      ...template.measured.map((url) => `    ${url}`),
    ]);
  }
  if (outcome.targets && outcome.targets.length > 0)
    return targetLines(outcome);

  const shown = outcome.pages.slice(0, PAGES_SHOWN);
  const more = outcome.pages.length - shown.length;
  return more > 0 ? [...shown, `… and ${more} more`] : shown;
}

/** A link or canonical check by target: the missing URL, its answer, a few pages pointing at it. */
function targetLines(outcome: AssertionOutcome): string[] {
  const targets = outcome.targets!;
  const lines: string[] = [];
  for (const target of targets.slice(0, PAGES_SHOWN)) {
    lines.push(
      `→ ${target.url} (${answerOf(target, outcome.assertion.id)}), from ${count(target.sources.length, 'page')}:`,
    );
    const shown = target.sources.slice(0, PAGES_SHOWN);
    lines.push(...shown.map((url) => `    ${url}`));
    if (target.sources.length > shown.length) {
      lines.push(`    … and ${target.sources.length - shown.length} more`);
    }
  }
  if (targets.length > PAGES_SHOWN) {
    lines.push(`… and ${count(targets.length - PAGES_SHOWN, 'more target')}`);
  }
  return lines;
}

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** "broken_link (error, at most 0 pages)": an assertion as outputs name it. */
export function nameOf(outcome: AssertionOutcome): string {
  return `${outcome.assertion.id} (${outcome.assertion.level}, ${conditionOf(outcome.assertion)})`;
}
