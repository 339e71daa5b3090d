import { Injectable, Logger } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { isDatabaseUnavailable } from '../../common/problem.filter.js';
import { DurableJobs } from '../../jobs/durable-jobs.js';
import { JobQueue } from '../../jobs/job-queue.js';
import type { Job } from '../../jobs/job-queue.js';
import { CrawlOutcomes } from '../crawl-outcomes.js';
import { CrawlsRepository } from '../frontier/crawls.repository.js';
import { CrawlStart } from '../start/crawl-start.js';
import { CrawlRunner } from './crawl-runner.js';

/** The steps of a crawl that are not its pages. */
export type StepName = 'start' | 'advance';

export interface StepJob {
  crawlId: string;
  step: StepName;
}

const QUEUE = 'crawl-steps';
/** Steps one process runs at once: a start waits on the site. */
const CONCURRENCY = 4;
/** A crawl untouched this long may have lost a job. */
const STALE_MS = 15_000;
const SWEEP_MS = 10_000;
const SWEEP_BATCH = 200;
/** Attempts of a start that fails unexpectedly before the crawl fails. */
const START_ATTEMPTS = 3;

/**
 * The steps of a crawl around its pages, as durable jobs: the start (the start URL,
 * the site's facts, the first pages) and an advance (after a cancel, or by the sweep
 * when nothing moved). A sweep adds the step an unstopped crawl waits for, so none is
 * ever stuck.
 */
@Injectable()
export class CrawlSteps
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('Crawler');
  private readonly jobs: DurableJobs<StepJob>;

  constructor(
    queue: JobQueue,
    private readonly crawls: CrawlsRepository,
    private readonly start: CrawlStart,
    private readonly runner: CrawlRunner,
    private readonly outcomes: CrawlOutcomes,
  ) {
    this.jobs = new DurableJobs<StepJob>(queue, {
      queue: QUEUE,
      keyOf: ({ crawlId, step }) => `${step}-${crawlId}`,
      handle: (job) => this.run(job),
      concurrency: CONCURRENCY,
      sweepEveryMs: SWEEP_MS,
      findLost: () => this.findLost(),
    });
  }

  onApplicationBootstrap(): void {
    this.jobs.start();
  }

  onApplicationShutdown(): void {
    this.jobs.stop();
  }

  add(crawlId: string, step: StepName): Promise<void> {
    return this.jobs.add({ crawlId, step });
  }

  async run({ data, attempt }: Job<StepJob>): Promise<void> {
    if (data.step === 'start') return this.begin(data.crawlId, attempt);
    await this.runner.afterWrites([data.crawlId]);
  }

  private async begin(crawlId: string, attempt: number): Promise<void> {
    try {
      const outcome = await this.start.begin(crawlId);
      if (outcome === 'stopped') return this.outcomes.stopped(crawlId);
      if (outcome.kind === 'failed') {
        return this.outcomes.failed(crawlId, outcome.error);
      }
      if (outcome.kind === 'started') await this.runner.afterWrites([crawlId]);
    } catch (error) {
      if (isDatabaseUnavailable(error) || attempt < START_ATTEMPTS) throw error;
      this.logger.error(
        `Start of crawl ${crawlId} failed: ${(error as Error).stack ?? String(error)}`,
      );
      await this.outcomes.failed(crawlId, {
        code: 'internal',
        message:
          'The crawl failed to start because of an error of the service. The error was logged.',
      });
    }
  }

  /** The step each unstopped crawl that has not moved for a while waits for. */
  private async findLost(): Promise<Array<{ data: StepJob }>> {
    const stale = await this.crawls.findStale(
      new Date(Date.now() - STALE_MS),
      SWEEP_BATCH,
    );
    return stale.map((crawl) => ({
      data: {
        crawlId: crawl.id,
        step:
          crawl.status === 'queued' || crawl.origin === null
            ? 'start'
            : 'advance',
      },
    }));
  }
}
