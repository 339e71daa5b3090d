import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  BeforeApplicationShutdown,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { AnalysisError, ServiceFailure } from '../../analysis/index.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { backoffMs, JobQueue } from '../../jobs/job-queue.js';
import { CrawlContexts } from '../crawl-context.js';
import { CrawlOutcomes } from '../crawl-outcomes.js';
import type { ClaimedPage, PageSettlement } from '../frontier/crawl-records.js';
import { CrawlsRepository } from '../frontier/crawls.repository.js';
import type { CrawlState } from '../frontier/frontier.repository.js';
import { PageLeasesRepository } from '../frontier/page-leases.repository.js';
import { GroupCommit } from '../pipeline/group-commit.js';
import { CrawlPipeline } from '../pipeline/page-pipeline.js';
import type { PageReading } from '../pipeline/page-reading.js';

/** A page taken is this process's for this long unless renewed: a dead process's pages are taken again after it. */
export const PAGE_LEASE_MS = 30_000;
const RENEW_EVERY_MS = PAGE_LEASE_MS / 3;
/** How often an idle runner looks for queued pages (a wave opened here wakes it at once). */
const POLL_MS = 200;
/** How often the runner looks whether the crawls of its pages were cancelled. */
const STOP_LOOK_MS = 1_000;
/**
 * Attempts of a page that meets a failure of the service's own (no turn of its host in
 * time, a browser or reader thread that died, Redis away) before it is recorded as
 * failed. A site's own failure is recorded at once: every page is requested once.
 */
const PAGE_ATTEMPTS = 3;
/** Pages recorded by one transaction at most. */
const BATCH_MOST = 64;
/** How long one read of whether a crawl goes on answers its other pages. */
const CRAWLING_FRESH_MS = 100;
/** Background probe tasks of one process at once. */
const PROBE_TASKS = 4;

/**
 * The crawler's worker loop, in every process that runs jobs: it takes queued pages
 * of running crawls from the frontier (by place, under a lease it renews), runs each
 * through the pipeline (fetch → read), records them in batches (a group commit: the
 * pages read while a batch is written go in the next), then asks the probes the
 * batch took, in the background, and advances each crawl whose wave has settled. A
 * cancel aborts the crawl's pages within a second; a process that stops hands its
 * pages back.
 */
