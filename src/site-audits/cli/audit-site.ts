import { durationOf } from './progress.js';
import type { AuditProgress } from './progress.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditIssueView } from '../site-audit-page.view.js';
import type { SiteAuditView } from '../site-audit.view.js';
import { ServiceUnreachable, SiteAuditRefused } from './site-audit-client.js';
import type { SiteAuditClient } from './site-audit-client.js';
import { BaselineError } from '../../gate/audit-export.js';
import type { GateAudit } from '../../gate/audit-export.js';
import {
  baselineFromService,
  exportOf,
  gateAudit,
  GateNotRun,
} from './audit-gate.js';
import type { GateOptions, WriteFile } from './audit-gate.js';
import { labFigure } from '../../lab/lab-text.js';
import type { TemplateView } from '../templates/template.view.js';

/** Issues shown to a person; --json has them all. */
export const ISSUES_SHOWN = 10;
/** Example URLs under each issue shown. */
export const EXAMPLES_SHOWN = 3;

export interface AuditSiteOptions {
  url: string;
  maxPages?: number;
  /** --render: pages rendered in a browser; `--render auto`: where it matters. */
  render?: boolean | 'auto';
  /** --lab: templates measured in a lab browser, --lab-runs runs a page. */
  lab?: boolean;
  labRuns?: number;
  json: boolean;
  colour: boolean;
  /** How often the audit is read while it runs. */
  pollMs: number;
  /** Aborted (Ctrl-C): the audit is cancelled and the command gives up. */
  signal?: AbortSignal;
  /** --assert: judge the audit and exit 1 when an `error` assertion fails. */
  gate?: GateOptions;
  /** The clock progress is timed by; Date.now unless a test gives its own. */
  now?: () => number;
}

export interface AuditSiteOutput {
  /** The command's output: stdout. */
  out(text: string): void;
  /** Why it could not run, and progress for a person: stderr. */
  err(text: string): void;
  /** Where the audit stands while it runs, at each read; null once it is judged or given up. */
  progress?(state: AuditProgress | null): void;
  /** Writes the gate's files (--junit, --sarif, --markdown). */
  write?: WriteFile;
}

/**
 * Exit codes, as `analyse` has them: 0 the audit completed (and with --assert, no
 * `error` assertion failed), 1 one did, 2 the audit could not run.
 */
export const EXIT_COMPLETED = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_NOT_RUN = 2;
export const EXIT_INTERRUPTED = 130;

/**
 * `audit-site`: creates the audit, reads it until it has stopped and is judged, then
 * prints its summary and top issues (or, with --json, the audit and its issues).
 */
export async function auditSite(
  client: SiteAuditClient,
  options: AuditSiteOptions,
  output: AuditSiteOutput,
): Promise<number> {
  let audit: SiteAuditView | undefined;
  const gate = options.gate;
  try {
    // A baseline that cannot be had stops the command before the site is crawled.
    const given = gate?.baseline ?? null;
    const baseline: GateAudit | null =
      given && 'auditId' in given
        ? await baselineFromService(client, given.auditId)
        : given;
    const now = options.now ?? Date.now;
    const created = now();
    audit = await client.create(options.url, {
      ...(options.maxPages === undefined
        ? {}
        : { max_pages: options.maxPages }),
      ...(options.render ? { render: options.render } : {}),
      ...(options.lab
        ? {
            lab: true,
            ...(options.labRuns ? { lab_runs: options.labRuns } : {}),
          }
        : {}),
    });
    // The audit is judged (finished_at) after its crawl stops, whatever stopped it.
    while (audit.finished_at === null) {
      output.progress?.({ audit, elapsedMs: now() - created });
      await sleep(options.pollMs, undefined, { signal: options.signal });
      audit = await client.get(audit.id);
    }
    output.progress?.(null);
    if (audit.status !== 'completed') {
      output.err(whyNotCompleted(audit));
      return EXIT_NOT_RUN;
    }
    const issues = await client.issues(audit.id);
    if (options.json || gate) {
      const exported = await exportOf(client, audit, issues);
      if (options.json) output.out(JSON.stringify(exported, null, 2));
      if (!gate) return EXIT_COMPLETED;
      const { verdict, summary } = await gateAudit(
        exported,
        baseline,
        gate,
        output.write ?? (() => Promise.resolve()),
        { colour: options.colour },
      );
      // With --json, stdout is the export's alone.
      if (options.json) output.err(summary);
      else output.out(summary);
      return verdict.exitCode === 0 ? EXIT_COMPLETED : EXIT_GATE_FAILED;
    }
    const examples = new Map<string, string[]>();
    for (const issue of forAPerson(issues).slice(0, ISSUES_SHOWN)) {
      examples.set(
        issue.id,
        await client.examples(audit.id, issue.id, EXAMPLES_SHOWN),
      );
    }
    output.out(
      renderSiteAudit(audit, issues, examples, {
        colour: options.colour,
        where: client.where,
        templates: audit.settings.lab ? await client.templates(audit.id) : [],
      }),
    );
    return EXIT_COMPLETED;
  } catch (error) {
    output.progress?.(null);
    if (options.signal?.aborted) {
      if (audit) await cancelQuietly(client, audit.id);
      output.err(
        audit
          ? `Interrupted: site audit ${audit.id} was cancelled.`
          : 'Interrupted.',
      );
      return EXIT_INTERRUPTED;
    }
    if (error instanceof SiteAuditRefused) {
      output.err(
        audit
          ? `The service refused to read site audit ${audit.id}: ${error.message}`
          : `The site audit could not start: ${error.message}`,
      );
      return EXIT_NOT_RUN;
    }
    if (
      error instanceof ServiceUnreachable ||
      error instanceof GateNotRun ||
      error instanceof BaselineError
    ) {
      output.err(error.message);
      return EXIT_NOT_RUN;
    }
    throw error;
  }
}

