import { Logger } from '@nestjs/common';
import { AnalysisError, notRenderedOutcome } from '../../analysis/index.js';
import { isDatabaseUnavailable } from '../../common/problem.filter.js';
import type { CrawlContext } from '../crawl-context.js';
import { bareRecord, SERVICE_ERROR } from '../frontier/crawl-records.js';
import type {
  Advance,
  ClaimedPage,
  PageSettlement,
} from '../frontier/crawl-records.js';
import { FrontierRepository } from '../frontier/frontier.repository.js';
import type {
  CrawlState,
  SettledBatch,
} from '../frontier/frontier.repository.js';
import { PageLeasesRepository } from '../frontier/page-leases.repository.js';
import { ProbesRepository } from '../frontier/probes.repository.js';
import { WavesRepository } from '../frontier/waves.repository.js';
import { PageFetcher } from '../fetch/page-fetcher.js';
import type { HostPoliteness } from '../fetch/host-gate.js';
import { isHtmlPage } from '../fetch/page-fetcher.js';
import type { PageAnswer, PageRequest } from '../fetch/page-fetcher.js';
import { readHead, renderOutcomeOf } from './page-reading.js';
import type { PageReading } from './page-reading.js';
import { PageReaders } from './page-readers.js';
import { RenderChoices, renderChanges, templateOf } from './render-choice.js';
import type { RenderChoice } from './render-choice.js';

/** Attempts of a write that meets a transient database error (a deadlock, a lost connection) before it is given up. */
const WRITE_ATTEMPTS = 4;
const WRITE_BACKOFF_MS = 100;

/** SQLSTATEs worth trying again at once: deadlock, serialization failure, lock not available. */
const RETRYABLE_STATES = new Set(['40P01', '40001', '55P03']);

function isRetryable(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as {
    code?: unknown;
    driverError?: { code?: unknown };
  };
  const state = code ?? driverError?.code;
  return (
    (typeof state === 'string' && RETRYABLE_STATES.has(state)) ||
    isDatabaseUnavailable(error)
  );
}

/** The bounds of the pipeline. */
export interface PipelineSettings {
  /** What reading one page may take (its thread is terminated past it). */
  readBudgetMs: number;
}

/**
 * One page of a crawl, whoever asks (the runner, or the start with the answers it
 * already has): fetch → read (on a reader thread: the page checks, the facts, the URLs
 * it names, each decided by the crawl's policy) → record (a batch of pages settled by
 * the frontier at once) → probe what they point to, once a crawl. A failure of the
 * service is never a fact about the site: a write is tried again a few times, and a
 * page that still cannot be recorded is recorded as a service error.
 */
export class CrawlPipeline {
  private readonly logger = new Logger('Crawler');
  /** render: "auto": each template's samples and verdict, in this process. */
  private readonly choices = new RenderChoices();

  constructor(
    private readonly fetcher: PageFetcher,
    private readonly readers: PageReaders,
    private readonly frontier: FrontierRepository,
    private readonly leases: PageLeasesRepository,
    private readonly probes: ProbesRepository,
    private readonly waves: WavesRepository,
    private readonly settings: PipelineSettings,
  ) {}

  /**
   * The page's answer, read: null when the crawl stopped before it was requested.
   * Throws AnalysisError when it cannot be asked or read (transient ones are tried
   * again), or stop's reason.
   */
  async fetchAndRead(
    page: ClaimedPage,
    context: CrawlContext,
    stop: AbortSignal,
    stillWanted: () => Promise<boolean>,
  ): Promise<PageReading | null> {
    const request = {
      stillWanted,
      render: context.render === true,
      blocked: (resource: string) => !context.policy.mayRender(resource),
      session: context.crawlId,
    };
    const politeness = context.policy.politeness;
    const answer = await this.fetcher.page(page.url, politeness, stop, request);
    if (answer === null) return null;
    const reading = await this.read(page.url, page.depth, answer, context);
    if (context.render !== 'auto' || !reading.record.html) return reading;
    if (reading.record.statusCode !== 200 || reading.record.error !== null) {
      return reading;
    }
    // render: "auto": the raw reading names the template; its samples and verdict decide.
    const choice = await this.choices.choose(
      context.crawlId,
      templateOf(page.url, reading.record.skeleton),
      stop,
    );
    if (choice.kind === 'raw') {
      reading.record.render = notRenderedOutcome(choice);
      return reading;
    }
    // A sample always says what it showed, or that it showed nothing: pages wait on it.
    let change: string | null | undefined;
    try {
      const rendered = await this.readRendered(
        page,
        answer,
        context,
        stop,
        request,
        choice,
      );
      if (rendered.record.render?.status === 'rendered') {
        change = renderChanges(reading, rendered);
      }
      return rendered;
    } finally {
      if (choice.kind === 'sample') {
        this.choices.learn(context.crawlId, choice.template, page.url, change);
      }
    }
  }

