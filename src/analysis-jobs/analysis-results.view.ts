import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANY_JSON_VALUE } from '../common/any-json-value.js';
import { CHECK_CATEGORIES, IMPORTANCES, RATINGS } from '../analysis/index.js';
import type {
  AccessibilityImpact,
  AnalysisResults,
  Category,
  CheckCategory,
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

  @ApiProperty({
    enum: CHECK_CATEGORIES,
    description:
      'One of the score’s four, or `accessibility`, which counts in no score.',
  })
  category: CheckCategory;

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

export class AccessibilityNodeView {
  @ApiProperty({
    example: 'form > input',
    description:
      'A CSS selector of the element (shadow roots joined by ` >>> `), at most 300 characters.',
  })
  target: string;
  @ApiProperty({
    example: '<input type="text" name="email">',
    description: "The element's markup, at most 300 characters.",
  })
  html: string;
  @ApiProperty({
    description: "What to fix, in axe-core's words, at most 500 characters.",
  })
  failure_summary: string;
}

export class AccessibilityViolationView {
  @ApiProperty({ example: 'label', description: "axe-core's rule id." })
  id: string;
  @ApiProperty({
    enum: ['critical', 'serious', 'moderate', 'minor'],
    nullable: true,
    description: 'The worst impact among its elements, as axe-core rates it.',
  })
  impact: AccessibilityImpact | null;
  @ApiProperty({
    example: 'Form elements must have labels',
    description: "axe-core's help text.",
  })
  help: string;
  @ApiProperty({ format: 'uri' })
  help_url: string;
  @ApiProperty()
  description: string;
  @ApiProperty({ type: [String], example: ['cat.forms', 'wcag2a', 'wcag412'] })
  tags: string[];
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Elements that fail the rule, all of them.',
  })
  node_count: number;
  @ApiProperty({
    type: [AccessibilityNodeView],
    description: 'The first 5 of them.',
  })
  nodes: AccessibilityNodeView[];
}

/** axe-core's WCAG A and AA rules in the rendered page, or why none ran. */
export class AccessibilityAuditView {
  @ApiProperty({
    description:
      'Whether axe-core ran in the page; false with `render: false` (`reason`).',
  })
  ran: boolean;
  @ApiPropertyOptional({
    example: 'render: false',
    description:
      'When no rule ran, why: `render: false`, `not rendered` (a page of a render: "auto" audit judged raw), `timed out after 5000 ms`, `failed: …`.',
  })
  reason?: string;
  @ApiPropertyOptional({ example: 'axe-core 4.14.1' })
  engine?: string;
  @ApiPropertyOptional({
    type: [String],
    example: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
    description: "axe-core's tags whose rules ran.",
  })
  tags?: string[];
  @ApiPropertyOptional({
    type: [AccessibilityViolationView],
    description:
      'The rules the page violates, worst impact first (at most 100); empty when none.',
  })
  violations?: AccessibilityViolationView[];
  @ApiPropertyOptional({
    type: 'integer',
    description: 'How long axe-core took in the page.',
  })
  ms?: number;
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

  @ApiPropertyOptional({
    type: AccessibilityAuditView,
    description:
      "Accessibility, beside the score's four categories and in none of their scores: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules run in the rendered page (docs/rendering.md). With render: false, `{ ran: false, reason: \"render: false\" }`: no rule ran. Absent from results made before it was kept, and from a site audit's pages, whose `accessibility` check carries their violations.",
  })
  accessibility?: AccessibilityAuditView;
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
