import type { ResolvedBranding } from '../branding/resolved-branding.js';
import type { FindingRule } from '../site-audits/findings/rules.js';
import type { FindingTarget } from '../site-audits/findings/targets.js';
import type { AuditChangeView } from '../site-audits/diff/audit-diff.view.js';
import type { AuditIssueView } from '../site-audits/site-audit-page.view.js';
import type { SiteAuditView } from '../site-audits/site-audit.view.js';
import type { TemplateView } from '../site-audits/templates/template.view.js';

/**
 * What a site audit says, loaded once and written by every output format
 * (docs/outputs.md): the audit, its findings with their pages and targets, its
 * templates and lab metrics, what changed since the previous audit, and chart data.
 */
export interface SiteAuditDocument {
  subject: 'site_audit';
  audit: SiteAuditView;
  /** Highest priority first. */
  findings: DocumentFinding[];
  /** Its templates, the biggest first, with lab metrics where measured. */
  templates: TemplateView[] | null;
  /** Scores of this audit and the completed audits of its start URL before it, oldest first. */
  history: ScorePoint[];
  /** What changed since the previous completed audit of its start URL; null when there is none. */
  previous: PreviousAudit | null;
  /** Pages by status code and by click depth, in the share page's order. */
  statusCodes: Count[];
  depths: Array<{ depth: number | null; pages: number }>;
  /** How the audit was made, beside its settings. */
  userAgent: string;
  branding: Branding;
  /** When this document was written. */
  generatedAt: string;
}

/** A finding of the document: the API's issue, with what the catalogue says of its check. */
export interface DocumentFinding extends AuditIssueView {
  /** The check's category (`seo`, `performance`, …), or `site` for a check across pages. */
  category: string;
  /** One sentence from the catalogue: when the page check passes, or when the site check affects a page. */
  explains: string;
  /** Pages it affects, in crawl order: all of them, or the first of them (see `pages`). */
  urls: string[];
  /** Each target once with the pages pointing at it, for a link or canonical check. */
  targets?: FindingTarget[];
  /** For the accessibility check: each axe-core rule its pages break, with those of them (the most first). */
  rules?: FindingRule[];
}

export interface ScorePoint {
  id: number;
  score: number;
  finished_at: string;
}

export interface PreviousAudit {
  id: number;
  finished_at: string;
  score: number | null;
  changes: AuditChangeView[];
}

export interface Count {
  label: string;
  pages: number;
}

/** Whose document it is: the account's branding, or its name and neutral colours. */
export type Branding = ResolvedBranding;
