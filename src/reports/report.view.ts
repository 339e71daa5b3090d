import { ApiProperty } from '@nestjs/swagger';
import { ApiPrivacyProperty, shareUrlOf } from '../sharing/share-view.js';
import { REPORT_SHARES } from './shared/report-shares.js';
import { RATINGS } from '../analysis/index.js';
import type { Rating } from '../analysis/index.js';
import { withCatalogueLinks } from '../analysis-jobs/analysis-results.view.js';
import { ReportResultsView } from './lab-result.view.js';
import { ListEnvelopeOf } from '../common/pagination/page.views.js';
import {
  Privacy,
  REPORT_ERROR_CODES,
  REPORT_STATUSES,
} from './report.entity.js';
import type {
  Report,
  ReportErrorCode,
  ReportResults,
  ReportStatus,
} from './report.entity.js';
import { SCHEDULES } from '../schedules/schedule.js';
import type { Schedule } from '../schedules/schedule.js';

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

  @ApiPrivacyProperty()
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
    description:
      'Whether the page is judged as a browser renders it, once its scripts have run (`render: true` when created).',
    example: false,
  })
  render: boolean;

  @ApiProperty({
    description:
      'Whether the page is also measured in a lab browser (`lab: true` when created); the figures are in the results’ `lab` section.',
    example: false,
  })
  lab: boolean;

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
    type: ReportResultsView,
    nullable: true,
    description:
      'The full analysis: score, categories, checks and page facts (docs/checks.md), and with lab: true the lab section; null until an analysis completes.',
  })
  results: ReportResults | null;
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

export class ReportListEnvelope extends ListEnvelopeOf(ReportSummaryView) {}

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
    share_url: shareUrlOf(REPORT_SHARES, report, origin),
    render: report.render,
    lab: report.lab,
    schedule: report.schedule,
    next_run_at: report.nextRunAt?.toISOString() ?? null,
  };
}

export function toView(report: Report, origin: string): ReportView {
  return {
    ...toSummaryView(report, origin),
    results: withCatalogueLinks(report.results, origin),
  };
}