/** Cancels an audit left behind by an interrupt, without waiting long or failing. */
async function cancelQuietly(
  client: SiteAuditClient,
  id: number,
): Promise<void> {
  await Promise.race([
    client.cancel(id).catch(() => undefined),
    sleep(5_000, undefined, { ref: false }),
  ]);
}

function whyNotCompleted(audit: SiteAuditView): string {
  if (audit.status === 'failed') {
    return `Site audit of ${audit.url} failed (${audit.error?.code ?? 'error'}): ${audit.error?.message ?? 'no reason given'}`;
  }
  return `Site audit ${audit.id} of ${audit.url} was ${audit.status} before it finished (${audit.progress.pages_crawled} pages crawled).`;
}

interface Palette {
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
  examples: ReadonlyMap<string, readonly string[]>,
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
  const p = colour ? COLOURS : PLAIN;
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
  const lines = [
    `${p.bold(`Site audit of ${audit.url}`)}${p.dim(`  (id ${audit.id})`)}`,
    audit.score === null
      ? `Score n/a ${p.dim('(no HTML page was crawled)')}`
      : `Score ${tint(p.bold(String(audit.score)))}/100, ${tint(audit.result ?? '')}`,
    `${audit.status}${stop}; ${plural(pages_crawled, 'page')} crawled` +
      (pages_failed > 0 ? ` (${pages_failed} failed)` : '') +
      (took === null ? '' : ` in ${durationOf(took)}`),
    '',
  ];
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
  const width = Math.max(...shown.map((issue) => issue.id.length));
  for (const issue of shown) {
    const mark = issue.importance === 'high' ? p.bad('✗') : p.warn('✗');
    const scope = SCOPE_LABELS[issue.scope];
    lines.push(
      `  ${mark} ${issue.id.padEnd(width)}  ${issue.title} ${p.dim(`[${issue.importance}${scope}]`)}: ${plural(issue.pages, 'page')}`,
    );
    if (issue.advice) lines.push(`      Fix: ${issue.advice}`);
    const urls = examples.get(issue.id) ?? [];
    for (const url of urls) lines.push(`      ${p.dim(url)}`);
    if (urls.length > 0 && issue.pages > urls.length) {
      lines.push(`      ${p.dim(`… and ${issue.pages - urls.length} more`)}`);
    }
  }
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

/** `--render auto` and `--render=auto` as one flag parseArgs reads (`--render-auto`): `--render` alone stays a boolean. */
export function renderAutoSpelled(args: readonly string[]): string[] {
  const spelled: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--render=auto') spelled.push('--render-auto');
    else if (args[i] === '--render' && args[i + 1] === 'auto') {
      spelled.push('--render-auto');
      i += 1;
    } else spelled.push(args[i]);
  }
  return spelled;
}