  /** The page rendered from its raw answer and read again, saying why it was rendered. */
  private async readRendered(
    page: ClaimedPage,
    answer: PageAnswer,
    context: CrawlContext,
    stop: AbortSignal,
    request: PageRequest,
    choice: RenderChoice,
  ): Promise<PageReading> {
    const rendered = await this.fetcher.rendered(
      answer,
      context.policy.politeness,
      stop,
      request,
    );
    const reading = await this.read(page.url, page.depth, rendered, context);
    if (reading.record.render) reading.record.render.choice = choice;
    return reading;
  }

  /** A start page's answer read (rendered already when the crawl renders at all). */
  async readStart(
    url: string,
    answer: PageAnswer,
    context: CrawlContext,
  ): Promise<PageReading> {
    const reading = await this.read(url, 0, answer, context);
    if (context.render === 'auto' && reading.record.render) {
      reading.record.render.choice = {
        kind: 'start',
        template: templateOf(url, reading.record.skeleton),
        reason: 'The start page is always rendered.',
      };
    }
    return reading;
  }

  /**
   * An answer read: an HTML page on a reader thread, any other answer by its head. A
   * page that cannot be read (too long to read in its budget, too large for a reader)
   * keeps what it answered, with why it was not read: it is no broken page.
   */
  async read(
    url: string,
    depth: number | null,
    answer: PageAnswer,
    context: CrawlContext,
  ): Promise<PageReading> {
    const reading = await this.readAnswer(url, depth, answer, context);
    reading.record.render = renderOutcomeOf(answer);
    return reading;
  }

  private async readAnswer(
    url: string,
    depth: number | null,
    answer: PageAnswer,
    context: CrawlContext,
  ): Promise<PageReading> {
    if (!isHtmlPage(answer)) return readHead(answer, depth, context.policy);
    try {
      return await this.readers.read(
        context.crawlId,
        () => context.reading,
        url,
        depth,
        answer,
        this.settings.readBudgetMs,
      );
    } catch (error) {
      if (!(error instanceof AnalysisError)) throw error;
      const head = readHead(answer, depth, context.policy);
      head.record.error = error.code;
      head.record.truncated = answer.truncated === true;
      return head;
    }
  }

  /**
   * What a page that could not be read is recorded as: the site's failure (the
   * fetch's or the read's error code) or, for any other error, the service's (logged).
   */
  failure(page: ClaimedPage, error: unknown): PageReading {
    if (!(error instanceof AnalysisError)) {
      this.logger.error(
        `Page ${page.url} of crawl ${page.auditId} failed: ${(error as Error)?.stack ?? String(error)}`,
      );
    }
    return {
      record: bareRecord({
        error: error instanceof AnalysisError ? error.code : SERVICE_ERROR,
      }),
      discoveries: [],
      links: [],
      probeTargets: [],
    };
  }

  /**
   * Records a batch of read pages. A batch the database refuses for another reason
   * than being away is recorded page by page, and a page that still fails is recorded
   * as a service error; with the database away it throws (the pages' leases run out
   * and they are taken again).
   */
  async record(batch: PageSettlement[]): Promise<SettledBatch> {
    try {
      return await this.withRetries(() => this.frontier.settle(batch));
    } catch (error) {
      if (isDatabaseUnavailable(error) || batch.length === 0) throw error;
      if (batch.length === 1) {
        const [{ page }] = batch;
        this.logger.error(
          `Page ${page.url} of crawl ${page.auditId} recorded as a service error: ${(error as Error).message}`,
        );
        return this.withRetries(() =>
          this.frontier.settle([{ page, reading: this.failure(page, error) }]),
        );
      }
      const settled: SettledBatch = { settled: [], probes: [], states: [] };
      for (const settlement of batch) {
        const one = await this.record([settlement]);
        settled.settled.push(...one.settled);
        settled.probes.push(...one.probes);
        settled.states.push(...one.states);
      }
      return settled;
    }
  }

  /** Asks the probes a batch took and stores their answers; a probe cut by `stop` stays unanswered. */
  async probe(
    auditId: string,
    urls: string[],
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<void> {
    if (urls.length === 0) return;
    const answers = await this.fetcher.probe(urls, politeness, stop);
    await this.withRetries(() =>
      this.probes.recordAnswers(
        answers.map((answer) => ({
          auditId,
          answer: {
            url: answer.url,
            statusCode: answer.status,
            error: answer.error,
            redirectTo: answer.location,
            robots: answer.robots,
          },
        })),
      ),
    );
  }

  /** A page claimed but not requested (its crawl was cancelled meanwhile) is given back. */
  giveBack(page: ClaimedPage): Promise<void> {
    return this.withRetries(() => this.leases.giveBack(page));
  }

  /** Where these crawls stand, to know which to advance. */
  statesOf(crawlIds: string[]): Promise<CrawlState[]> {
    return this.withRetries(() => this.frontier.statesOf(crawlIds));
  }

  advance(crawlId: string): Promise<Advance> {
    return this.withRetries(() => this.waves.advance(crawlId));
  }

  /** Runs a write again after a transient database error, a few times. */
  private async withRetries<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= WRITE_ATTEMPTS || !isRetryable(error)) throw error;
        await new Promise((resolve) =>
          setTimeout(resolve, WRITE_BACKOFF_MS * 2 ** (attempt - 1)),
        );
      }
    }
  }
}
