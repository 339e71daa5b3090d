import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { crawlRobots } from '../../analysis/index.js';
import { isDatabaseUnavailable } from '../../common/problem.filter.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { DurableJobs } from '../../jobs/durable-jobs.js';
import { JobQueue } from '../../jobs/job-queue.js';
import type { Job } from '../../jobs/job-queue.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';
import { SiteAuditOutcomes } from '../site-audit-events.js';
import type { SiteAuditError } from '../site-audit.js';
import { SiteJudgement } from '../site-judgement.js';
import { AuditContexts } from './audit-context.js';
import { AuditPages } from './audit-pages.subject.js';
import { CrawlFrontier, inFlightWindow } from './crawl-frontier.js';
import type { Advance, Discovery } from './crawl-records.js';
import { whileCrawling } from './crawl-watch.js';
import { PageWork } from './page-work.js';
import { SiteStarts, StartFailed } from './site-start.js';

/** The steps of an audit that are not its pages. */
export type StepName = 'start' | 'advance' | 'judge';

export interface StepJob {
  auditId: string;
  step: StepName;
}

/** The queue of audits' steps. */
const QUEUE = 'site-audit-steps';
/** Steps one process runs at once: a start waits on the site, a judgement works. */
const CONCURRENCY = 4;
/** An unfinished audit untouched this long may have lost a job. */
const STALE_MS = 15_000;
const SWEEP_MS = 10_000;
const SWEEP_BATCH = 200;
/** Attempts of a start that fails unexpectedly before the audit fails. */
const START_ATTEMPTS = 3;

/**
 * The steps of a site audit around its pages, as durable jobs: the start (the start
 * URL, the site's facts, the first wave), an advance (after a cancel, or by the sweep
 * when nothing moved), and the judgement once the crawl has stopped. A sweep adds the
 * step an unfinished audit waits for, so none is ever stuck in running.
 */
