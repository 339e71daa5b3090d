import type { Provider } from '@nestjs/common';
import { Analyser } from '../../src/analysis/index.js';
import { AnalysisEngine } from '../../src/analysis-jobs/analysis-engine.js';
import { AnalysisSettlement } from '../../src/analysis-jobs/analysis-settlement.js';
import { AnalysisSubjects } from '../../src/analysis-jobs/analysis-subjects.js';
import { DomainEvents } from '../../src/events/domain-events.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import type { LabMeasurer } from '../../src/lab/index.js';
import { LAB_MEASURER } from '../../src/lab/lab-measurer.token.js';

/**
 * The analysis engine for unit tests of a subject: the real engine, subjects and
 * events, on the given job queue and analyser, with a settle wait that returns at
 * once and records what was announced (`kind:id`).
 */
export function engineProviders(options: {
  jobs: JobQueue;
  analyser: Pick<Analyser, 'analyse'> | Analyser;
  announced?: string[];
  /** The lab's measurer; by default one that refuses, as no test measures unless it says so. */
  lab?: LabMeasurer;
}): Provider[] {
  return [
    AnalysisEngine,
    AnalysisSubjects,
    DomainEvents,
    { provide: JobQueue, useValue: options.jobs },
    { provide: Analyser, useValue: options.analyser },
    {
      provide: LAB_MEASURER,
      useValue: options.lab ?? {
        measure: () =>
          Promise.reject(new Error('This test measures nothing in the lab.')),
      },
    },
    {
      provide: AnalysisSettlement,
      useValue: {
        announce: (kind: string, id: string) => {
          options.announced?.push(`${kind}:${id}`);
          return Promise.resolve();
        },
        waitFor: () => Promise.resolve(),
      },
    },
  ];
}
