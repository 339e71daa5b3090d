import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { AnalysisEngine } from '../../analysis-jobs/analysis-engine.js';
import type {
  AnalysisFailure,
  AnalysisRef,
  AnalysisSubject,
  ClaimedAnalysis,
  QueuedRun,
} from '../../analysis-jobs/analysis-subject.js';
import { AnalysisSubjects } from '../../analysis-jobs/analysis-subjects.js';
import { APP_CONFIG, defaultSlotsPerAccount } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { AuditContexts } from './audit-context.js';
import type { AuditContext } from './audit-context.js';
import { CrawlFrontier, inFlightWindow } from './crawl-frontier.js';
import type { Advance, ClaimedPage } from './crawl-records.js';
import { whileCrawling } from './crawl-watch.js';
import { PageWork } from './page-work.js';
import type { PageWorkDone } from './page-work.js';

/** A page claimed for its request, as the engine hands it back. */
export interface ClaimedAuditPage extends ClaimedAnalysis, ClaimedPage {}

/** What a page job did: the page, or nothing because its audit stopped first. */
export type AuditPageOutcome =
  { stopped: false; done: PageWorkDone } | { stopped: true };

/**
 * The pages of site audits as a subject of the analysis engine: each page a job on a
 * queue of its own (a crawl of thousands of pages never holds the slots of single
 * reports), claimed, requested and judged (PageWork), settled with what it makes known
 * and the crawl's next step under its audit's lock (CrawlFrontier).
 */
@Injectable()
export class AuditPages
  implements AnalysisSubject<ClaimedAuditPage, AuditPageOutcome>, OnModuleInit
{
  readonly kind = 'site_audit_page';
  readonly queue: { name: string; concurrency: number; perAccount: number };
  /** Told when an audit's crawl has stopped, so its judgement is added (CrawlSteps). */
  onStopped: (auditId: string) => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly subjects: AnalysisSubjects,
    private readonly engine: AnalysisEngine,
    private readonly frontier: CrawlFrontier,
    private readonly contexts: AuditContexts,
    private readonly work: PageWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = {
      name: 'site-audit-pages',
      concurrency: config.siteAuditConcurrency,
      perAccount: defaultSlotsPerAccount(config.siteAuditConcurrency),
    };
  }

  onModuleInit(): void {
    this.subjects.register(this);
  }

  /** Adds the jobs of pages the crawl dispatched, each at its place in crawl order. */
  async dispatch(
    auditId: string,
    pages: Array<{ key: string; place: number }>,
  ): Promise<void> {
    if (pages.length === 0) return;
    const context = await this.contexts.contextOf(auditId);
    if (!context) return;
    for (const page of pages) {
      await this.engine.dispatch(this.kind, {
        id: page.key,
        run: 1,
        accountId: context.accountId,
        position: page.place,
      });
    }
  }

  async claim({ id }: AnalysisRef): Promise<ClaimedAuditPage | null> {
    return this.frontier.claimPage(id);
  }

  /**
   * Requests and judges the page, unless its audit stopped first: a cancel seen before
   * the request, or while it waits or runs, makes it no page.
   */
  async analyse(page: ClaimedAuditPage): Promise<AuditPageOutcome> {
    const context = await this.contexts.contextOf(page.auditId);
    if (!context) return { stopped: true };
    const crawling = () => this.frontier.isCrawling(page.auditId);
    const watch = whileCrawling(crawling);
    try {
      const answer = await this.work.request(
        page.url,
        context,
        watch.signal,
        crawling,
      );
      if (answer === null) return { stopped: true };
      const done = await this.work.judge(page.url, page.depth, answer, context);
      await this.probe(
        page,
        context,
        done,
        AbortSignal.any([
          watch.signal,
          AbortSignal.timeout(this.config.analyser.deadlineMs),
        ]),
      );
      return { stopped: false, done };
    } catch (error) {
      if (watch.signal.aborted) return { stopped: true };
      throw error;
    } finally {
      watch.stop();
    }
  }

  async complete(
    _ref: AnalysisRef,
    page: ClaimedAuditPage,
    outcome: AuditPageOutcome,
  ): Promise<boolean> {
    if (outcome.stopped) {
      await this.follow(page.auditId, await this.frontier.unrequest(page));
      return true;
    }
    const context = await this.contexts.contextOf(page.auditId);
    const { settled, advance } = await this.frontier.settlePage(
      page,
      outcome.done.record,
      outcome.done.discoveries,
      outcome.done.links,
      context?.robots.allows ?? (() => true),
      inFlightWindow(this.config.siteAuditHostConcurrency),
    );
    await this.follow(page.auditId, advance);
    return settled;
  }

  /** A page whose request failed for good is a page all the same, with its error. */
  async fail(
    _ref: AnalysisRef,
    page: ClaimedAuditPage,
    failure: AnalysisFailure,
  ): Promise<boolean> {
    const context = await this.contexts.contextOf(page.auditId);
    const { settled, advance } = await this.frontier.settlePage(
      page,
      this.work.failedRecord(failure.code),
      [],
      [],
      context?.robots.allows ?? (() => true),
      inFlightWindow(this.config.siteAuditHostConcurrency),
    );
    await this.follow(page.auditId, advance);
    return settled;
  }

  retryLater({ id }: AnalysisRef): Promise<boolean> {
    return this.frontier.retryLater(id);
  }

  async findUnsettled(before: Date, limit: number): Promise<QueuedRun[]> {
    return (await this.frontier.findStalePages(before, limit)).map((page) => ({
      id: page.key,
      run: 1,
      accountId: page.accountId,
      position: page.place,
    }));
  }

  settledAmong(ids: string[]): Promise<string[]> {
    return this.frontier.settledAmong(ids);
  }

  /** What the page points to that no job of the audit asked yet: asked once, here. */
  private async probe(
    page: ClaimedAuditPage,
    context: AuditContext,
    done: PageWorkDone,
    signal: AbortSignal,
  ): Promise<void> {
    const mine = await this.frontier.claimProbes(
      page.auditId,
      done.probeTargets,
    );
    if (mine.length === 0) return;
    const answers = await this.work.probe(mine, context, signal);
    await this.frontier.recordProbes(
      page.auditId,
      answers.map((answer) => ({
        url: answer.url,
        statusCode: answer.status,
        error: answer.error,
        redirectTo: answer.location,
        robots: answer.robots,
      })),
    );
  }

  private async follow(auditId: string, advance: Advance): Promise<void> {
    await this.dispatch(auditId, advance.dispatch);
    if (advance.stopped) await this.onStopped(auditId);
  }
}
