import { setTimeout as sleep } from 'node:timers/promises';
import { BaselineError } from '../../gate/audit-export.js';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';
import { GateNotRun } from './audit-gate.js';
import type {
  AuditSiteOptions,
  AuditSiteOutput,
} from './audit-site-options.js';
import { EXIT_INTERRUPTED, EXIT_NOT_RUN } from './exit-codes.js';
import { ServiceUnreachable, SiteAuditRefused } from './site-audit-client.js';
import type { SiteAuditClient } from './site-audit-client.js';

/** Why the audit did not run to its end, said on stderr, as an exit code; else throws. */
export async function notRun(
  error: unknown,
  client: SiteAuditClient,
  audit: SiteAuditView | undefined,
  options: AuditSiteOptions,
  output: AuditSiteOutput,
): Promise<number> {
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

export function whyNotCompleted(audit: SiteAuditView): string {
  if (audit.status === 'failed') {
    return `Site audit of ${audit.url} failed (${audit.error?.code ?? 'error'}): ${audit.error?.message ?? 'no reason given'}`;
  }
  return `Site audit ${audit.id} of ${audit.url} was ${audit.status} before it finished (${audit.progress.pages_crawled} pages crawled).`;
}
