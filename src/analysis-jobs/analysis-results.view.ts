import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANY_JSON_VALUE } from '../common/any-json-value.js';
import { CATEGORIES, IMPORTANCES, RATINGS } from '../analysis/index.js';
import type {
  AnalysisResults,
  Category,
  Importance,
  Rating,
  RenderOutcome,
} from '../analysis/index.js';

/**
 * The OpenAPI shape of an analysis's results (docs/checks.md), for every subject that
 * answers them: a report's `results`, a run's, a page of a site audit's.
 */

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
    ...ANY_JSON_VALUE,
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

/** Why a page of a render: "auto" site audit was rendered or judged raw. */
export class RenderChoiceView {
  @ApiProperty({
    enum: ['start', 'sample', 'rendered', 'raw'],
    description:
      "`start` (the start page, always rendered), `sample` (rendered to learn whether rendering changes its template), `rendered` (a sample of its template changed when rendered), `raw` (its template's samples did not: judged raw).",
  })
  kind: 'start' | 'sample' | 'rendered' | 'raw';
  @ApiProperty({
    example: '/docs/* (layout 3f2a9c1b)',
    description:
      "Its template as the crawl tells them apart while it runs: its folder (numbers, dates and ids generalised) and its raw layout's digest.",
  })
  template: string;
  @ApiProperty({
    example:
      '3 sampled pages of its template rendered as their raw HTML reads: its other pages are judged raw.',
  })
  reason: string;
}

export class RenderOutcomeView implements RenderOutcome {
  @ApiProperty({
    example: 'rendered',
    description:
      '`rendered` (its DOM was judged), `not_rendered` (render: "auto" judged it raw: `choice` says why), or why the browser gave no page, its raw HTML judged instead: `page_unresponsive` (its scripts kept the browser busy past the time cap), `page_crashed`, `render_timeout`, `too_large`, `navigation_failed`, `disallowed`.',
  })
  status: string;
  @ApiProperty({
    type: 'boolean',
    nullable: true,
    description:
      'The network went quiet before the time cap; false: the page was taken as it was at the cap (a request that never ends). Null when it gave no page.',
  })
  settled: boolean | null;
  @ApiProperty({
    type: 'integer',
    description: 'Dialogs it opened (alert, confirm, prompt), each dismissed.',
  })
  dialogs: number;
  @ApiProperty({
    type: 'integer',
    description: 'Windows its scripts opened, each blocked.',
  })
  windows_blocked: number;
  @ApiProperty({
    type: 'integer',
    description: 'Uncaught exceptions of its scripts.',
  })
  script_errors: number;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Why the browser gave no page, in words.',
  })
  message: string | null;
  @ApiPropertyOptional({
    type: RenderChoiceView,
    description:
      'A site audit with render: "auto": why this page was rendered or judged raw. Absent otherwise.',
  })
  choice?: RenderChoiceView;
}

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

  @ApiPropertyOptional({
    type: RenderOutcomeView,
    description:
      'With render: true, what the render met: settled or taken at the time cap, dialogs dismissed, windows blocked, script errors (docs/rendering.md).',
  })
  render?: RenderOutcomeView;
}

/** Failed checks link to the catalogue by a path; the answer makes it absolute, as share_url. */
export function withCatalogueLinks<R extends AnalysisResults>(
  results: R | null,
  origin: string,
): R | null {
  if (!results) return null;
  return {
    ...results,
    checks: results.checks.map((check) =>
      check.doc_url ? { ...check, doc_url: origin + check.doc_url } : check,
    ),
  };
}
