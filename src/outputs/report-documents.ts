import { Inject, Injectable } from '@nestjs/common';
import { BrandingService } from '../branding/branding.service.js';
import { ProblemException } from '../common/problem.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { toView } from '../reports/report.view.js';
import { ReportsService } from '../reports/reports.service.js';
import { ReportRunsRepository } from '../reports/runs/report-runs.repository.js';
import type { ReportDocument } from './report-document.js';

/** Loads a report's document once, for any format that writes reports (docs/outputs.md). */
@Injectable()
export class ReportDocuments {
  constructor(
    private readonly reports: ReportsService,
    private readonly runs: ReportRunsRepository,
    private readonly branding: BrandingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 404: no such report in the account; 409: it has no completed analysis yet. */
  async load(
    accountId: string,
    reportId: string,
    origin: string,
  ): Promise<ReportDocument> {
    const report = await this.reports.get(accountId, reportId);
    if (report.results === null) {
      throw new ProblemException(
        409,
        `The report is ${report.status} and has no completed analysis yet: ask again once it has.`,
      );
    }
    const points = await this.runs.scoreHistory(report.id);
    const history = points.map((point) => ({
      id: point.run,
      score: point.score,
      finished_at: point.finishedAt.toISOString(),
    }));
    const before = history.length >= 2 ? history[history.length - 2] : null;
    return {
      subject: 'report',
      report: toView(report, origin),
      history,
      previous: before
        ? { finished_at: before.finished_at, score: before.score }
        : null,
      userAgent: this.config.analyser.userAgent,
      branding: await this.branding.brandingFor(accountId),
      generatedAt: new Date().toISOString(),
    };
  }
}
