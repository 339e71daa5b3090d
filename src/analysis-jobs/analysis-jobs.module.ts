import { Module } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Analyser, JudgePool } from '../analysis/index.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { LighthouseMeasurer } from '../lab/index.js';
import { LAB_MEASURER } from '../lab/lab-measurer.token.js';
import { Renderer, renderForAnalysis } from '../rendering/index.js';
import { AnalysisEngine } from './analysis-engine.js';
import { AnalysisSettlement } from './analysis-settlement.js';
import { AnalysisSubjects } from './analysis-subjects.js';

/** Judging runs on worker threads; the threads end with the process. */
class ClosingJudgePool extends JudgePool implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** The process's browser, launched at its first render only; closed at shutdown. */
class ClosingRenderer extends Renderer implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/**
 * The Nest side of analysing, for every subject: the analyser and its judge pool, the
 * engine that runs analyses as durable jobs, and the settle wait across processes. A
 * feature implements AnalysisSubject and registers it with AnalysisSubjects.
 */
@Module({
  providers: [
    { provide: JudgePool, useFactory: () => new ClosingJudgePool() },
    {
      provide: Renderer,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new ClosingRenderer({
          allowHosts: config.analyser.allowHosts,
          executablePath: config.renderChromiumPath,
          sandbox: config.browserSandbox,
          userAgent: config.analyser.userAgent,
        }),
    },
    {
      provide: LighthouseMeasurer,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new LighthouseMeasurer({
          allowHosts: config.analyser.allowHosts,
          executablePath: config.chromiumPath,
          sandbox: config.browserSandbox,
        }),
    },
    // The measurer site audits' lab phase asks for by its token: the same one reports use.
    { provide: LAB_MEASURER, useExisting: LighthouseMeasurer },
    {
      provide: Analyser,
      inject: [APP_CONFIG, JudgePool, Renderer],
      useFactory: (
        config: AppConfig,
        judgePool: JudgePool,
        renderer: Renderer,
      ) =>
        new Analyser(config.analyser, {
          judgePool,
          render: renderForAnalysis(renderer),
        }),
    },
    AnalysisSubjects,
    AnalysisEngine,
    AnalysisSettlement,
  ],
  exports: [
    Analyser,
    Renderer,
    LighthouseMeasurer,
    LAB_MEASURER,
    AnalysisSubjects,
    AnalysisEngine,
    AnalysisSettlement,
  ],
})
export class AnalysisJobsModule {}
