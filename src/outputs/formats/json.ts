import type { AuditExport } from '../../gate/audit-export.js';
import type { SiteAuditDocument } from '../audit-document.js';
import type { OutputFormat } from '../output-format.js';

/**
 * The audit as `audit-site --json` has always printed it, and as a baseline is read:
 * the audit as GET /site-audits/{id} answers it, its issues with every affected page's
 * URL (and each target, for link and canonical checks), and its templates (with lab,
 * their lab metrics).
 */
export function auditExportOf(document: SiteAuditDocument): AuditExport {
  return {
    audit: document.audit,
    issues: document.findings.map((finding) => ({
      id: finding.id,
      scope: finding.scope,
      title: finding.title,
      importance: finding.importance,
      priority: finding.priority,
      pages: finding.pages,
      advice: finding.advice,
      examples: finding.examples,
      templates: finding.templates,
      urls: finding.urls,
      ...(finding.targets ? { targets: finding.targets } : {}),
      ...(finding.rules ? { rules: finding.rules } : {}),
    })),
    ...(document.templates ? { templates: document.templates } : {}),
  };
}

export const JSON_FORMAT: OutputFormat = {
  name: 'json',
  summary: 'the audit and its issues, as --json prints them',
  mediaType: 'application/json',
  extension: 'json',
  description:
    'A site audit, its issues with every affected URL (and targets), and its templates (with lab metrics where measured): what `audit-site --json` prints and `--baseline` reads; a report as GET /reports/{id} answers it.',
  needs: { pagesPerFinding: 'all' },
  siteAudit: (document) => Promise.resolve(jsonOf(auditExportOf(document))),
  report: (document) => Promise.resolve(jsonOf({ report: document.report })),
};

function jsonOf(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}
