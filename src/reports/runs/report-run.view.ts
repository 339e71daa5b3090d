import { ApiProperty } from '@nestjs/swagger';
import { CATEGORIES, RATINGS } from '../../analysis/index.js';
import type {
  AnalysisResults,
  Category,
  Rating,
} from '../../analysis/index.js';
import {
  AnalysisResultsView,
  CheckResultView,
  withCatalogueLinks,
} from '../../analysis-jobs/analysis-results.view.js';
import { ListEnvelopeOf } from '../../common/pagination/page.views.js';
import { ReportErrorView } from '../report.view.js';
import { RUN_STATUSES } from './report-run.entity.js';
import type { ReportRun, RunStatus } from './report-run.entity.js';
import type { ScorePoint } from './report-runs.repository.js';
import type { CheckState, ResultsDiff } from './run-diff.js';

/** A run as the list of runs shows it: its outcome without the full results. */
export class RunSummaryView {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 3,
    description: 'The run number: create is run 1, each re-run adds one.',
  })
  run: number;

  @ApiProperty({ enum: RUN_STATUSES, example: 'completed' })
  status: RunStatus;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: 'Null for a failed run.',
  })
  score: number | null;

  @ApiProperty({
    enum: RATINGS,
    type: 'string',
    nullable: true,
    description: 'The rating of the score; null for a failed run.',
  })
  result: Rating | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    description: 'When a worker first took the run.',
  })
  started_at: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  finished_at: string;

  @ApiProperty({
    type: ReportErrorView,
    nullable: true,
    description: 'Why the run failed; null for a completed run.',
  })
  error: ReportErrorView | null;
}

export class RunView extends RunSummaryView {
  @ApiProperty({
    type: AnalysisResultsView,
    nullable: true,
    description:
      "The run's full analysis, as a report's `results`; null for a failed run.",
  })
  results: AnalysisResults | null;
}

export class RunEnvelope {
  @ApiProperty({ type: RunView })
  data: RunView;
}

export class RunListEnvelope extends ListEnvelopeOf(RunSummaryView, {
  meta: 'As the reports list has it; total is always exact and the cursors null.',
}) {}

/** Which run a side of a diff is. */
export class DiffRunView {
  @ApiProperty({ type: 'integer', minimum: 1 })
  run: number;

  @ApiProperty({ type: 'string', format: 'date-time' })
  finished_at: string;
}

export class ScoreChangeView {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  from: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  to: number;
  @ApiProperty({
    type: 'integer',
    minimum: -100,
    maximum: 100,
    description: 'to − from.',
  })
  delta: number;
}

export class ResultChangeView {
  @ApiProperty({ enum: RATINGS })
  from: Rating;
  @ApiProperty({ enum: RATINGS })
  to: Rating;
  @ApiProperty()
  changed: boolean;
}

export class CategoryChangeView {
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100 })
  from: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100 })
  to: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: -100,
    maximum: 100,
    description:
      'to − from; null when no check of the category applied in one of the runs.',
  })
  delta: number | null;
}

export class CategoryChangesView implements Record<
  Category,
  CategoryChangeView
> {
  @ApiProperty({ type: CategoryChangeView })
  seo: CategoryChangeView;
  @ApiProperty({ type: CategoryChangeView })
  performance: CategoryChangeView;
  @ApiProperty({ type: CategoryChangeView })
  security: CategoryChangeView;
  @ApiProperty({ type: CategoryChangeView })
  miscellaneous: CategoryChangeView;
}

const OTHER_STATES: Array<Exclude<CheckState, 'failed'>> = [
  'passed',
  'not_applicable',
  'absent',
];

export class StartedFailingView extends CheckResultView {
  @ApiProperty({
    enum: OTHER_STATES,
    description:
      'Its outcome in the `from` run (`absent`: that run had no such check).',
  })
  was: Exclude<CheckState, 'failed'>;
}

export class StoppedFailingView extends CheckResultView {
  @ApiProperty({
    enum: OTHER_STATES,
    description:
      'Its outcome in the `to` run (`absent`: that run has no such check).',
  })
  now: Exclude<CheckState, 'failed'>;
}

export class RunDiffView {
  @ApiProperty({ type: DiffRunView })
  from: DiffRunView;

  @ApiProperty({ type: DiffRunView })
  to: DiffRunView;

  @ApiProperty({ type: ScoreChangeView })
  score: ScoreChangeView;

  @ApiProperty({ type: ResultChangeView, description: 'The rating.' })
  result: ResultChangeView;

  @ApiProperty({
    type: CategoryChangesView,
    description: `The score of each category (${CATEGORIES.join(', ')}).`,
  })
  categories: CategoryChangesView;

  @ApiProperty({
    type: [StartedFailingView],
    description:
      'Checks that fail in `to` and did not in `from`, as they stand in `to`: message, evidence (`value`), advice.',
  })
  started_failing: StartedFailingView[];

  @ApiProperty({
    type: [StoppedFailingView],
    description:
      'Checks that failed in `from` and do not in `to`, as they stood in `from`, with the evidence of that failure.',
  })
  stopped_failing: StoppedFailingView[];
}

export class RunDiffEnvelope {
  @ApiProperty({ type: RunDiffView })
  data: RunDiffView;
}

/** One completed run's score, a point of the score history. */
export class ScorePointView {
  @ApiProperty({ type: 'integer', minimum: 1 })
  run: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 })
  score: number;

  @ApiProperty({ type: 'string', format: 'date-time' })
  finished_at: string;
}

export function toScorePointView(point: ScorePoint): ScorePointView {
  return {
    run: point.run,
    score: point.score,
    finished_at: point.finishedAt.toISOString(),
  };
}

export function toRunSummaryView(run: ReportRun): RunSummaryView {
  return {
    run: run.run,
    status: run.status,
    score: run.score,
    result: run.result,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt.toISOString(),
    error: run.error,
  };
}

export function toRunView(run: ReportRun, origin: string): RunView {
  return {
    ...toRunSummaryView(run),
    results: withCatalogueLinks(run.results, origin),
  };
}

/** Failed checks link to the catalogue by a path; the answer makes it absolute. */
function linked<T extends { doc_url?: string }>(check: T, origin: string): T {
  return check.doc_url ? { ...check, doc_url: origin + check.doc_url } : check;
}

export function toRunDiffView(
  from: ReportRun,
  to: ReportRun,
  diff: ResultsDiff,
  origin: string,
): RunDiffView {
  return {
    from: { run: from.run, finished_at: from.finishedAt.toISOString() },
    to: { run: to.run, finished_at: to.finishedAt.toISOString() },
    ...diff,
    started_failing: diff.started_failing.map((c) => linked(c, origin)),
    stopped_failing: diff.stopped_failing.map((c) => linked(c, origin)),
  };
}
