import { ApiProperty } from '@nestjs/swagger';
import { ReportView } from '../report.view.js';
import { ScorePointView } from '../runs/report-run.view.js';

/** A shared report as JSON: the report, and the scores its page charts. */
export class SharedReportView extends ReportView {
  @ApiProperty({
    type: [ScorePointView],
    description:
      "The scores of the report's kept completed runs, oldest first (the shared page's chart).",
  })
  score_history: ScorePointView[];
}

export class SharedReportEnvelope {
  @ApiProperty({ type: SharedReportView })
  data: SharedReportView;
}
