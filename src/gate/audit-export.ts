import type { FindingRule } from '../site-audits/findings/rules.js';
import type { FindingTarget } from '../site-audits/findings/targets.js';
import type { AuditIssueView } from '../site-audits/site-audit-page.view.js';
import type { SiteAuditView } from '../site-audits/site-audit.view.js';
import type { TemplateView } from '../site-audits/templates/template.view.js';
import type { GateTemplate } from './lab-assertions.js';

/** An issue of the export: the check, and the URL of every page it affects. */
export interface ExportedIssue extends AuditIssueView {
  urls: string[];
  /** For a link or canonical finding: each target once, with the pages pointing at it. */
  targets?: FindingTarget[];
  /** For the accessibility check: each axe-core rule broken, with the pages that break it. */
  rules?: FindingRule[];
}

/**
 * What `audit-site --json` prints, and what a baseline is read from: the audit as
 * GET /site-audits/{id} answers it, and its issues with every affected page's URL.
 */
export interface AuditExport {
  audit: SiteAuditView;
  issues: ExportedIssue[];
  /** Its templates, with lab their lab metrics (GET /site-audits/{id}/templates). */
  templates?: TemplateView[];
}

/** The part of an export the gate reads: enough to judge, and to compare with a later audit. */
export interface GateAudit {
  audit: Pick<
    SiteAuditView,
    'id' | 'url' | 'score' | 'created_at' | 'finished_at'
  > & {
    progress: Pick<SiteAuditView['progress'], 'pages_crawled'>;
  };
  issues: Array<
    Pick<ExportedIssue, 'id' | 'urls'> &
      Partial<Pick<ExportedIssue, 'scope' | 'targets' | 'rules'>>
  >;
  /** What lab assertions judge; absent in audits without lab. */
  templates?: GateTemplate[];
}

/** A baseline that cannot be read as an export: the message says why. */
export class BaselineError extends Error {}

/** A parsed JSON export, checked for what a baseline needs; `source` names it in errors. */
export function baselineOf(parsed: unknown, source: string): GateAudit {
  const fail = (why: string) =>
    new BaselineError(
      `${source} is not an audit-site --json export of a completed audit: ${why}`,
    );
  if (parsed === null || typeof parsed !== 'object')
    throw fail('not an object');
  const { audit, issues } = parsed as Record<string, unknown>;
  if (audit === null || typeof audit !== 'object') throw fail('no "audit"');
  const a = audit as Record<string, unknown>;
  if (typeof a.url !== 'string' || URL.parse(a.url) === null) {
    throw fail('"audit.url" is not a URL');
  }
  if (a.status !== 'completed') throw fail(`its status is ${String(a.status)}`);
  if (a.score !== null && typeof a.score !== 'number') {
    throw fail('"audit.score" is not a number');
  }
  if (!Array.isArray(issues)) throw fail('no "issues" list');
  for (const issue of issues as unknown[]) {
    const i = issue as Record<string, unknown> | null;
    if (typeof i?.id !== 'string') throw fail('an issue without an id');
    if (!Array.isArray(i.urls) || i.urls.some((u) => typeof u !== 'string')) {
      throw fail(
        `issue ${i.id} lists no "urls" (exports made before the gate did not; export the audit again)`,
      );
    }
  }
  return parsed as GateAudit;
}

/** Whether two audits are of the same site: their start URLs share an origin. */
export function sameSite(a: string, b: string): boolean {
  return URL.parse(a)?.origin === URL.parse(b)?.origin;
}
