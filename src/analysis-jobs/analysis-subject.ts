import type { Analyser, AnalysisResults } from '../analysis/index.js';
import { ANALYSIS_ERROR_CODES } from '../analysis/index.js';
import type { Outbox } from '../events/domain-events.js';

/** Why an analysis failed: the analyser's codes, and `internal` for a failure it did not expect. */
export const ANALYSIS_FAILURE_CODES = [
  ...ANALYSIS_ERROR_CODES,
  'internal',
] as const;
export type AnalysisFailureCode = (typeof ANALYSIS_FAILURE_CODES)[number];

/** A failed analysis as it is stored and shown: a code to branch on, a sentence for people. */
export interface AnalysisFailure {
  code: AnalysisFailureCode;
  message: string;
}

/** Which run of which thing of a subject a job analyses. */
export interface AnalysisRef {
  id: string;
  run: number;
}

/**
 * A run to queue, and where it stands among its account's runs in flight (1 for the
 * first): runs are taken by that place, so each account's first run goes before any
 * account's second, and one account's runs never hold every slot.
 */
export interface QueuedRun extends AnalysisRef {
  accountId: string;
  position: number;
  /** One of its subject's `moreQueues` to run on; its subject's queue when absent. */
  queue?: string;
}

/** A queue of analyses: its name, its slots in each process, and each account's share of them. */
export interface AnalysisQueue {
  name: string;
  concurrency: number;
  perAccount: number;
}

/** What a claim answers, at least: what to analyse, and how often the run was tried. */
export interface ClaimedAnalysis {
  url: string;
  /** Transient failures of this run so far. */
  attempts: number;
  accountId: string;
}

/**
 * The port a kind of analysed thing (a report, a page of a site audit) implements
 * for the engine: its rows hold the truth, and each move is conditional on the one
 * before (queued → running → completed or failed), so a job that runs twice, or the
 * job of a run no longer asked for, settles nothing twice.
 */
export interface AnalysisSubject<
  Claim extends ClaimedAnalysis = ClaimedAnalysis,
  Results = AnalysisResults,
> {
  /** Names the subject in job data and settle messages: `report`. */
  readonly kind: string;
  /** Its own queue, concurrency and share per account, when its jobs must not wait behind (or hold up) others. */
  readonly queue?: AnalysisQueue;
  /** Queues of its own besides that one, for runs that must not hold its other slots (each run names its queue). */
  readonly moreQueues?: readonly AnalysisQueue[];
  /** Starts the run: null when there is nothing to do (settled, superseded, deleted). */
  claim(ref: AnalysisRef): Promise<Claim | null>;
  /** Gathers and judges; an AnalysisError says why it cannot (transient ones are retried). */
  analyse(claim: Claim, analyser: Analyser): Promise<Results>;
  /** Stores the results, publishing its events in `outbox`; false when the run was not running. */
  complete(
    ref: AnalysisRef,
    claim: Claim,
    results: Results,
    outbox: Outbox,
  ): Promise<boolean>;
  /** Stores the failure for good, publishing its events in `outbox`; false when the run was not running. */
  fail(
    ref: AnalysisRef,
    claim: Claim,
    failure: AnalysisFailure,
    outbox: Outbox,
  ): Promise<boolean>;
  /** Queues the run again after a transient failure, counting it; false when it was not running. */
  retryLater(ref: AnalysisRef): Promise<boolean>;
  /** Runs queued or running on `queue` and untouched since `before`: their jobs may be lost. */
  findUnsettled(
    before: Date,
    limit: number,
    queue: string,
  ): Promise<QueuedRun[]>;
  /** Which of these ids have settled, for waiters in processes that heard no word. */
  settledAmong(ids: string[]): Promise<string[]>;
}
