import { TARGETED_CHECKS } from '../../site-audits/findings/targets.js';
import type { AuditIssueView } from '../../site-audits/site-audit-page.view.js';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';
import type { GateConfig } from '../../gate/assertions.js';
import { baselineOf } from '../../gate/audit-export.js';
import type { AuditExport, GateAudit } from '../../gate/audit-export.js';
import { judgeGate } from '../../gate/judge-gate.js';
import type { GateVerdict } from '../../gate/judge-gate.js';
import { renderGateSummary } from '../../gate/summary.js';
import { writeOutputs } from '../outputs.js';
import type { OutTarget } from '../outputs.js';
import type { SiteAuditClient } from './site-audit-client.js';

/** What `audit-site --assert` adds to the audit: the assertions, a baseline, files of the verdict. */
export interface GateOptions {
  config: GateConfig;
  /** A JSON export read from a file, or the id of an audit of the service (--api). */
  baseline: GateAudit | { auditId: number } | null;
  /** Files of the verdict, as `--out junit:FILE` (and sarif, markdown) write them. */
  junit?: string;
  sarif?: string;
  markdown?: string;
  /** The host named in the JUnit report. */
  hostname: string;
  /** The version SARIF gives the tool. */
  toolVersion: string;
}

/** Where the outputs' files go: the command line writes them; tests keep them. */
export type WriteFile = (
  path: string,
  content: string | Buffer,
) => Promise<void>;

/** Why the gate could not run (a baseline that cannot be had): exit 2, as an audit that did not run. */
export class GateNotRun extends Error {}

/** The audit with every affected page's URL: `--json` prints it, a baseline is read from it. */
export async function exportOf(
  client: SiteAuditClient,
  audit: SiteAuditView,
  issues: AuditIssueView[],
): Promise<AuditExport> {
  const exported: AuditExport['issues'] = [];
  for (const issue of issues) {
    exported.push({
      ...issue,
      urls: await client.affectedUrls(audit.id, issue.id, issue.scope),
      ...(TARGETED_CHECKS.has(issue.id)
        ? { targets: await client.targets(audit.id, issue.id) }
        : {}),
    });
  }
  return {
    audit,
    issues: exported,
    templates: await client.templates(audit.id),
  };
}

/** A baseline given by id, read from the service before the audit starts. */
export async function baselineFromService(
  client: SiteAuditClient,
  auditId: number,
): Promise<GateAudit> {
  if (client.where === null) {
    throw new GateNotRun(
      `--baseline ${auditId} names an audit of a running service, and without --api the audit runs on a throwaway database: give --api and --key, or the file an earlier audit-site --json wrote.`,
    );
  }
  const audit = await client.get(auditId);
  const issues = audit.finished_at ? await client.issues(auditId) : [];
  return baselineOf(
    await exportOf(client, audit, issues),
    `site audit ${auditId}`,
  );
}

/** Judges the audit and writes the files asked for; the verdict's exit code is the command's. */
export async function gateAudit(
  current: AuditExport,
  baseline: GateAudit | null,
  options: GateOptions,
  write: WriteFile,
  { colour }: { colour: boolean },
): Promise<{ verdict: GateVerdict; summary: string }> {
  const verdict = judgeGate(current, options.config, baseline);
  const files = (['junit', 'sarif', 'markdown'] as const).flatMap(
    (format): OutTarget[] => {
      const path = options[format];
      return path ? [{ format, path, given: `--${format}` }] : [];
    },
  );
  await writeOutputs(
    'audit-site',
    files,
    {
      exported: current,
      exportAs: () =>
        Promise.reject(new Error('The gate writes only its verdict.')),
      gate: {
        verdict,
        hostname: options.hostname,
        toolVersion: options.toolVersion,
      },
    },
    { out: () => undefined, write },
  );
  return { verdict, summary: renderGateSummary(verdict, { colour }) };
}
