import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AnalysisError } from './errors.js';
import type { FetchedPage, ProbePlan } from './fetch/probes.js';
import type { JudgeOutcome, JudgeTask } from './judge.worker.js';
import type { AnalysisResults, Snapshot } from './types.js';

/**
 * The compiled judge.worker.js beside this module. Tests run this module from its
 * TypeScript source, whose sibling is in dist/ (built before the tests run).
 */
function workerFile(): URL {
  const here = import.meta.url;
  const compiled = here.endsWith('.ts')
    ? here.replace('/src/analysis/', '/dist/analysis/')
    : here;
  return new URL('./judge.worker.js', compiled);
}

/**
 * Judges snapshots on worker threads, so a page that costs seconds of CPU delays no
 * request of the process, and is stopped when its time is up: the thread running it
 * is terminated and the analysis fails with `timeout`.
 */
export class JudgePool {
  private readonly pool: Piscina;

  constructor(threads = availableParallelism()) {
    this.pool = new Piscina({
      filename: workerFile().href,
      // None until the first analysis: an API that only serves (its jobs run in worker
      // processes, or none are asked for) holds no thread and its heap.
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // Nothing reads the pool's run and wait histograms: not recorded for every task.
      recordTiming: false,
    });
  }

  /** The results of the snapshot, or AnalysisError('timeout') past `budgetMs`. */
  async judge(snapshot: Snapshot, budgetMs: number): Promise<AnalysisResults> {
    const outcome = await this.run({ kind: 'judge', snapshot }, budgetMs);
    if (!('results' in outcome))
      throw new Error('The judge thread answered no results.');
    return outcome.results;
  }

  /** What to probe on the fetched page, or AnalysisError('timeout') past `budgetMs`. */
  async plan(fetched: FetchedPage, budgetMs: number): Promise<ProbePlan> {
    const outcome = await this.run({ kind: 'plan', fetched }, budgetMs);
    if (!('plan' in outcome))
      throw new Error('The judge thread answered no plan.');
    return outcome.plan;
  }

  private async run(task: JudgeTask, budgetMs: number): Promise<JudgeOutcome> {
    const signal = AbortSignal.timeout(Math.max(0, Math.floor(budgetMs)));
    let outcome: JudgeOutcome;
    try {
      outcome = (await this.pool.run(task, { signal })) as JudgeOutcome;
    } catch (error) {
      if (signal.aborted) {
        // Not transient: the same page would take as long again.
        throw new AnalysisError(
          'timeout',
          'The analysis did not finish within its deadline (reading the page took too long).',
          false,
        );
      }
      throw error;
    }
    if ('error' in outcome) {
      throw new AnalysisError(outcome.error.code, outcome.error.message, false);
    }
    return outcome;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
