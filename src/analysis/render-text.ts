import { CATEGORIES, CATEGORY_NAMES } from './types.js';
import type { AnalysisResults, CheckResult } from './types.js';

/** Colours for a terminal, as functions over text; plain text when colour is off. */
export interface Palette {
  good: (s: string) => string;
  bad: (s: string) => string;
  warn: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

const sgr = (code: string) => (s: string) => `\x1b[${code}m${s}\x1b[0m`;
const COLOURS: Palette = {
  good: sgr('32'),
  bad: sgr('31'),
  warn: sgr('33'),
  dim: sgr('2'),
  bold: sgr('1'),
};
const PLAIN: Palette = {
  good: (s) => s,
  bad: (s) => s,
  warn: (s) => s,
  dim: (s) => s,
  bold: (s) => s,
};

/** The palette of a terminal that takes colour (SGR codes), or of one that does not. */
export function terminalPalette(colour: boolean): Palette {
  return colour ? COLOURS : PLAIN;
}

function evidence(value: unknown): string {
  if (value === undefined || value === null) return '';
  // One line per check: evidence quoting markup may hold line breaks.
  const text = (
    typeof value === 'string' ? value : JSON.stringify(value)
  ).replace(/\s+/g, ' ');
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/** Failed first, then passed, then not applicable; the registry's order within each. */
/** Accessibility, beside the score: its check when the page was rendered, else why no rule ran. */
function accessibilityLines(results: AnalysisResults, p: Palette): string[] {
  const check = results.checks.find((c) => c.category === 'accessibility');
  const audit = results.accessibility;
  const heading = p.bold(`${CATEGORY_NAMES.accessibility} (in no score)`);
  if (check) {
    const mark =
      check.passed === false
        ? p.bad('✗')
        : check.passed
          ? p.good('✓')
          : p.dim('–');
    const rules =
      audit?.ran && check.passed === false
        ? audit.violations.map(
            (v) =>
              `      ${v.impact ?? 'unrated'} ${v.id}: ${v.help} (${v.node_count}) ${p.dim(v.help_url)}`,
          )
        : [];
    const advice = check.advice ? [`      ${p.warn('→')} ${check.advice}`] : [];
    return [
      '',
      heading,
      `  ${mark} ${check.title} ${p.dim(`[${check.importance}]`)}: ${check.message}`,
      ...advice,
      ...rules,
    ];
  }
  if (audit && !audit.ran) {
    return ['', heading, p.dim(`  No rule ran: ${audit.reason}.`)];
  }
  return [];
}

function rank(check: CheckResult): number {
  return check.passed === false ? 0 : check.passed ? 1 : 2;
}

/** The report for a person at a terminal: score, rating, then each category. */
export function renderResults(
  results: AnalysisResults,
  { colour }: { colour: boolean },
): string {
  const p = terminalPalette(colour);
  const { rating } = results;
  const tint =
    rating === 'good' ? p.good : rating === 'decent' ? p.warn : p.bad;
  const lines = [
    `${p.bold(results.page.final_url)}`,
    `Score ${tint(p.bold(String(results.score)))}/100, ${tint(rating)}` +
      p.dim(
        `  (HTTP ${results.page.status_code}, ${results.page.load_time_ms} ms, ${results.page.html_bytes} bytes)`,
      ),
  ];
  if (results.capped_by.length > 0) {
    lines.push(
      p.warn(
        `Capped at ${results.score} because ${results.capped_by.join(' and ')} failed; ${results.uncapped_score} without the cap.`,
      ),
    );
  }
  for (const category of CATEGORIES) {
    const summary = results.categories[category];
    const checks = results.checks
      .filter((c) => c.category === category)
      .sort((a, b) => rank(a) - rank(b));
    lines.push(
      '',
      p.bold(
        `${CATEGORY_NAMES[category]}: ${summary.score ?? 'n/a'}` +
          ` (${summary.passed} passed, ${summary.failed} failed)`,
      ),
    );
    for (const check of checks) {
      const mark =
        check.passed === false
          ? p.bad('✗')
          : check.passed
            ? p.good('✓')
            : p.dim('–');
      const detail = check.passed === false ? evidence(check.value) : '';
      lines.push(
        `  ${mark} ${check.title} ${p.dim(`[${check.importance}]`)}: ${check.message}` +
          (detail ? p.dim(`  ${detail}`) : ''),
      );
      if (check.advice) lines.push(`      ${p.warn('→')} ${check.advice}`);
    }
  }
  lines.push(...accessibilityLines(results, p));
  return lines.join('\n');
}
