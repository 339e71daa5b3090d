import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AnalysisResults, Rating } from '../analysis/index.js';
import { Privacy, REPORT_STATUSES } from './report.entity.js';
import type { Report, ReportStatus } from './report.entity.js';

export class ReportErrorView {
  @ApiProperty({
    example: 'timeout',
    description:
      'dns, timeout, connection, tls, http_status, not_html, too_large, redirect_limit, blocked, internal',
  })
  code: string;

  @ApiProperty({ example: 'The page did not answer within 15 seconds.' })
  message: string;
}

/** A report as the list shows it: everything but the full analysis. */
export class ReportSummaryView {
  @ApiProperty({ example: 42, description: 'Creation order.' })
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
    enum: ['good', 'decent', 'bad'],
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
    nullable: true,
    example: 'https://reports.example.com/r/Xb3kQ9vT0mZsY7pL2cR5nW8dF1hJ4gA6',
    description:
      'The page people read without a key, at /r/{token}: set for public and password reports, null for private ones. The token (192 random bits) is made when the report is first shared and kept through privacy changes; `rotate_share_token=1` replaces it, so links handed out before answer 404.',
  })
  share_url: string | null;
}

export class ReportView extends ReportSummaryView {
  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description:
      'The full analysis: score, categories, checks and page facts (see docs/checks.md).',
  })
  results: AnalysisResults | null;
}

export class ReportEnvelope {
  @ApiProperty({ type: ReportView })
  data: ReportView;
}

export class ListLinksView {
  @ApiProperty({ type: 'string' })
  first: string;
  @ApiProperty({ type: 'string' })
  last: string;
  @ApiProperty({ type: 'string', nullable: true })
  prev: string | null;
  @ApiProperty({ type: 'string', nullable: true })
  next: string | null;
}

export class ListMetaView {
  @ApiProperty({ type: 'integer' })
  current_page: number;
  @ApiProperty({ type: 'integer', nullable: true })
  from: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  to: number | null;
  @ApiProperty({ type: 'integer', minimum: 1 })
  last_page: number;
  @ApiProperty({ type: 'integer' })
  per_page: number;
  @ApiProperty({ type: 'integer' })
  total: number;
  @ApiProperty({ type: 'string' })
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
  };
}

/** Failed checks link to the catalogue by a path; the answer makes it absolute, as share_url. */
function withCatalogueLinks(
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
