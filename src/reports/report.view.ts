import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CATEGORIES, IMPORTANCES, RATINGS } from '../analysis/index.js';
import type {
  AnalysisResults,
  Category,
  Importance,
  Rating,
} from '../analysis/index.js';
import {
  Privacy,
  REPORT_ERROR_CODES,
  REPORT_STATUSES,
} from './report.entity.js';
import type { Report, ReportErrorCode, ReportStatus } from './report.entity.js';
import { SCHEDULES } from './schedule.js';
import type { Schedule } from './schedule.js';

export class ReportErrorView {
  @ApiProperty({
    enum: REPORT_ERROR_CODES,
    example: 'timeout',
    description:
      'Why the analysis failed (docs/api.md, "error.code"); `internal` when the analyser failed unexpectedly.',
  })
  code: ReportErrorCode;

  @ApiProperty({
    example: 'The page did not answer within 15 seconds.',
    description: 'One sentence for a person; do not parse it.',
  })
  message: string;
}

export class CategoryScoreView {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: 'Null when no check of the category applied to the page.',
  })
  score: number | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  passed: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  failed: number;
}

/** One score per category; the keys are the categories of docs/checks.md. */
export class CategoryScoresView implements Record<Category, CategoryScoreView> {
  @ApiProperty({ type: CategoryScoreView })
  seo: CategoryScoreView;

  @ApiProperty({ type: CategoryScoreView })
  performance: CategoryScoreView;

  @ApiProperty({ type: CategoryScoreView })
  security: CategoryScoreView;

  @ApiProperty({ type: CategoryScoreView })
  miscellaneous: CategoryScoreView;
}

export class CheckResultView {
  @ApiProperty({
    example: 'title_length',
    description: "The check's id, its anchor in docs/checks.md.",
  })
  id: string;

  @ApiProperty({ enum: CATEGORIES })
  category: Category;

  @ApiProperty({ enum: IMPORTANCES })
  importance: Importance;

  @ApiProperty({
    type: 'boolean',
    nullable: true,
    description: 'true passed, false failed, null does not apply to this page.',
  })
  passed: boolean | null;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'One short sentence for a person.' })
  message: string;

  @ApiProperty({
    // Evidence differs per check (a text, a count, a header, a list of items): any JSON value.
    anyOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'array', items: {} },
      { type: 'object', additionalProperties: true },
      { type: 'null' },
    ],
    description:
      'The evidence: a text, a count, a header or up to 20 offending items, per docs/checks.md; null when there is none.',
  })
  value: unknown;

  @ApiPropertyOptional({ description: 'Failed checks only: what to change.' })
  advice?: string;

  @ApiPropertyOptional({
    format: 'uri',
    example: 'https://reports.example.com/docs/checks#title_length',
    description: "Failed checks only: the check's section in the catalogue.",
  })
  doc_url?: string;
}

export class RedirectHopView {
  @ApiProperty()
  url: string;

  @ApiProperty({ type: 'integer' })
  status_code: number;
}

export class PageFactsView {
  @ApiProperty({ description: 'The URL after redirects.' })
  final_url: string;

  @ApiProperty({ type: 'integer', example: 200 })
  status_code: number;

  @ApiProperty({ type: [RedirectHopView] })
  redirects: RedirectHopView[];

  @ApiProperty({ example: 'text/html; charset=utf-8' })
  content_type: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'br',
    description: 'The Content-Encoding the page came with; null when plain.',
  })
  encoding: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  ttfb_ms: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  load_time_ms: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  html_bytes: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  transfer_bytes: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  dom_elements: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  words: number;
}

/** The full analysis of a report: the `results` docs/checks.md describes. */
export class AnalysisResultsView {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 100,
    description: 'Capped at 49 when a capping check failed.',
  })
  score: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  uncapped_score: number;

  @ApiProperty({
    type: [String],
    example: [],
    description:
      'The capping checks that failed, whether or not the cap lowered the score.',
  })
  capped_by: string[];

  @ApiProperty({ enum: RATINGS })
  rating: Rating;

  @ApiProperty({ type: CategoryScoresView })
  categories: CategoryScoresView;

  @ApiProperty({ type: [CheckResultView] })
  checks: CheckResultView[];

  @ApiProperty({ type: PageFactsView })
  page: PageFactsView;
}

