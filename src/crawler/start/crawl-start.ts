import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  AnalysisError,
  collectSitemapUrls,
  crawlRobots,
  normaliseUrl,
} from '../../analysis/index.js';
import type {
  SideFetch,
  SiteFacts,
  SitemapRead,
} from '../../analysis/index.js';
import type { CrawlError, CrawlFacts } from '../crawl.js';
import { CrawlContexts } from '../crawl-context.js';
import { CrawlsRepository } from '../frontier/crawls.repository.js';
import type { CrawlRow } from '../frontier/crawls.repository.js';
import type { PageSettlement } from '../frontier/crawl-records.js';
import { FrontierRepository } from '../frontier/frontier.repository.js';
import { urlHash } from '../crawl.js';
import type { HostPoliteness } from '../fetch/host-gate.js';
import { PageFetcher } from '../fetch/page-fetcher.js';
import type { PageAnswer } from '../fetch/page-fetcher.js';
import { whileCrawling } from './crawl-watch.js';
import { CrawlPipeline } from '../pipeline/page-pipeline.js';
import { PageReaders } from '../pipeline/page-readers.js';

/** Redirects of the start URL followed at most (as an analysis follows them). */
const START_REDIRECTS = 5;

/** One request of the start: the URL and its answer. */
export interface StartHop {
  url: string;
  answer: PageAnswer;
}

/** The start of a crawl that cannot go on: its start URL could not be fetched. */
export class StartFailed extends Error {
  constructor(readonly error: CrawlError) {
    super(error.message);
  }
}

/** What a start led to. */
export type StartOutcome =
  /** Seeded, its first pages recorded: it advances next. */
  | { kind: 'started'; accountId: string }
  | { kind: 'failed'; error: CrawlError }
  /** Nothing to do: started elsewhere, or gone. */
  | { kind: 'none' };

/** The bounds of the start. */
export interface StartSettings {
  userAgent: string;
  hostConcurrency: number;
  /** What reading the site's sitemap URLs may take on a reader thread. */
  decideBudgetMs: number;
  /** What a page's request may take (ANALYZER_DEADLINE_MS): a slower start page fails as a timeout. */
  pageTimeoutMs: number;
  /** The lease of the start's pages, as the runner's. */
  leaseMs: number;
}

/**
 * The start of a crawl: the start URL and its redirects, each requested once (their
 * answers are the first pages of the crawl, read and recorded by the one pipeline);
 * the site origin they end on; the facts of the site, each asked once a crawl, through
 * the host's turn and, once robots.txt is read, its Crawl-delay: robots.txt, the
 * sitemaps (indexes followed), the 404 probe, the favicon and the http:// twin.
 */
export class CrawlStart {
  private readonly logger = new Logger('Crawler');

  constructor(
    private readonly fetcher: PageFetcher,
    private readonly crawls: CrawlsRepository,
    private readonly frontier: FrontierRepository,
    private readonly contexts: CrawlContexts,
    private readonly pipeline: CrawlPipeline,
    private readonly readers: PageReaders,
    private readonly settings: StartSettings,
  ) {}

  /**
   * Starts the crawl, once: a start that died before seeding starts again; one that
   * seeded is done (the sweep advances it). A crawl cancelled before it started has
   * stopped, with nothing to judge.
   */
  async begin(crawlId: string): Promise<StartOutcome | 'stopped'> {
    if (!(await this.crawls.markRunning(crawlId))) {
      const crawl = await this.crawls.find(crawlId);
      if (!crawl || crawl.finishedAt !== null || crawl.origin !== null) {
        return { kind: 'none' };
      }
      if (crawl.stopReason !== null) return this.stopUnstarted(crawlId);
      if (crawl.status !== 'running') return { kind: 'none' };
    }
    const crawl = (await this.crawls.find(crawlId))!;
    if (crawl.stopReason !== null) return this.stopUnstarted(crawlId);
    const watch = whileCrawling(() => this.crawls.isCrawling(crawlId));
    try {
      return await this.seedAndRead(crawl, watch.signal);
    } catch (error) {
      if (watch.signal.aborted) return this.stopUnstarted(crawlId);
      if (error instanceof StartFailed) {
        return { kind: 'failed', error: error.error };
      }
      throw error;
    } finally {
      watch.stop();
    }
  }

  private async stopUnstarted(
    crawlId: string,
  ): Promise<'stopped' | StartOutcome> {
    return (await this.crawls.stopUnstarted(crawlId))
      ? 'stopped'
      : { kind: 'none' };
  }

