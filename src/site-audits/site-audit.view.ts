import { ApiProperty } from '@nestjs/swagger';
import { ApiPrivacyProperty, shareUrlOf } from '../sharing/share-view.js';
import { AUDIT_SHARES } from './shared/audit-shares.js';
import { RATINGS } from '../analysis/index.js';
import type { Rating } from '../analysis/index.js';
import { ListEnvelopeOf } from '../common/pagination/page.views.js';
import { Privacy } from '../sharing/privacy.js';
import { SITE_AUDIT_STATUSES, STOP_REASONS } from './site-audit.js';
import type {
  CrawlSettings,
  SiteAudit,
  SiteAuditError,
  SiteAuditStatus,
  StopReason,
} from './site-audit.js';
import { SCHEDULES } from '../schedules/schedule.js';
import { elapsedMsOf, progressFigures } from './audit-progress.js';
import type { Schedule } from '../schedules/schedule.js';

export class CrawlSettingsView implements CrawlSettings {
  @ApiProperty({ type: 'integer', minimum: 1, example: 500 })
  max_pages: number;
  @ApiProperty({ type: 'integer', minimum: 0, example: 10 })
  max_depth: number;
  @ApiProperty({ type: [String], example: [] })
  include: string[];
  @ApiProperty({ type: [String], example: [] })
  exclude: string[];
  @ApiProperty({ example: true })
  respect_robots: boolean;
  @ApiProperty({ example: true })
  sitemaps: boolean;
  @ApiProperty({
    oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['auto'] }],
    example: false,
    description:
      'HTML pages are rendered in a browser: judged, and their links followed, as the rendered DOM has them; `"auto"`: only where rendering changes a template (each page\'s `render.choice` says why).',
  })
  render: boolean | 'auto';
  @ApiProperty({
    example: false,
    description:
      "Once the crawl is judged, templates' representative pages are measured in a lab browser (GET /site-audits/{id}/templates).",
  })
  lab: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    example: null,
    description: 'Runs per measured page with lab; null without.',
  })
  lab_runs: number | null;
}

/** Where an audit is: queued, crawling, judging, measuring its templates (lab), finished. */
export const AUDIT_PHASES = [
  'queued',
  'crawling',
  'judging',
  'lab',
  'finished',
] as const;
export type AuditPhase = (typeof AUDIT_PHASES)[number];

export class CrawlProgressView {
  @ApiProperty({
    enum: AUDIT_PHASES,
    example: 'crawling',
    description:
      'queued, crawling, judging (the crawl stopped), lab (its templates measured, with lab: true), finished.',
  })
  phase: AuditPhase;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    example: null,
    description:
      "Pages the lab phase measures (templates' representatives); null without lab, or until the templates are grouped.",
  })
  lab_pages: number | null;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    example: 0,
    description:
      'Of lab_pages, those measured or failed so far (a failed one says why under its template).',
  })
  lab_pages_measured: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Pages requested and settled so far (whatever they answered).',
  })
  pages_crawled: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      'In-scope URLs the crawl may still request: placed in a wave and waiting, being requested, or found by a followed link, a sitemap, a canonical or hreflang.',
  })
  pages_queued: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      'Pages whose request failed (no HTTP answer: connection, timeout, dns, tls, blocked).',
  })
  pages_failed: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      'Pages the service failed to process (an error of the service, logged; not a fact about the site): their answer is unknown, so no check judges by them.',
  })
  pages_unprocessed: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    example: 150,
    description:
      'Pages crawled and queued, never past settings.max_pages: what the crawl knows it will have done. Pages found later raise it.',
  })
  pages_known: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 100,
    example: 33,
    description:
      'pages_crawled as a share of pages_known, in percent, rounded down; 0 while none is known, 100 once stopped.',
  })
  percent_done: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    example: 60000,
    description:
      'Milliseconds since the audit was created (its time queued included), until it was judged (finished_at).',
  })
  elapsed_ms: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    example: 120000,
    description:
      'An estimate of the milliseconds the crawl has left, if the pages to go take as long as those done did: elapsed_ms × (pages_known − pages_crawled) ÷ pages_crawled, rounded; 0 once stopped; null until a page is crawled.',
  })
  time_left_ms: number | null;
}

export class IncompleteAuditView {
  @ApiProperty({ type: 'integer', minimum: 1, example: 3 })
  pages: number;
  @ApiProperty({
    example:
      '3 pages could not be processed because of an error of the service (logged). Their answers are unknown: no link to them is reported broken.',
  })
  reason: string;
}

export class SiteAuditErrorView implements SiteAuditError {
  @ApiProperty({ example: 'connection' })
  code: string;
  @ApiProperty({
    example: 'The start URL could not be fetched: connection refused.',
  })
  message: string;
}