/** A report as the list shows it: everything but the full analysis. */
export class ReportSummaryView {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    minimum: 1,
    example: 42,
    description: 'Creation order; the {id} of its path.',
  })
  id: number;

  @ApiProperty({ example: 'https://example.com/pricing' })
  url: string;

  @ApiProperty({
    example: 'example.com',
    description: "The URL's host, lowercased, without a leading www.",
  })
  project: string;

  @ApiProperty({ enum: REPORT_STATUSES, example: 'completed' })
  status: ReportStatus;

  @ApiProperty({
    enum: RATINGS,
    nullable: true,
    type: 'string',
    description: 'good at 80 and above, decent 50–79, bad below 50.',
  })
  result: Rating | null;

  @ApiProperty({ nullable: true, type: 'integer', minimum: 0, maximum: 100 })
  score: number | null;

  @ApiProperty({
    enum: [0, 1, 2],
    type: 'integer',
    description: '0 public, 1 private, 2 password.',
  })
  privacy: Privacy;

  @ApiProperty({
    nullable: true,
    type: 'string',
    format: 'date-time',
    example: '2026-11-22T08:00:03.412Z',
  })
  generated_at: string | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updated_at: string;

  @ApiProperty({ type: ReportErrorView, nullable: true })
  error: ReportErrorView | null;

  @ApiProperty({
    type: 'string',
    format: 'uri',
    nullable: true,
    example: 'https://reports.example.com/r/Xb3kQ9vT0mZsY7pL2cR5nW8dF1hJ4gA6',
    description:
      'The page people read without a key, at /r/{token}: set for public and password reports, null for private ones. The token (192 random bits) is made when the report is first shared and kept through privacy changes; `rotate_share_token=1` replaces it, so links handed out before answer 404.',
  })
  share_url: string | null;

  @ApiProperty({
    enum: [...SCHEDULES, null],
    type: 'string',
    nullable: true,
    description:
      'How often the page is analysed again by itself; null when it is not.',
  })
  schedule: Schedule | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-23T08:00:01.120Z',
    description:
      "When the schedule's next run is due (it starts within a minute of it; later when the account has too many analyses in flight then); null without a schedule.",
  })
  next_run_at: string | null;
}

export class ReportView extends ReportSummaryView {
  @ApiProperty({
    type: AnalysisResultsView,
    nullable: true,
    description:
      'The full analysis: score, categories, checks and page facts (docs/checks.md); null until an analysis completes.',
  })
  results: AnalysisResults | null;
}

export class ReportEnvelope {
  @ApiProperty({ type: ReportView })
  data: ReportView;
}

export class ReportBatchEnvelope {
  @ApiProperty({
    type: [ReportView],
    description: 'Every report of the batch, in its order, queued.',
  })
  data: ReportView[];
}

export class ListLinksView {
  @ApiProperty({ type: 'string', format: 'uri' })
  first: string;
  @ApiProperty({ type: 'string', format: 'uri' })
  last: string;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  prev: string | null;
  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  next: string | null;
}

export class ListMetaView {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The page asked for; null when the page was read from a cursor.',
  })
  current_page: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  from: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  to: number | null;
  @ApiProperty({ type: 'integer', minimum: 1 })
  last_page: number;
  @ApiProperty({ type: 'integer' })
  per_page: number;
  @ApiProperty({
    type: 'integer',
    description:
      'Reports the filters keep. Exact without a search, and for a search with at most 2000 matches; past that, an estimate (total_is_exact false), at least 2001.',
  })
  total: number;
  @ApiProperty({
    description:
      'False when total (and so last_page and links.last) is an estimate: a search with more than 2000 matches. links.next then follows every full page.',
  })
  total_is_exact: boolean;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Pass as cursor to read the reports after this page; null when there are none.',
  })
  next_cursor: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Pass as cursor to read the reports before this page; null when there are none.',
  })
  prev_cursor: string | null;
  @ApiProperty({ type: 'string', format: 'uri' })
  path: string;
}

export class ReportListEnvelope {
  @ApiProperty({ type: [ReportSummaryView] })
  data: ReportSummaryView[];
  @ApiProperty({ type: ListLinksView })
  links: ListLinksView;
  @ApiProperty({ type: ListMetaView })
  meta: ListMetaView;
}

/** The address of a report's shared page, built from the request's own origin. */
export function shareUrlOf(report: Report, origin: string): string | null {
  return report.privacy === Privacy.Private || !report.shareToken
    ? null
    : `${origin}/r/${report.shareToken}`;
}

export function toSummaryView(
  report: Report,
  origin: string,
): ReportSummaryView {
  return {
    id: Number(report.id),
    url: report.url,
    project: report.project,
    status: report.status,
    result: report.result,
    score: report.score,
    privacy: report.privacy,
    generated_at: report.generatedAt?.toISOString() ?? null,
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
    error: report.error,
    share_url: shareUrlOf(report, origin),
    schedule: report.schedule,
    next_run_at: report.nextRunAt?.toISOString() ?? null,
  };
}

/** Failed checks link to the catalogue by a path; the answer makes it absolute, as share_url. */
export function withCatalogueLinks(
  results: AnalysisResults | null,
  origin: string,
): AnalysisResults | null {
  if (!results) return null;
  return {
    ...results,
    checks: results.checks.map((check) =>
      check.doc_url ? { ...check, doc_url: origin + check.doc_url } : check,
    ),
  };
}

export function toView(report: Report, origin: string): ReportView {
  return {
    ...toSummaryView(report, origin),
    results: withCatalogueLinks(report.results, origin),
  };
}
