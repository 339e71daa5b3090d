import type { ReportView } from '../reports/report.view.js';
import type { Branding, ScorePoint } from './audit-document.js';

/**
 * What a report says, loaded once for every format that writes reports: the report as
 * GET /reports/{id} answers it (its results with every check), its score history and
 * the account's branding.
 */
export interface ReportDocument {
  subject: 'report';
  report: ReportView;
  /** Scores of its kept completed runs, oldest first (`id` is the run's number). */
  history: ScorePoint[];
  /** The run before the last: its score and when it finished; null without one. */
  previous: { finished_at: string; score: number } | null;
  userAgent: string;
  branding: Branding;
  generatedAt: string;
}
