import type { ReportView } from '../reports/report.view.js';
import { resolveBranding } from '../branding/resolved-branding.js';
import type { AnalysisResults } from '../analysis/index.js';
import type { LabOutcome } from '../lab/index.js';
import type { Branding, ScorePoint } from './audit-document.js';

/** What a report's print reads: a stored report's view has it, and so has a page analysed here. */
export type PrintedReport = Pick<
  ReportView,
  'url' | 'generated_at' | 'results' | 'render' | 'lab'
>;

/**
 * What a report says, loaded once for every format that writes reports: the report as
 * GET /reports/{id} answers it (its results with every check), its score history and
 * the account's branding.
 */
export interface ReportDocument {
  subject: 'report';
  /** The report as GET /reports/{id} answers it; what the print reads of it at the least. */
  report: PrintedReport;
  /** Scores of its kept completed runs, oldest first (`id` is the run's number). */
  history: ScorePoint[];
  /** The run before the last: its score and when it finished; null without one. */
  previous: { finished_at: string; score: number } | null;
  userAgent: string;
  branding: Branding;
  generatedAt: string;
}

/**
 * The document of a page analysed without the service (`analyse --out pdf:…`): no
 * account, no history; the page's host stands where an account's name would.
 */
export function standaloneReportDocument(input: {
  url: string;
  results: AnalysisResults & { lab?: LabOutcome };
  render: boolean;
  lab: boolean;
  userAgent: string;
  now: Date;
}): ReportDocument {
  const generatedAt = input.now.toISOString();
  return {
    subject: 'report',
    report: {
      url: input.url,
      generated_at: generatedAt,
      results: input.results,
      render: input.render,
      lab: input.lab,
    },
    history: [],
    previous: null,
    userAgent: input.userAgent,
    branding: resolveBranding(URL.parse(input.url)?.host ?? input.url, null),
    generatedAt,
  };
}