@Injectable()
export class CrawlRunner
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Crawler');
  private readonly slots: number;
  private readonly running = new Map<string, ClaimedPage>();
  private readonly stops = new Map<string, AbortController>();
  private readonly crawling = new Map<
    string,
    { at: number; answer: Promise<boolean> }
  >();
  private readonly records: GroupCommit<PageSettlement, boolean>;
  private readonly probes = new Set<Promise<void>>();
  private readonly probesWaiting: Array<() => Promise<void>> = [];
  private loop: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private wakeUp: () => void = () => undefined;

  constructor(
    private readonly queue: JobQueue,
    private readonly leases: PageLeasesRepository,
    private readonly crawls: CrawlsRepository,
    private readonly contexts: CrawlContexts,
    private readonly pipeline: CrawlPipeline,
    private readonly outcomes: CrawlOutcomes,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.slots = config.siteAuditConcurrency;
    this.records = new GroupCommit(
      (batch) => this.writeBatch(batch),
      BATCH_MOST,
    );
  }

  /** Runs crawls in a process that runs jobs; nothing elsewhere (an API beside workers). */
  onApplicationBootstrap(): void {
    if (!this.queue.consumes) return;
    this.loop = this.claimUntilStopped();
    this.timers = [
      setInterval(() => void this.renewLeases(), RENEW_EVERY_MS),
      setInterval(() => void this.lookForStops(), STOP_LOOK_MS),
    ];
  }

  /** Takes no more pages, lets running ones finish within the grace, hands the rest back. */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wakeUp();
    await this.loop;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.race([
      this.drained(),
      new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
    ]);
    for (const stop of this.stops.values())
      stop.abort(new Error('The process stops.'));
    await this.leases.release([...this.running.keys()]).catch(() => undefined);
  }

  /** Looks for queued pages now: a wave of a crawl opened. */
  wake(): void {
    this.wakeUp();
  }

  /**
   * After pages or probes of these crawls were written: each crawl whose queue is
   * empty and whose pages have all settled (or that was cancelled) advances: its next
   * wave is placed, or it stops, and its owner hears of it. `known`: states the
   * writes answered already (the latest of a crawl last), not read again.
   */
  async afterWrites(
    crawlIds: string[],
    known: CrawlState[] = [],
  ): Promise<void> {
    const latest = new Map(known.map((state) => [state.id, state]));
    const unknown = [...new Set(crawlIds)].filter((id) => !latest.has(id));
    const states = [
      ...latest.values(),
      ...(await this.pipeline.statesOf(unknown)),
    ];
    for (const state of states) {
      if (state.crawling && (!state.empty || state.flying)) continue;
      const advance = await this.pipeline.advance(state.id);
      if (advance.placed > 0) this.wake();
      if (advance.stopped) await this.outcomes.stopped(state.id);
    }
  }

  private async claimUntilStopped(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      const free = this.slots - this.running.size;
      let claimed: ClaimedPage[] = [];
      if (free > 0) {
        try {
          claimed = await this.leases.claim(free, PAGE_LEASE_MS);
          failures = 0;
        } catch (error) {
          if (failures++ === 0) {
            this.logger.warn(`Cannot take pages: ${(error as Error).message}`);
          }
          await this.sleep(backoffMs(failures));
          continue;
        }
        for (const page of claimed) void this.run(page);
      }
      if (claimed.length === 0 || this.running.size >= this.slots) {
        await this.sleep(POLL_MS);
      }
    }
  }

  /** One page: fetch and read it, then record it with the others of its batch. */
  private async run(page: ClaimedPage): Promise<void> {
    this.running.set(page.key, page);
    try {
      const context = await this.contexts.contextOf(page.auditId);
      const stop = this.stopOf(page.auditId);
      let reading: PageReading | null = null;
      try {
        reading = context
          ? await this.pipeline.fetchAndRead(page, context, stop.signal, () =>
              this.stillCrawling(page.auditId),
            )
          : null;
      } catch (error) {
        if (!stop.signal.aborted) {
          if (isServiceFailure(error) && page.attempts + 1 < PAGE_ATTEMPTS) {
            await this.leases.retryLater(
              page.key,
              backoffMs(page.attempts + 1),
            );
            return;
          }
          reading = this.pipeline.failure(page, error);
        }
      }
      if (reading === null) {
        // Its crawl stopped before it was requested: no page.
        await this.pipeline.giveBack(page);
        await this.afterWrites([page.auditId]);
        return;
      }
      await this.records.add({ page, reading });
    } catch (error) {
      // The database away: the page stays taken until its lease runs out, then runs again.
      this.logger.warn(
        `Page ${page.url} of crawl ${page.auditId} not recorded yet: ${(error as Error).message}`,
      );
    } finally {
      this.running.delete(page.key);
      this.wakeUp();
    }
  }

  /** Writes a batch, sets off its probes, and advances the crawls it touched. */
  private async writeBatch(batch: PageSettlement[]): Promise<boolean[]> {
    const written = await this.pipeline.record(batch);
    const byCrawl = new Map<string, string[]>();
    for (const { auditId, url } of written.probes) {
      byCrawl.set(auditId, [...(byCrawl.get(auditId) ?? []), url]);
    }
    for (const [auditId, urls] of byCrawl) this.probeLater(auditId, urls);
    await this.afterWrites(
      batch.map(({ page }) => page.auditId),
      written.states,
    );
    return batch.map(({ page }) => written.settled.includes(page));
  }

  /** Asks a batch's probes in the background, a few tasks at a time. */
  private probeLater(auditId: string, urls: string[]): void {
    this.probesWaiting.push(async () => {
      const context = await this.contexts.contextOf(auditId);
      if (!context) return;
      await this.pipeline.probe(
        auditId,
        urls,
        context.policy.politeness,
        this.stopOf(auditId).signal,
      );
      await this.afterWrites([auditId]);
    });
    this.startProbes();
  }

  private startProbes(): void {
    while (this.probes.size < PROBE_TASKS && this.probesWaiting.length > 0) {
      const task = this.probesWaiting.shift()!;
      const done: Promise<void> = task()
        .catch((error: Error) =>
          this.logger.warn(`Probes not recorded: ${error.message}`),
        )
        .finally(() => {
          this.probes.delete(done);
          this.startProbes();
        });
      this.probes.add(done);
    }
  }

  /**
   * Whether a crawl goes on, asked before each request: one read serves the pages
   * of the crawl that ask within CRAWLING_FRESH_MS, so a request may start that long
   * after a cancel (the crawl is not cancelled until those are settled).
   */
  private stillCrawling(crawlId: string): Promise<boolean> {
    const now = performance.now();
    const asked = this.crawling.get(crawlId);
    if (asked && now - asked.at < CRAWLING_FRESH_MS) return asked.answer;
    const answer = this.crawls.isCrawling(crawlId);
    this.crawling.set(crawlId, { at: now, answer });
    answer.catch(() => this.crawling.delete(crawlId));
    return answer;
  }

  /** The abort of a crawl's work in this process, shared by its pages and probes. */
  private stopOf(crawlId: string): AbortController {
    let stop = this.stops.get(crawlId);
    if (!stop) {
      stop = new AbortController();
      this.stops.set(crawlId, stop);
    }
    return stop;
  }

  /** Aborts the work of crawls cancelled meanwhile (from any process). */
  private async lookForStops(): Promise<void> {
    const ids = [...this.stops.keys()];
    if (ids.length === 0) return;
    try {
      for (const id of await this.crawls.notCrawling(ids)) {
        this.stops.get(id)?.abort(new Error('The crawl was stopped.'));
        this.stops.delete(id);
        this.crawling.delete(id);
      }
    } catch {
      // A database that does not answer stops nothing: the next look may.
    }
  }

  private async renewLeases(): Promise<void> {
    await this.leases
      .renew([...this.running.keys()], PAGE_LEASE_MS)
      .catch((error: Error) =>
        this.logger.warn(`Cannot renew page leases: ${error.message}`),
      );
  }

  /** Resolves once every page, batch and probe of this process is done. */
  private async drained(): Promise<void> {
    while (this.running.size > 0 || this.probes.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.records.idle();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}

/** The service's own failure: one it names so, or one that is not an analysis of the site at all. */
function isServiceFailure(error: unknown): boolean {
  return error instanceof ServiceFailure || !(error instanceof AnalysisError);
}
