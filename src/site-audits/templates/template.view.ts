import { ApiProperty } from '@nestjs/swagger';
import { LAB_METRIC_IDS } from '../../lab/lab-result.js';
import type { LabBand, LabMetricId } from '../../lab/lab-result.js';
import type {
  StoredTemplate,
  LabPageRow,
} from './site-audit-lab.repository.js';

const BANDS = ['good', 'needs_improvement', 'poor'] as const;

export class LabSpreadView {
  @ApiProperty({ example: 1800 })
  min: number;
  @ApiProperty({ example: 2300 })
  max: number;
}

export class LabMetricView {
  @ApiProperty({ enum: LAB_METRIC_IDS, example: 'largest_contentful_paint' })
  id: LabMetricId;
  @ApiProperty({
    example: 2100,
    description:
      'The median of the runs: milliseconds, or unitless for layout shift.',
  })
  value: number;
  @ApiProperty({ enum: ['ms', 'unitless'] })
  unit: 'ms' | 'unitless';
  @ApiProperty({ enum: BANDS, description: "Lighthouse's band of the value." })
  band: LabBand;
  @ApiProperty({
    type: [Number],
    description: "Every run's value, in the order run.",
  })
  runs: number[];
  @ApiProperty({ type: LabSpreadView })
  spread: LabSpreadView;
  @ApiProperty({
    description: 'The runs disagree more than a median can be trusted for.',
  })
  wide: boolean;
}

export class LabFailureView {
  @ApiProperty({
    example: 'timeout',
    description:
      'browser_missing, blocked, timeout, navigation_failed or failed (the last also for an error of the service, logged).',
  })
  code: string;
  @ApiProperty({ example: 'The page did not finish loading within 60 s.' })
  message: string;
}

export class LabPageView {
  @ApiProperty({ example: 'https://example.com/blog/first-post' })
  url: string;
  @ApiProperty({
    enum: ['pending', 'measured', 'failed'],
    description:
      'failed: measured without a result; `error` says why. It does not fail the audit.',
  })
  state: 'pending' | 'measured' | 'failed';
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100 })
  performance_score: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'How many runs the medians are of.',
  })
  runs: number | null;
  @ApiProperty({ type: [LabMetricView] })
  metrics: LabMetricView[];
  @ApiProperty({
    type: [String],
    description: 'Wide spreads, runs that failed and were left out.',
  })
  warnings: string[];
  @ApiProperty({ type: LabFailureView, nullable: true })
  error: LabFailureView | null;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description:
      'How the page was measured (tool, versions, form factor, throttling).',
  })
  settings: Record<string, unknown> | null;
}

export class TemplateMetricView {
  @ApiProperty({ enum: LAB_METRIC_IDS, example: 'largest_contentful_paint' })
  id: LabMetricId;
  @ApiProperty({
    example: 2100,
    description:
      "The median measured page's median (the lower middle one of an even count): a value one of its pages had.",
  })
  value: number;
  @ApiProperty({ enum: ['ms', 'unitless'] })
  unit: 'ms' | 'unitless';
  @ApiProperty({ enum: BANDS, description: "That page's band." })
  band: LabBand;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'The measured pages it is over.',
  })
  pages: number;
  @ApiProperty({
    type: LabSpreadView,
    description: "The lowest and highest of the measured pages' medians.",
  })
  spread: LabSpreadView;
  @ApiProperty({
    description:
      "A measured page's runs disagreed more than its median can be trusted for.",
  })
  wide: boolean;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Said when `wide`: how far to trust the value.',
  })
  warning: string | null;
}

export class TemplateView {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 1,
    description: "Its place among the audit's templates, the biggest first.",
  })
  id: number;
  @ApiProperty({
    example: '/blog/{slug}',
    description:
      'Its URL pattern (segments that vary: {id}, {date}, {slug}), and "(layout n)" when pages of one pattern have different layouts.',
  })
  name: string;
  @ApiProperty({ example: '/blog/{slug}' })
  pattern: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 240,
    description: 'Its HTML pages answered 2xx.',
  })
  pages: number;
  @ApiProperty({
    type: [String],
    description:
      'The pages measured for it (1 + ⌊log2(pages)⌋, at most 5), spread over its pages; empty past the 50 biggest templates.',
  })
  representatives: string[];
  @ApiProperty({
    type: [TemplateMetricView],
    description: 'Empty until (or unless) a representative is measured.',
  })
  metrics: TemplateMetricView[];
  @ApiProperty({ type: [LabPageView] })
  lab_pages: LabPageView[];
  @ApiProperty({
    example:
      "3 of its 240 pages were measured; the other 237 are not: they inherit this template's verdict.",
  })
  verdict: string;
}

export class TemplateListEnvelope {
  @ApiProperty({ type: [TemplateView] })
  data: TemplateView[];
}

function labPageView(page: LabPageRow): LabPageView {
  return {
    url: page.url,
    state: page.state,
    performance_score: page.result?.performance_score ?? null,
    runs: page.result?.runs ?? null,
    metrics: page.result?.metrics ?? [],
    warnings: page.result?.warnings ?? [],
    error: page.error,
    settings: page.result
      ? (page.result.settings as unknown as Record<string, unknown>)
      : null,
  };
}

/** A template as the API shows it. */
export function toTemplateView(
  template: StoredTemplate,
  lab: boolean,
): TemplateView {
  const measured = template.labPages.filter(
    (p) => p.state === 'measured',
  ).length;
  const others = template.pageCount - measured;
  const verdict = !lab
    ? `Not measured: the audit ran without lab.`
    : template.labPages.length === 0
      ? `None of its ${template.pageCount} pages was measured (only the biggest templates are).`
      : `${measured} of its ${template.pageCount} pages ${measured === 1 ? 'was' : 'were'} measured` +
        (others > 0
          ? `; the other ${others} ${others === 1 ? 'is' : 'are'} not: ${others === 1 ? 'it inherits' : 'they inherit'} this template's verdict.`
          : '.');
  return {
    id: template.ordinal,
    name: template.name,
    pattern: template.pattern,
    pages: template.pageCount,
    representatives: template.labPages.map((page) => page.url),
    metrics: (template.metrics ?? []).map((metric) => ({
      ...metric,
      warning: metric.wide
        ? `A measured page's runs disagreed widely: trust the ${metric.id} value less, or measure with more lab_runs.`
        : null,
    })),
    lab_pages: template.labPages.map(labPageView),
    verdict,
  };
}
