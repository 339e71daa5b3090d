import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AnalysisResults, Rating } from '../../analysis/index.js';
import type { ReportError } from '../report.entity.js';

/** How a run ended; runs still queued or running are the report's own state. */
export const RUN_STATUSES = ['completed', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One settled run of a report: its outcome as it was, kept after later runs replace it. */
@Entity('report_runs')
export class ReportRun {
  @PrimaryColumn({ name: 'report_id', type: 'bigint' })
  reportId: string;

  /** The report's run number: create is run 1, each re-run adds one. */
  @PrimaryColumn({ type: 'integer' })
  run: number;

  @Column({ name: 'account_id', type: 'bigint' })
  accountId: string;

  @Column({ type: 'text' })
  status: RunStatus;

  @Column({ type: 'smallint', nullable: true })
  score: number | null;

  @Column({ type: 'text', nullable: true })
  result: Rating | null;

  /** Completed runs only. */
  @Column({ type: 'jsonb', nullable: true })
  results: AnalysisResults | null;

  /** Failed runs only. */
  @Column({ type: 'jsonb', nullable: true })
  error: ReportError | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz' })
  finishedAt: Date;
}
