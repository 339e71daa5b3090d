import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ANALYSIS_FAILURE_CODES } from '../analysis-jobs/analysis-subject.js';
import type {
  AnalysisFailure,
  AnalysisFailureCode,
} from '../analysis-jobs/analysis-subject.js';
import type { AnalysisResults, Rating } from '../analysis/index.js';
import type { LabOutcome } from '../lab/index.js';
import type { Schedule } from '../schedules/schedule.js';
import { Privacy } from '../sharing/privacy.js';

/** An analysis moves queued → running → completed or failed; a re-run queues it again. */
export const REPORT_STATUSES = [
  'queued',
  'running',
  'completed',
  'failed',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report's privacy: the model every shared thing has (sharing/privacy.ts). */
export { Privacy };

/** A report's results: the analysis, and with lab: true its lab section (docs/lab.md). */
export type ReportResults = AnalysisResults & { lab?: LabOutcome };

/** The analyser's codes, and `internal` for a failure it did not expect (docs/api.md, "error.code"). */
export const REPORT_ERROR_CODES = ANALYSIS_FAILURE_CODES;
export type ReportErrorCode = AnalysisFailureCode;
export type ReportError = AnalysisFailure;

@Entity('reports')
export class Report {
  @PrimaryColumn({ type: 'bigint', generated: 'identity' })
  id: string;

  @Column({ name: 'account_id', type: 'bigint' })
  accountId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 255 })
  project: string;

  @Column({ type: 'text' })
  status: ReportStatus;

  @Column({ type: 'text', nullable: true })
  result: Rating | null;

  /** good 3, decent 2, bad 1: maintained by the database, used to sort by rating. */
  @Column({
    name: 'result_rank',
    type: 'smallint',
    nullable: true,
    insert: false,
    update: false,
    select: false,
  })
  resultRank: number | null;

  @Column({ type: 'smallint', nullable: true })
  score: number | null;

  @Column({ type: 'smallint' })
  privacy: Privacy;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  /** Numbers the analyses asked for: create is run 1, each re-run adds one. */
  @Column({ type: 'integer', default: 1 })
  run: number;

  /** Transient failures of the current run so far (timeouts, connections, 5xx). */
  @Column({ type: 'smallint', default: 0 })
  attempts: number;

  /** When the current run was first claimed: the start its run history row records. */
  @Column({
    name: 'run_started_at',
    type: 'timestamptz',
    nullable: true,
    insert: false,
    select: false,
  })
  runStartedAt?: Date | null;

  /** Opens the shared page: made when the report is first shared, replaced on rotation. */
  @Column({ name: 'share_token', type: 'text', nullable: true })
  shareToken: string | null;

  /** Bumped on every privacy or password change: shared-page cookies carry it. */
  @Column({ name: 'share_version', type: 'integer', default: 0 })
  shareVersion: number;

  /** Judged as a browser renders the page (render: true), on every run. */
  @Column({ type: 'boolean', default: false })
  render: boolean;

  /** Also measured in a lab browser (lab: true), on every run. */
  @Column({ type: 'boolean', default: false })
  lab: boolean;

  /** Analysed again by itself this often; null when never. */
  @Column({ type: 'text', nullable: true })
  schedule: Schedule | null;

  /** When the schedule's next run is due; null without a schedule. */
  @Column({ name: 'next_run_at', type: 'timestamptz', nullable: true })
  nextRunAt: Date | null;

  @Column({ name: 'generated_at', type: 'timestamptz', nullable: true })
  generatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'jsonb', nullable: true })
  error: ReportError | null;

  @Column({ type: 'jsonb', nullable: true })
  results: ReportResults | null;
}
