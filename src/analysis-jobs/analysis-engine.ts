import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Analyser, AnalysisError } from '../analysis/index.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { DomainEvents } from '../events/domain-events.js';
import { DurableJobs } from '../jobs/durable-jobs.js';
import type { LostJob } from '../jobs/durable-jobs.js';
import { JobQueue, MAX_PRIORITY, RetryLater } from '../jobs/job-queue.js';
import type { Job } from '../jobs/job-queue.js';
import { AnalysisSettlement } from './analysis-settlement.js';
import type {
  AnalysisFailure,
  AnalysisRef,
  ClaimedAnalysis,
  QueuedRun,
} from './analysis-subject.js';
import { AnalysisSubjects } from './analysis-subjects.js';
import type { AnySubject } from './analysis-subjects.js';

/** The queue of analyses of the subjects that name none of their own. */
export const ANALYSES_QUEUE = 'analyses';
/** Attempts of one run before transient failures make it fail for good. */
const MAX_ATTEMPTS = 3;
/** A run queued or running this long without a change may have lost its job. */
const STALE_MS = 15_000;
/** How often consuming processes look for such runs and add their jobs again. */
const SWEEP_MS = 10_000;
/** Runs looked at per subject in one sweep. */
const SWEEP_BATCH = 500;

/** What a job of an analyses queue carries: which run of which thing of which subject. */
export interface AnalysisJob extends AnalysisRef {
  kind: string;
}

/** A job added before subjects had kinds: a report's run. Such jobs still run. */
interface ReportJobOfOldShape {
  reportId: string;
  run: number;
}

function jobOf(data: AnalysisJob | ReportJobOfOldShape): AnalysisJob {
  return 'reportId' in data
    ? { kind: 'report', id: data.reportId, run: data.run }
    : data;
}

/** The same key the jobs of the old shape had, so one run is one job whichever shape added it. */
function keyOf({ kind, id, run }: AnalysisJob): string {
  return `${kind}-${id}-run-${run}`;
}

/** How a run is queued: its account is its group, its place among them its priority. */
function placeOf({ accountId, position }: QueuedRun) {
  return {
    group: `account:${accountId}`,
    priority: Math.min(MAX_PRIORITY, Math.max(1, position)),
  };
}

/**
 * The engine of every analysis, whatever is analysed: a job claims its subject's run,
 * analyses it, settles it (completed, or failed for good after MAX_ATTEMPTS transient
 * failures) with its events in the settle's transaction, then tells waiters and runs
 * the events' after-commit steps. Jobs are durable (jobs/durable-jobs.ts): a sweep adds
 * again the jobs of runs that wait too long.
 */
