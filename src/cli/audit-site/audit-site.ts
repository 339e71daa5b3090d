import { setTimeout as sleep } from 'node:timers/promises';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';
import type { SiteAuditClient } from './site-audit-client.js';
import type { GateAudit } from '../../gate/audit-export.js';
import { baselineFromService, exportOf, gateAudit } from './audit-gate.js';
import {
  EXIT_COMPLETED,
  EXIT_GATE_FAILED,
  EXIT_NOT_RUN,
} from './exit-codes.js';
import { notRun, whyNotCompleted } from './not-run.js';
import type {
  AuditSiteOptions,
  AuditSiteOutput,
} from './audit-site-options.js';
import { STDOUT, writeOutputs } from '../outputs.js';
import type { OutTarget } from '../outputs.js';
import type { AuditIssueView } from '../../site-audits/site-audit-page.view.js';
import { renderSiteAudit } from './site-audit-summary.js';

/**
 * `audit-site`: creates the audit, reads it until it has stopped and is judged, then
 * prints its summary and top issues, or writes the outputs asked for (--json: the
 * audit and its issues on stdout) and with a gate its verdict.
 */
export async function auditSite(
  client: SiteAuditClient,
  options: AuditSiteOptions,
  output: AuditSiteOutput,
): Promise<number> {
  const run: { audit?: SiteAuditView } = {};
  try {
    // A baseline that cannot be had stops the command before the site is crawled.
    const given = options.gate?.baseline ?? null;
    const baseline: GateAudit | null =
      given && 'auditId' in given
        ? await baselineFromService(client, given.auditId)
        : given;
    const audit = await untilJudged(client, options, output, run);
    if (audit.status !== 'completed') {
      output.err(whyNotCompleted(audit));
      return EXIT_NOT_RUN;
    }
    return await reportAudit(client, audit, baseline, options, output);
  } catch (error) {
    output.progress?.(null);
    return notRun(error, client, run.audit, options, output);
  }
}

/** Creates the audit (kept in `run` for an interrupt) and reads it until it is judged. */
async function untilJudged(
  client: SiteAuditClient,
  options: AuditSiteOptions,
  output: AuditSiteOutput,
  run: { audit?: SiteAuditView },
): Promise<SiteAuditView> {
  const now = options.now ?? Date.now;
  const created = now();
  let audit = await client.create(options.url, {
    ...(options.maxPages === undefined ? {} : { max_pages: options.maxPages }),
    ...(options.render ? { render: options.render } : {}),
    ...(options.lab
      ? {
          lab: true,
          ...(options.labRuns ? { lab_runs: options.labRuns } : {}),
        }
      : {}),
  });
  run.audit = audit;
  // The audit is judged (finished_at) after its crawl stops, whatever stopped it.
  while (audit.finished_at === null) {
    output.progress?.({ audit, elapsedMs: now() - created });
    await sleep(options.pollMs, undefined, { signal: options.signal });
    audit = await client.get(audit.id);
    run.audit = audit;
  }
  output.progress?.(null);
  return audit;
}

/** The outputs of a judged audit and its summary; the exit code is the gate's. */
async function reportAudit(
  client: SiteAuditClient,
  audit: SiteAuditView,
  baseline: GateAudit | null,
  options: AuditSiteOptions,
  output: AuditSiteOutput,
): Promise<number> {
  const issues = await client.issues(audit.id);
  const targets: OutTarget[] = [
    ...(options.json
      ? [{ format: 'json' as const, path: STDOUT, given: '--json' }]
      : []),
    ...(options.outputs ?? []),
  ];
  const gate = options.gate;
  const stdoutTaken = targets.some((target) => target.path === STDOUT);
  const exported =
    targets.length > 0 || gate ? await exportOf(client, audit, issues) : null;
  const write = output.write ?? (() => Promise.resolve());
  const judged =
    gate && exported
      ? await gateAudit(exported, baseline, gate, write, options)
      : null;
  if (exported) {
    await writeOutputs(
      'audit-site',
      targets,
      {
        exported,
        exportAs: (format) => client.export(audit.id, format),
        gate:
          judged && gate
            ? {
                verdict: judged.verdict,
                hostname: gate.hostname,
                toolVersion: gate.toolVersion,
              }
            : null,
      },
      { out: (content) => output.out(content), write },
    );
  }
  // An output on stdout keeps it to itself: the verdict goes to stderr then.
  if (judged && stdoutTaken) output.err(judged.summary);
  else if (judged) output.out(judged.summary);
  else if (!stdoutTaken) {
    output.out(await summaryOf(client, audit, issues, options.colour));
  }
  return judged && judged.verdict.exitCode !== 0
    ? EXIT_GATE_FAILED
    : EXIT_COMPLETED;
}

/** The audit for a person: its top issues with a few pages each, its templates. */
async function summaryOf(
  client: SiteAuditClient,
  audit: SiteAuditView,
  issues: AuditIssueView[],
  colour: boolean,
): Promise<string> {
  return renderSiteAudit(audit, issues, {
    colour,
    where: client.where,
    templates: audit.settings.lab ? await client.templates(audit.id) : [],
  });
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
