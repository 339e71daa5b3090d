import {
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  getSchemaPath,
} from '@nestjs/swagger';
import { AnalysisResultsView } from '../analysis-jobs/analysis-results.view.js';
import { LAB_METRIC_IDS } from '../lab/index.js';
import type {
  LabBand,
  LabFailure,
  LabMetric,
  LabMetricId,
  LabResult,
  LabSettings,
} from '../lab/index.js';

/** The OpenAPI shape of a lab measurement (src/lab/lab-result.ts), for a report's results. */

export class LabSpreadView {
  @ApiProperty({ example: 2410.5 })
  min: number;

  @ApiProperty({ example: 2655.2 })
  max: number;
}

export class LabMetricView implements LabMetric {
  @ApiProperty({
    enum: LAB_METRIC_IDS,
    description: 'Named as Lighthouse CI’s assertions name it.',
  })
  id: LabMetricId;

  @ApiProperty({
    example: 2512.3,
    description:
      'The median of the runs: milliseconds, or unitless for cumulative_layout_shift.',
  })
  value: number;

  @ApiProperty({ enum: ['ms', 'unitless'] })
  unit: 'ms' | 'unitless';

  @ApiProperty({
    enum: ['good', 'needs_improvement', 'poor'],
    description:
      'Lighthouse’s band of the median (mobile): good up to LCP 2500 ms, CLS 0.1, TBT 200 ms, FCP 1800 ms, Speed Index 3387 ms; poor past 4000 ms, 0.25, 600 ms, 3000 ms, 5800 ms.',
  })
  band: LabBand;

  @ApiProperty({
    type: [Number],
    example: [2410.5, 2512.3, 2655.2],
    description: 'Every run’s value, in the order run.',
  })
  runs: number[];

  @ApiProperty({ type: LabSpreadView })
  spread: { min: number; max: number };

  @ApiProperty({
    description:
      'The runs disagree: their spread is past 25% of the median and past 200 ms (0.05 for layout shift).',
  })
  wide: boolean;
}

export class LabSettingsView implements LabSettings {
  @ApiProperty({ example: 'lighthouse' })
  tool: string;

  @ApiProperty({ example: '13.5.0' })
  tool_version: string;

  @ApiProperty({ example: '156.0.8078.108' })
  browser_version: string;

  @ApiProperty({ enum: ['mobile', 'desktop'] })
  form_factor: 'mobile' | 'desktop';

  @ApiProperty({ enum: ['simulate', 'devtools', 'provided'] })
  throttling_method: 'simulate' | 'devtools' | 'provided';

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
    description: 'Lighthouse’s throttling figures as used.',
  })
  throttling: Record<string, number>;
}

export class LabResultView implements LabResult {
  @ApiProperty({ description: 'The URL measured, as the browser ended on it.' })
  url: string;

  @ApiProperty({ format: 'date-time' })
  measured_at: string;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 100,
    description:
      'The median of the runs’ Lighthouse performance scores; it counts in the performance category (docs/checks.md, Scoring and the cap).',
  })
  performance_score: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 5,
    description: 'How many runs the medians are of.',
  })
  runs: number;

  @ApiProperty({ type: [LabMetricView] })
  metrics: LabMetricView[];

  @ApiProperty({ type: LabSettingsView })
  settings: LabSettingsView;

  @ApiProperty({
    type: [String],
    description:
      'What a reader should know: wide spreads, runs that failed and were left out.',
  })
  warnings: string[];
}

export class ReportLabErrorView {
  @ApiProperty({
    enum: [
      'browser_missing',
      'blocked',
      'timeout',
      'failed',
      'navigation_failed',
    ],
    description:
      'browser_missing: no browser, or its sandbox cannot start; blocked: the address policy refused the page; timeout: a run took longer than its cap; navigation_failed: the page did not load; failed: no run gave figures.',
  })
  code: LabFailure['error']['code'];

  @ApiProperty({
    example: 'The page did not load: net::ERR_CONNECTION_REFUSED.',
  })
  message: string;
}

export class ReportLabFailureView implements LabFailure {
  @ApiProperty({ description: 'The URL the lab was asked to measure.' })
  url: string;

  @ApiProperty({ format: 'date-time' })
  measured_at: string;

  @ApiProperty({ type: ReportLabErrorView })
  error: ReportLabErrorView;
}

@ApiExtraModels(LabResultView, ReportLabFailureView)
export class ReportResultsView extends AnalysisResultsView {
  @ApiPropertyOptional({
    oneOf: [
      { $ref: getSchemaPath(LabResultView) },
      { $ref: getSchemaPath(ReportLabFailureView) },
    ],
    description:
      'With lab: true: the page measured in a lab browser (docs/lab.md), or, when the measurement failed, why (`error`); the analysis and its score stand without it.',
  })
  lab?: LabResultView | ReportLabFailureView;
}