/** A site audit as the API shows it. */
/** A schema.org type found in an audit's structured data. */
export class StructuredDataCountView {
  @ApiProperty({
    example: 'BreadcrumbList',
    description:
      "The type as its items name it: a schema.org type by its name, another vocabulary's by its IRI.",
  })
  type: string;
  @ApiProperty({
    type: 'integer',
    example: 412,
    description: 'The HTML pages with at least one item of this type.',
  })
  pages: number;
}

/** An axe-core rule and the pages of an audit violating it. */
export class AccessibilityRuleCountView {
  @ApiProperty({
    example: 'color-contrast',
    description: "axe-core's rule id.",
  })
  rule: string;
  @ApiProperty({ type: 'integer', example: 37 })
  pages: number;
}

/** What axe-core found across the pages an audit rendered. */
export class AccessibilitySummaryView {
  @ApiProperty({
    type: 'integer',
    example: 120,
    description:
      'Pages axe-core audited: the pages rendered (render: true, or the rendered ones of render: "auto"); 0 with render: false, which runs no rule.',
  })
  pages_audited: number;
  @ApiProperty({
    type: [AccessibilityRuleCountView],
    description:
      "Each rule violated (WCAG 2.0–2.2 A and AA) with its pages, the most first; the check accessibility_violations lists each page's elements and axe-core's help.",
  })
  rules: AccessibilityRuleCountView[];
}

/** A template of a render: "auto" audit: whether its pages were rendered, and why. */
export class RenderTemplateView {
  @ApiProperty({
    example: '/docs/* (layout 3f2a9c1b)',
    description:
      "The template as the crawl told them apart while it ran: a folder (numbers, dates and ids generalised) and its raw layout's digest; `/` is the start page.",
  })
  template: string;
  @ApiProperty({ type: 'integer', example: 120 })
  pages: number;
  @ApiProperty({
    type: 'integer',
    example: 3,
    description:
      'Its pages rendered (the start page, samples, or all of them).',
  })
  rendered_pages: number;
  @ApiProperty({
    example:
      '3 sampled pages of its template rendered as their raw HTML reads: its other pages are judged raw.',
    description:
      'Why: a sample whose render changed what matters (every page rendered), samples that changed nothing (the rest judged raw), or too few pages to go past sampling.',
  })
  reason: string;
}

export class SiteAuditView {
  @ApiProperty({ type: 'integer', format: 'int64', minimum: 1, example: 7 })
  id: number;

  @ApiProperty({
    example: 'https://example.com/',
    description: 'The start URL, normalised.',
  })
  url: string;

  @ApiProperty({
    example: 'example.com',
    description: "The start URL's host, lowercased, without a leading www.",
  })
  project: string;

  @ApiProperty({ enum: SITE_AUDIT_STATUSES, example: 'running' })
  status: SiteAuditStatus;

  @ApiProperty({
    enum: STOP_REASONS,
    nullable: true,
    type: 'string',
    description:
      'Why the crawl stopped: done (nothing left in scope), max_pages, cancelled, error; null until it stops.',
  })
  stop_reason: StopReason | null;

  @ApiProperty({ type: CrawlSettingsView })
  settings: CrawlSettingsView;

  @ApiProperty({ type: CrawlProgressView })
  progress: CrawlProgressView;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description:
      "Once judged: the mean of the scores of the audit's HTML pages (each with the site checks it fails counted as failed checks), rounded; null before, or without an HTML page.",
  })
  score: number | null;

  @ApiProperty({ enum: RATINGS, nullable: true, type: 'string' })
  result: Rating | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: { type: 'integer' },
    example: { duplicate_title: 4, broken_link: 2 },
    description:
      'Once judged: for every page and site check that affects at least one page, how many pages it affects.',
  })
  issues: Record<string, number> | null;

  @ApiPrivacyProperty()
  privacy: Privacy;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    nullable: true,
    description:
      'The page people read without a key; null for a private audit.',
  })
  share_url: string | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  started_at: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'When its issues were judged (the crawl stopped before); null until then.',
  })
  finished_at: string | null;

  @ApiProperty({ type: SiteAuditErrorView, nullable: true })
  error: SiteAuditErrorView | null;

  @ApiProperty({
    type: IncompleteAuditView,
    nullable: true,
    description:
      'Set when the service failed to process some pages (progress.pages_unprocessed): the audit says so, and its findings leave those pages out. Null otherwise.',
  })
  incomplete: IncompleteAuditView | null;

  @ApiProperty({
    type: [RenderTemplateView],
    nullable: true,
    description:
      'An audit with render: "auto", read alone (GET /site-audits/{id}): each template its crawl told apart, how many of its pages were rendered, and why (docs/rendering.md). Null in lists and for other audits.',
  })
  render_templates: RenderTemplateView[] | null;

  @ApiProperty({
    type: [StructuredDataCountView],
    nullable: true,
    description:
      'Once judged: each type of the structured data of its pages (JSON-LD, microdata, RDFa; the first 100 items of a page) with how many pages carry it, the most carried first, at most 100 types; `[]` when no page has any. Null before, and for audits judged before it was counted. The checks structured_data_invalid and rich_result_ineligible say which items are broken or cannot show as rich results.',
  })
  structured_data: StructuredDataCountView[] | null;

  @ApiProperty({
    type: AccessibilitySummaryView,
    nullable: true,
    description:
      'Once judged: the pages axe-core audited in the browser and, per rule, the pages violating it (docs/rendering.md, "Accessibility"). Accessibility moves no score. Null before, and for audits judged before it was counted.',
  })
  accessibility: AccessibilitySummaryView | null;

  @ApiProperty({
    enum: [...SCHEDULES, null],
    type: 'string',
    nullable: true,
    description:
      'daily or weekly: a new audit of the same site, settings and privacy starts by itself each period; null when never.',
  })
  schedule: Schedule | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      "When the schedule's next audit is due (it starts within a minute of it; later while the account has SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT audits in flight); null without a schedule.",
  })
  next_run_at: string | null;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    description:
      'The scheduled audit this one was started by (its previous runs share it); null when asked for.',
  })
  scheduled_from: number | null;
}

