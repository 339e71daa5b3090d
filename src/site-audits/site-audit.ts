import type { Rating } from '../analysis/index.js';
import type { CrawlFacts, CrawlSettings } from '../crawler/crawl.js';
import type { Schedule } from '../schedules/schedule.js';
import type { TemplateIssues } from './findings/findings.js';
import { Privacy } from '../sharing/privacy.js';

/** An audit moves queued → running → completed, failed or cancelled. */
export const SITE_AUDIT_STATUSES = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const;
export type SiteAuditStatus = (typeof SITE_AUDIT_STATUSES)[number];

/** Why the crawl stopped: nothing left in scope, the page budget, a cancel, an error. */
export const STOP_REASONS = [
  'done',
  'max_pages',
  'cancelled',
  'error',
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export type { CrawlSettings } from '../crawler/crawl.js';

/** An audit's settings: its crawl's, and its lab phase's (absent in audits from before it). */
export interface AuditSettings extends CrawlSettings {
  /** Templates measured in a lab browser once the crawl is judged. */
  lab?: boolean;
  /** Runs per measured page. */
  lab_runs?: number;
}

/** Why an audit failed: its start URL could not be fetched, or it broke. */
export interface SiteAuditError {
  code: string;
  message: string;
}

/** A schema.org type of an audit's structured data, and how many of its pages carry it. */
export interface StructuredDataCount {
  type: string;
  pages: number;
}

/** What axe-core found across an audit's rendered pages: the pages it audited, and per rule the pages violating it. */
export interface AccessibilitySummary {
  pages_audited: number;
  rules: Array<{ rule: string; pages: number }>;
}

/** An audit as its table holds it. */
export interface SiteAudit {
  id: string;
  accountId: string;
  url: string;
  project: string;
  status: SiteAuditStatus;
  stopReason: StopReason | null;
  settings: AuditSettings;
  privacy: Privacy;
  passwordHash: string | null;
  shareToken: string | null;
  shareVersion: number;
  /** The origin the start URL ended on after its redirects; null until known. */
  origin: string | null;
  crawlDelayMs: number;
  requested: number;
  crawled: number;
  failed: number;
  /** Pages a failure of the service left unknown: the audit is incomplete by them. */
  unprocessed: number;
  score: number | null;
  result: Rating | null;
  /** Pages the lab phase measures; null without one, or before it groups templates. */
  labPages: number | null;
  /** Of those, measured or failed so far. */
  labMeasured: number;
  /** `{check_id: pages affected}` once judged. */
  issues: Record<string, number> | null;
  /** Once judged: the page checks failing as templates', with those templates. */
  templateIssues: TemplateIssues | null;
  /** Once judged: per schema.org type, the pages whose structured data carries it, the most carried first. */
  structuredData: StructuredDataCount[] | null;
  /** Once judged: the pages axe-core audited, and per rule the pages violating it, the most first. */
  accessibility: AccessibilitySummary | null;
  error: SiteAuditError | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
  /** When it was judged, with lab: true before its lab phase finishes it; null before. */
  judgedAt: Date | null;
  finishedAt: Date | null;
  /** Audits of the same site and settings start by themselves this often; null when never. */
  schedule: Schedule | null;
  nextRunAt: Date | null;
  /** The scheduled audit this one was started by; null when asked for. */
  scheduledFrom: string | null;
}

/** Whether the audit has stopped crawling for good (its issues may still be judged). */
export function hasStopped(audit: Pick<SiteAudit, 'status'>): boolean {
  return (
    audit.status === 'completed' ||
    audit.status === 'failed' ||
    audit.status === 'cancelled'
  );
}

/** What the start of an audit learned of its site, kept with the audit (`facts`). */
export type AuditFacts = CrawlFacts;