@Injectable()
export class CrawlSteps
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('SiteAudits');
  private readonly jobs: DurableJobs<StepJob>;

  constructor(
    queue: JobQueue,
    private readonly audits: SiteAuditsRepository,
    private readonly frontier: CrawlFrontier,
    private readonly contexts: AuditContexts,
    private readonly pages: AuditPages,
    private readonly work: PageWork,
    private readonly starts: SiteStarts,
    private readonly judgement: SiteJudgement,
    private readonly outcomes: SiteAuditOutcomes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.jobs = new DurableJobs<StepJob>(queue, {
      queue: QUEUE,
      keyOf: ({ auditId, step }) => `${step}-${auditId}`,
      handle: (job) => this.run(job),
      concurrency: CONCURRENCY,
      sweepEveryMs: SWEEP_MS,
      findLost: () => this.findLost(),
    });
    this.pages.onStopped = (auditId) => this.add(auditId, 'judge');
  }

  onApplicationBootstrap(): void {
    this.jobs.start();
  }

  onApplicationShutdown(): void {
    this.jobs.stop();
  }

  start(auditId: string): Promise<void> {
    return this.add(auditId, 'start');
  }

  /** After a cancel: the crawl stops, and what it has is judged once nothing is in flight. */
  afterCancel(auditId: string): Promise<void> {
    return this.add(auditId, 'advance');
  }

  private add(auditId: string, step: StepName): Promise<void> {
    return this.jobs.add({ auditId, step });
  }

  async run({ data, attempt }: Job<StepJob>): Promise<void> {
    switch (data.step) {
      case 'start':
        return this.begin(data.auditId, attempt);
      case 'advance':
        return this.proceed(
          data.auditId,
          await this.frontier.advance(
            data.auditId,
            (await this.contexts.contextOf(data.auditId))?.robots.allows ??
              (() => true),
            inFlightWindow(this.config.siteAuditHostConcurrency),
          ),
        );
      case 'judge':
        await this.judgement.judge(data.auditId);
        return;
    }
  }

  /** Dispatches what an advance decided; a stopped crawl is judged next. */
  private async proceed(auditId: string, advance: Advance): Promise<void> {
    await this.pages.dispatch(auditId, advance.dispatch);
    if (advance.stopped) await this.add(auditId, 'judge');
  }

  /**
   * The start: the start URL and its redirects, the site they land on, its facts, the
   * first pages settled from those very answers, the sitemap URLs; then the first wave.
   */
  private async begin(auditId: string, attempt: number): Promise<void> {
    if (!(await this.audits.start(auditId))) {
      // Started before: a start that died before seeding starts again; one that seeded is done.
      const audit = await this.audits.find(auditId);
      if (!audit || audit.finishedAt !== null) return;
      if (audit.stoppedAt !== null && audit.origin === null) {
        return this.abandonStart(auditId);
      }
      if (audit.status !== 'running' || audit.origin !== null) return;
    }
    const audit = (await this.audits.find(auditId))!;
    if (audit.stoppedAt !== null) return this.abandonStart(auditId);
    const watch = whileCrawling(() => this.frontier.isCrawling(auditId));
    try {
      const politeness = {
        concurrency: this.config.siteAuditHostConcurrency,
        delayMs: 0,
      };
      const hops = await this.starts.walk(
        audit.url,
        { politeness },
        watch.signal,
      );
      const last = hops.at(-1)!;
      const origin = new URL(last.url).origin;
      const settings = audit.settings;
      const { facts, sitemapUrls } = await this.starts.siteOf(
        last.url,
        politeness,
        (robotsTxt) =>
          settings.respect_robots
            ? crawlRobots(robotsTxt, this.config.analyser.userAgent)
                .crawlDelayMs
            : 0,
        settings.sitemaps,
        watch.signal,
      );
      const context = this.contexts.contextFrom({
        auditId,
        accountId: audit.accountId,
        startUrl: audit.url,
        settings,
        origin,
        facts,
      });
      // The pages of the start: each hop in scope, the last one judged from its answer.
      const pages = [];
      let judged: Awaited<ReturnType<PageWork['judge']>> | null = null;
      const redirectTargets: Discovery[] = [];
      for (const hop of hops) {
        if (!context.scope.inScope(hop.url)) continue;
        const done = await this.work.judge(hop.url, 0, hop.answer, context);
        pages.push({ url: hop.url, record: done.record });
        if (hop === last) judged = done;
        else
          redirectTargets.push(
            ...done.discoveries.filter((d) => d.via === 'redirect'),
          );
      }
      const probes = judged
        ? await this.frontier.claimProbes(auditId, judged.probeTargets)
        : [];
      const answers = await this.work.probe(
        probes,
        context,
        AbortSignal.any([
          watch.signal,
          AbortSignal.timeout(this.config.analyser.deadlineMs),
        ]),
      );
      await this.frontier.recordProbes(
        auditId,
        answers.map((answer) => ({
          url: answer.url,
          statusCode: answer.status,
          error: answer.error,
          redirectTo: answer.location,
          robots: answer.robots,
        })),
      );
      const advance = await this.frontier.seed(
        auditId,
        {
          origin,
          crawlDelayMs: context.politeness.delayMs,
          facts,
          pages,
          discoveries: [...redirectTargets, ...(judged?.discoveries ?? [])],
          links: judged?.links ?? [],
          linkingPage: judged ? last.url : null,
          sitemapUrls: sitemapUrls.filter((url) => context.scope.inScope(url)),
        },
        context.robots.allows,
        inFlightWindow(this.config.siteAuditHostConcurrency),
      );
      await this.proceed(auditId, advance);
    } catch (error) {
      if (watch.signal.aborted) return this.abandonStart(auditId);
      if (error instanceof StartFailed) {
        await this.fail(auditId, error.error);
        return;
      }
      if (isDatabaseUnavailable(error) || attempt < START_ATTEMPTS) throw error;
      this.logger.error(
        `Start of site audit ${auditId} failed: ${(error as Error).stack ?? String(error)}`,
      );
      await this.fail(auditId, {
        code: 'internal',
        message: 'The audit failed to start. The error was logged.',
      });
    } finally {
      watch.stop();
    }
  }

  /** The audit fails, and says so to whoever listens (site_audit.failed). */
  private async fail(auditId: string, error: SiteAuditError): Promise<void> {
    const outbox = this.outcomes.outbox();
    await this.audits.fail(
      auditId,
      error,
      this.outcomes.publishIn(outbox, auditId),
    );
    await outbox.flush();
  }

  /** A start whose audit was cancelled before it seeded: cancelled, and judged (no pages). */
  private async abandonStart(auditId: string): Promise<void> {
    await this.frontier.abandonStart(auditId);
    await this.add(auditId, 'judge');
  }

  /** The step each unfinished audit that has not moved for a while waits for. */
  private async findLost(): Promise<Array<{ data: StepJob }>> {
    const stale = await this.audits.findStale(
      new Date(Date.now() - STALE_MS),
      SWEEP_BATCH,
    );
    return stale.map((audit) => ({
      data: {
        auditId: audit.id,
        step:
          audit.status === 'queued' || audit.origin === null
            ? 'start'
            : audit.stoppedAt !== null
              ? 'judge'
              : 'advance',
      },
    }));
  }
}
