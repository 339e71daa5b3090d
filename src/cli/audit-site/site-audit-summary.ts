import { terminalPalette } from '../../analysis/index.js';
import type { Palette } from '../../analysis/index.js';
import type { AuditIssueView } from '../../site-audits/site-audit-page.view.js';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';
import type { TemplateView } from '../../site-audits/templates/template.view.js';
import { labFigure } from '../../lab/lab-text.js';
import { durationOf } from './progress.js';

/** Issues shown to a person; --json has them all. */
export const ISSUES_SHOWN = 10;
/** Example URLs under each issue shown. */
export const EXAMPLES_SHOWN = 3;

/** Highest priority first, as /issues lists them (the API's order among equals). */
export function forAPerson(
  issues: readonly AuditIssueView[],
): AuditIssueView[] {
  return [...issues].sort((a, b) => b.priority - a.priority);
}

/** How the summary names where a finding lives; a page finding says nothing. */
const SCOPE_LABELS: Record<AuditIssueView['scope'], string> = {
  host: ', host',
  template: ', template',
  site: ', site check',
  page: '',
};

const STOP_REASONS: Record<string, string> = {
  done: 'nothing left in scope',
  max_pages: 'max_pages reached',
  cancelled: 'cancelled',
  error: 'an error',
};

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n} ${n === 1 ? one : many}`;

/**
 * A stopped audit for a person at a terminal: what was crawled, the score, and the
 * issues that affect the most pages, each with a few of its pages.
 */
export function renderSiteAudit(
  audit: SiteAuditView,
  issues: readonly AuditIssueView[],
  {
    colour,
    where,
    templates = [],
  }: {
    colour: boolean;
    where: string | null;
    /** With lab: the audit's templates, shown after its issues. */
    templates?: readonly TemplateView[];
  },
): string {
  const p = terminalPalette(colour);
  const lines = [...headLines(audit, p), ''];
  if (issues.length === 0) {
    lines.push(p.good('No issues: every check passed on every page.'));
    return [...lines, ...templateLines(templates, p)].join('\n');
  }
  const shown = forAPerson(issues).slice(0, ISSUES_SHOWN);
  lines.push(
    p.bold(
      shown.length < issues.length
        ? `Top ${shown.length} of ${issues.length} issues, highest priority first:`
        : `${plural(issues.length, 'issue')}, highest priority first:`,
    ),
  );
  lines.push(...issueLines(shown, p));
  if (shown.length < issues.length) {
    lines.push(
      '',
      p.dim(
        `${plural(issues.length - shown.length, 'more issue')}: --json lists them all` +
          (where ? `, as does ${where}/site-audits/${audit.id}/issues.` : '.'),
      ),
    );
  }
  return [...lines, ...templateLines(templates, p)].join('\n');
}

/** The audit's first lines: its URL and id, its score, what was crawled and how long it took. */
function headLines(audit: SiteAuditView, p: Palette): string[] {
  const tint =
    audit.result === 'good'
      ? p.good
      : audit.result === 'decent'
        ? p.warn
        : p.bad;
  const took =
    audit.finished_at === null
      ? null
      : Date.parse(audit.finished_at) - Date.parse(audit.created_at);
  const { pages_crawled, pages_failed } = audit.progress;
  const stop = audit.stop_reason
    ? `, stopped: ${STOP_REASONS[audit.stop_reason] ?? audit.stop_reason}`
    : '';
  return [
    `${p.bold(`Site audit of ${audit.url}`)}${p.dim(`  (id ${audit.id})`)}`,
    audit.score === null
      ? `Score n/a ${p.dim('(no HTML page was crawled)')}`
      : `Score ${tint(p.bold(String(audit.score)))}/100, ${tint(audit.result ?? '')}`,
    `${audit.status}${stop}; ${plural(pages_crawled, 'page')} crawled` +
      (pages_failed > 0 ? ` (${pages_failed} failed)` : '') +
      (took === null ? '' : ` in ${durationOf(took)}`),
  ];
}

/** Each issue shown: its mark, id, title and where it lives, its advice, its templates, a few pages. */
function issueLines(shown: readonly AuditIssueView[], p: Palette): string[] {
  const lines: string[] = [];
  const width = Math.max(...shown.map((issue) => issue.id.length));
  for (const issue of shown) {
    const mark = issue.importance === 'high' ? p.bad('✗') : p.warn('✗');
    const scope = SCOPE_LABELS[issue.scope];
    lines.push(
      `  ${mark} ${issue.id.padEnd(width)}  ${issue.title} ${p.dim(`[${issue.importance}${scope}]`)}: ${plural(issue.pages, 'page')}`,
    );
    if (issue.advice) lines.push(`      Fix: ${issue.advice}`);
    const templates = issue.templates ?? [];
    for (const template of templates.slice(0, EXAMPLES_SHOWN)) {
      lines.push(
        `      In template ${template.name}: ${template.failing} of its ${plural(template.pages, 'page')}`,
      );
    }
    if (templates.length > EXAMPLES_SHOWN) {
      lines.push(
        `      ${p.dim(`… and ${plural(templates.length - EXAMPLES_SHOWN, 'more template')}`)}`,
      );
    }
    const urls = issue.examples.slice(0, EXAMPLES_SHOWN);
    for (const url of urls) lines.push(`      ${p.dim(url)}`);
    if (urls.length > 0 && issue.pages > urls.length) {
      lines.push(`      ${p.dim(`… and ${issue.pages - urls.length} more`)}`);
    }
  }
  return lines;
}

/** Short names of the lab metrics, as a line has room for. */
const LAB_SHORT: Record<string, string> = {
  largest_contentful_paint: 'LCP',
  cumulative_layout_shift: 'CLS',
  total_blocking_time: 'TBT',
  first_contentful_paint: 'FCP',
  speed_index: 'SI',
};

/** Each template with its pages and lab medians, and why a measured page failed. */
function templateLines(
  templates: readonly TemplateView[],
  p: Palette,
): string[] {
  if (templates.length === 0) return [];
  const lines = [
    '',
    p.bold(
      `${plural(templates.length, 'template')}, measured in the lab (medians; the pages not measured inherit their template's):`,
    ),
  ];
  const width = Math.max(...templates.map((t) => t.name.length));
  const tints = { good: p.good, needs_improvement: p.warn, poor: p.bad };
  for (const template of templates) {
    const measured = template.lab_pages.filter((x) => x.state === 'measured');
    const figures = template.metrics.map(
      (m) =>
        `${LAB_SHORT[m.id] ?? m.id} ${tints[m.band](labFigure(m.value, m.unit))}${m.wide ? p.warn(' (wide)') : ''}`,
    );
    lines.push(
      `  ${template.name.padEnd(width)}  ${plural(template.pages, 'page')}, ${measured.length} measured${figures.length > 0 ? `: ${figures.join(', ')}` : ''}`,
    );
    for (const failed of template.lab_pages.filter((x) => x.error)) {
      lines.push(
        `      ${p.dim(`${failed.url}: not measured (${failed.error!.code}): ${failed.error!.message}`)}`,
      );
    }
  }
  return lines;
}