  private async seedAndRead(
    crawl: CrawlRow,
    stop: AbortSignal,
  ): Promise<StartOutcome> {
    const politeness = {
      concurrency: this.settings.hostConcurrency,
      delayMs: 0,
    };
    const hops = await this.walk(
      crawl.url,
      politeness,
      stop,
      // render: "auto" renders the start page too.
      (crawl.settings.render ?? false) !== false,
      crawl.id,
    );
    const last = hops.at(-1)!;
    const origin = new URL(last.url).origin;
    const { facts, sitemapUrls } = await this.siteOf(
      last.url,
      politeness,
      crawl.settings.respect_robots,
      crawl.settings.sitemaps,
      stop,
    );
    const context = this.contexts.contextFrom(crawl, origin, facts);
    const sitemap = await this.readers.decide(
      crawl.id,
      () => context.reading,
      sitemapUrls
        .filter((url) => context.policy.inScope(url))
        .map((url, i) => ({
          ...context.policy.named(url, 'sitemap'),
          position: i + 1,
        })),
      this.settings.decideBudgetMs,
    );
    const starts = hops.filter((hop) => context.policy.inScope(hop.url));
    const claimed = await this.frontier.seed(
      crawl.id,
      { origin, crawlDelayMs: context.policy.politeness.delayMs, facts },
      starts.map((hop) => ({ url: hop.url, hash: urlHash(hop.url) })),
      sitemap,
      this.settings.leaseMs,
    );
    // The start's pages: read from the answers the start has, recorded as one batch.
    const batch: PageSettlement[] = [];
    for (const page of claimed) {
      const hop = starts.find((start) => start.url === page.url)!;
      batch.push({
        page,
        reading: await this.pipeline
          .readStart(page.url, hop.answer, context)
          .catch((error: unknown) => this.pipeline.failure(page, error)),
      });
    }
    const written = await this.pipeline.record(batch);
    await this.pipeline.probe(
      crawl.id,
      written.probes.map((probe) => probe.url),
      context.policy.politeness,
      stop,
    );
    return { kind: 'started', accountId: crawl.accountId };
  }

  /**
   * Follows the start URL's redirects, requesting each URL once, none past `stop`,
   * rendering the page they lead to when `render` (in the crawl's browser contexts,
   * `session`). Throws StartFailed, or stop's reason.
   */
  async walk(
    startUrl: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
    render = false,
    session?: string,
  ): Promise<StartHop[]> {
    const hops: StartHop[] = [];
    const seen = new Set<string>();
    let url = startUrl;
    for (;;) {
      if (seen.has(url)) {
        throw new StartFailed({
          code: 'redirect_limit',
          message: `The start URL's redirects loop back to ${url}.`,
        });
      }
      seen.add(url);
      let answer: PageAnswer | null;
      try {
        answer = await this.fetcher.page(url, politeness, stop, {
          render,
          session,
        });
      } catch (error) {
        if (stop.aborted) throw stop.reason;
        const code = error instanceof AnalysisError ? error.code : 'connection';
        const at = hops.length > 0 ? ` (at ${url}, after its redirects)` : '';
        throw new StartFailed(
          code === 'timeout'
            ? {
                code,
                message: `The start URL did not answer within the page timeout of ${this.settings.pageTimeoutMs / 1000} s${at} (ANALYZER_DEADLINE_MS).`,
              }
            : {
                code,
                message: `The start URL could not be fetched${at}: ${(error as Error).message}`,
              },
        );
      }
      if (answer === null) throw stop.reason;
      hops.push({ url, answer });
      const location = answer.headers.location;
      const next =
        answer.status >= 300 && answer.status < 400 && location
          ? normaliseUrl(location, url)
          : null;
      if (next === null) return hops;
      if (hops.length > START_REDIRECTS) {
        throw new StartFailed({
          code: 'redirect_limit',
          message: `The start URL redirects more than ${START_REDIRECTS} times.`,
        });
      }
      url = next;
    }
  }

  /**
   * The facts of the site the start landed on: robots.txt first, then (within its
   * Crawl-delay) the sitemaps, the 404 probe, the favicon and the http:// twin of the
   * start page.
   */
  private async siteOf(
    finalUrl: string,
    politeness: HostPoliteness,
    respectRobots: boolean,
    sitemaps: boolean,
    stop: AbortSignal,
  ): Promise<{ facts: CrawlFacts; sitemapUrls: string[] }> {
    const origin = new URL(finalUrl).origin;
    const robotsTxt = await this.fetcher.side(
      `${origin}/robots.txt`,
      politeness,
      { accept: 'text/plain,text/*;q=0.9,*/*;q=0.1' },
      stop,
    );
    const polite = {
      ...politeness,
      delayMs: respectRobots
        ? crawlRobots(robotsTxt, this.settings.userAgent).crawlDelayMs
        : 0,
    };
    let firstSitemap: SideFetch | null = null;
    const read = async (url: string) => {
      const answer = await this.fetcher.side(
        url,
        polite,
        { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.1' },
        stop,
      );
      firstSitemap ??= answer;
      return answer;
    };
    let sitemapUrls: string[] = [];
    let sitemapReads: SitemapRead[] = [];
    if (sitemaps) {
      const collected = await collectSitemapUrls(origin, robotsTxt, read);
      sitemapUrls = collected.urls;
      sitemapReads = collected.sitemaps;
    } else {
      await read(`${origin}/sitemap.xml`);
    }
    const notFoundProbe = await this.fetcher.side(
      `${origin}/${randomBytes(8).toString('hex')}-report-service-probe`,
      polite,
      { maxBytes: 64 * 1024 },
      stop,
    );
    const favicon = await this.fetcher.side(
      `${origin}/favicon.ico`,
      polite,
      { readBody: false, accept: 'image/*,*/*;q=0.1' },
      stop,
    );
    const site: SiteFacts = {
      robotsTxt,
      sitemap: firstSitemap!,
      notFoundProbe,
      favicon,
    };
    return {
      facts: {
        site,
        twin: await this.fetcher.twin(finalUrl, polite, stop),
        sitemaps: sitemapReads,
      },
      sitemapUrls,
    };
  }
}