export class SiteAuditEnvelope {
  @ApiProperty({ type: SiteAuditView })
  data: SiteAuditView;
}

export class SiteAuditListEnvelope extends ListEnvelopeOf(SiteAuditView) {}

function progressOf(
  audit: SiteAudit,
  queued: number,
  now: Date,
): CrawlProgressView {
  // Once stopped, nothing is queued: what the crawl left is not requested.
  const pagesQueued =
    audit.stoppedAt !== null
      ? 0
      : Math.max(
          0,
          Math.min(queued, audit.settings.max_pages - audit.requested) +
            (audit.requested - audit.crawled),
        );
  const elapsedMs = elapsedMsOf(audit.createdAt, audit.finishedAt, now);
  const figures = progressFigures({
    crawled: audit.crawled,
    queued: pagesQueued,
    maxPages: audit.settings.max_pages,
    elapsedMs,
  });
  return {
    phase: phaseOf(audit),
    lab_pages: audit.labPages,
    lab_pages_measured: audit.labMeasured,
    pages_crawled: audit.crawled,
    pages_queued: pagesQueued,
    pages_failed: audit.failed,
    pages_unprocessed: audit.unprocessed,
    pages_known: figures.pagesKnown,
    percent_done: figures.percentDone,
    elapsed_ms: elapsedMs,
    time_left_ms: figures.timeLeftMs,
  };
}

function phaseOf(audit: SiteAudit): AuditPhase {
  if (audit.finishedAt !== null || audit.status === 'failed') return 'finished';
  if (audit.status === 'queued') return 'queued';
  if (audit.stoppedAt === null) return 'crawling';
  return audit.judgedAt === null && audit.labPages === null ? 'judging' : 'lab';
}

/** Why an audit is incomplete: pages the service failed on; null when none. */
function incompleteOf(unprocessed: number): IncompleteAuditView | null {
  if (unprocessed === 0) return null;
  const pages = unprocessed === 1 ? '1 page' : `${unprocessed} pages`;
  return {
    pages: unprocessed,
    reason: `${pages} could not be processed because of an error of the service (logged). Their answers are unknown: no link to them is reported broken.`,
  };
}

/** `now` times a running audit's elapsed_ms; a judged one's is fixed. */
export function toSiteAuditView(
  audit: SiteAudit,
  queued: number,
  origin: string,
  now: Date = new Date(),
  renderTemplates: RenderTemplateView[] | null = null,
): SiteAuditView {
  return {
    id: Number(audit.id),
    url: audit.url,
    project: audit.project,
    status: audit.status,
    stop_reason: audit.stopReason,
    // Audits from before rendering stored no `render`: they did not render.
    settings: {
      ...audit.settings,
      render: audit.settings.render ?? false,
      lab: audit.settings.lab === true,
      lab_runs: audit.settings.lab_runs ?? null,
    },
    progress: progressOf(audit, queued, now),
    score: audit.score,
    result: audit.result,
    issues: audit.issues,
    privacy: audit.privacy,
    share_url: shareUrlOf(AUDIT_SHARES, audit, origin),
    created_at: audit.createdAt.toISOString(),
    started_at: audit.startedAt?.toISOString() ?? null,
    finished_at: audit.finishedAt?.toISOString() ?? null,
    error: audit.error,
    incomplete: incompleteOf(audit.unprocessed),
    render_templates: renderTemplates,
    structured_data: audit.structuredData,
    accessibility: audit.accessibility,
    schedule: audit.schedule,
    next_run_at: audit.nextRunAt?.toISOString() ?? null,
    scheduled_from:
      audit.scheduledFrom === null ? null : Number(audit.scheduledFrom),
  };
}
