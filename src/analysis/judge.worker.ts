import { AnalysisError } from './errors.js';
import { planProbes } from './fetch/probes.js';
import type { FetchedPage, ProbePlan } from './fetch/probes.js';
import { judge } from './judge.js';
import { parsePage } from './parse.js';
import type { AnalysisErrorCode, AnalysisResults, Snapshot } from './types.js';

/** What a judge thread is asked: the probe plan of a fetched page, or the results of a snapshot. */
export type JudgeTask =
  | { kind: 'plan'; fetched: FetchedPage }
  | { kind: 'judge'; snapshot: Snapshot };

/** What a judge thread answers: errors cross threads as data, keeping their code. */
export type JudgeOutcome =
  | { plan: ProbePlan }
  | { results: AnalysisResults }
  | { error: { code: AnalysisErrorCode; message: string } };

/** The entry of a judge thread (JudgePool): every parse of a page happens here. */
export default function runOnThread(task: JudgeTask): JudgeOutcome {
  try {
    if (task.kind === 'plan') {
      const { fetched } = task;
      return {
        plan: planProbes(parsePage(fetched.html, fetched.finalUrl), fetched),
      };
    }
    return { results: judge(task.snapshot) };
  } catch (error) {
    if (error instanceof AnalysisError) {
      return { error: { code: error.code, message: error.message } };
    }
    throw error;
  }
}
