import type { AuditProgress } from './progress.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';
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
import {
  EXAMPLES_SHOWN,
  forAPerson,
  ISSUES_SHOWN,
  renderSiteAudit,
} from './site-audit-summary.js';

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