@Injectable()
export class AnalysisEngine
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('AnalysisEngine');
  private readonly queues = new Map<string, DurableJobs<AnalysisJob>>();

  constructor(
    private readonly subjects: AnalysisSubjects,
    private readonly analyser: Analyser,
    private readonly jobs: JobQueue,
    private readonly settlement: AnalysisSettlement,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queueFor(ANALYSES_QUEUE, {
      concurrency: config.analysisConcurrency,
      perAccount: config.analysisSlotsPerAccount,
    });
  }

  /** Every subject has registered by now (in its module's init): run their queues. */
  onApplicationBootstrap(): void {
    for (const subject of this.subjects.all()) {
      if (subject.queue) this.queueFor(subject.queue.name, subject.queue);
      for (const queue of subject.moreQueues ?? [])
        this.queueFor(queue.name, queue);
    }
    for (const queue of this.queues.values()) queue.start();
  }

  onApplicationShutdown(): void {
    for (const queue of this.queues.values()) queue.stop();
  }

  /**
   * Adds the job of a subject's run, in its account's group at its place; false when
   * it could not be added now. Never throws for the store: the run is saved already,
   * and when the add fails the sweep adds it later (a kind or queue the code does not
   * have is a bug, and throws).
   */
  async dispatch(kind: string, run: QueuedRun): Promise<boolean> {
    const subject = this.subjectOf(kind);
    return await this.queueOf(subject, run.queue).tryAdd(
      { kind, id: run.id, run: run.run },
      placeOf(run),
    );
  }

  /** One job: claim the run, analyse, settle. Database errors propagate (the job runs again). */
  async run(job: Job<AnalysisJob | ReportJobOfOldShape>): Promise<void> {
    const { kind, id, run } = jobOf(job.data);
    const subject = this.subjects.get(kind);
    if (!subject) {
      this.logger.error(`A job of an unknown kind of analysis: ${kind}`);
      return;
    }
    const ref = { id, run };
    const claimed = await subject.claim(ref);
    if (!claimed) return; // settled, superseded by a newer run, or deleted
    let results: unknown;
    try {
      results = await subject.analyse(claimed, this.analyser);
    } catch (error) {
      await this.recordFailure(subject, ref, claimed, error);
      return;
    }
    const outbox = this.events.outbox();
    if (await subject.complete(ref, claimed, results, outbox)) {
      await this.settled(kind, id, outbox);
    }
  }

  private async recordFailure(
    subject: AnySubject,
    ref: AnalysisRef,
    claimed: ClaimedAnalysis,
    error: unknown,
  ): Promise<void> {
    const transient = error instanceof AnalysisError && error.transient;
    if (transient && claimed.attempts + 1 < MAX_ATTEMPTS) {
      if (await subject.retryLater(ref)) {
        throw new RetryLater(
          this.config.analysisRetryDelayMs * 2 ** claimed.attempts,
        );
      }
      return;
    }
    const outbox = this.events.outbox();
    const failure = this.describe(error, claimed.url);
    if (await subject.fail(ref, claimed, failure, outbox)) {
      await this.settled(subject.kind, ref.id, outbox);
    }
  }

  private async settled(
    kind: string,
    id: string,
    outbox: ReturnType<DomainEvents['outbox']>,
  ): Promise<void> {
    await this.settlement.announce(kind, id);
    await outbox.flush();
  }

  private describe(error: unknown, url: string): AnalysisFailure {
    if (error instanceof AnalysisError) {
      return { code: error.code, message: error.message };
    }
    this.logger.error(
      `Analysis of ${url} failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`,
    );
    return {
      code: 'internal',
      message: 'The analyser failed on this page. The error was logged.',
    };
  }

  private subjectOf(kind: string): AnySubject {
    const subject = this.subjects.get(kind);
    if (!subject) throw new Error(`No analysis subject of kind ${kind}`);
    return subject;
  }

  /** The subject's queue, or the one of its `moreQueues` named. */
  private queueOf(
    subject: AnySubject,
    name?: string,
  ): DurableJobs<AnalysisJob> {
    if (name !== undefined) {
      const more = subject.moreQueues?.find((queue) => queue.name === name);
      if (!more)
        throw new Error(`The ${subject.kind} subject has no queue ${name}`);
      return this.queueFor(more.name, more);
    }
    return subject.queue
      ? this.queueFor(subject.queue.name, subject.queue)
      : this.queues.get(ANALYSES_QUEUE)!;
  }

  /** The durable jobs of one analyses queue, made on first use. */
  private queueFor(
    name: string,
    slots: { concurrency: number; perAccount: number },
  ): DurableJobs<AnalysisJob> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new DurableJobs<AnalysisJob>(this.jobs, {
        queue: name,
        keyOf,
        concurrency: slots.concurrency,
        perGroup: slots.perAccount,
        handle: (job) => this.run(job),
        sweepEveryMs: SWEEP_MS,
        findLost: () => this.findLost(name),
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** The runs of this queue's subjects that waited too long. */
  private async findLost(queue: string): Promise<Array<LostJob<AnalysisJob>>> {
    const before = new Date(Date.now() - STALE_MS);
    const lost: Array<LostJob<AnalysisJob>> = [];
    for (const subject of this.subjects.all()) {
      const own = [
        subject.queue?.name ?? ANALYSES_QUEUE,
        ...(subject.moreQueues ?? []).map((more) => more.name),
      ];
      if (!own.includes(queue)) continue;
      for (const run of await subject.findUnsettled(
        before,
        SWEEP_BATCH,
        queue,
      )) {
        lost.push({
          data: { kind: subject.kind, id: run.id, run: run.run },
          ...placeOf(run),
        });
      }
    }
    return lost;
  }
}
