import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AnalysisError,
  collectSitemapUrls,
  createGuardedClient,
  normaliseUrl,
} from '../../analysis/index.js';
import type {
  FetchedResponse,
  GuardedClient,
  SideFetch,
  SiteFacts,
  SitemapRead,
  TargetProbe,
} from '../../analysis/index.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import type { AuditFacts, SiteAuditError } from '../site-audit.js';
import type { AuditContext } from './audit-context.js';
import { HostGate } from './host-gate.js';
import type { HostPoliteness } from './host-gate.js';
import { PageWork } from './page-work.js';

/** Redirects of the start URL followed at most (as an analysis follows them). */
const START_REDIRECTS = 5;
/** What a side request of the start may take, and read. */
const SIDE_TIMEOUT_MS = 10_000;
const SIDE_BYTES = 512 * 1024;

/** One request of the start: the URL, and its answer or why it has none. */
export interface StartHop {
  url: string;
  answer: FetchedResponse;
}

/** What the start of an audit learned: the requests of the start URL's chain, and the site. */
export interface SiteStart {
  /** Every answer of the start URL's chain, the last one not a redirect. */
  hops: StartHop[];
  origin: string;
  facts: AuditFacts;
  sitemapUrls: string[];
}

/** The start of an audit that cannot go on: its start URL could not be fetched. */
export class StartFailed extends Error {
  constructor(readonly error: SiteAuditError) {
    super(error.message);
  }
}

/**
 * The start of a site audit: the start URL and its redirects, each requested once
 * (their answers are the first pages of the crawl, judged from these very answers);
 * the site origin they end on; then the facts of the site, each asked once an audit,
 * through the host's turn and, once robots.txt is read, its Crawl-delay: robots.txt,
 * the sitemaps (indexes followed), the 404 probe, the favicon and the http:// twin.
 */
@Injectable()
export class SiteStarts {
  private readonly client: GuardedClient;

  constructor(
    private readonly pages: PageWork,
    private readonly gate: HostGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.client = createGuardedClient(config.analyser);
  }

  /**
   * Follows the start URL's redirects, requesting each URL once, none past `stop`.
   * Throws StartFailed, or stop's reason.
   */
  async walk(
    startUrl: string,
    context: Pick<AuditContext, 'politeness'>,
    stop: AbortSignal,
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
      let answer: FetchedResponse | null;
      try {
        answer = await this.pages.request(url, context, stop);
      } catch (error) {
        if (stop.aborted) throw stop.reason;
        const code = error instanceof AnalysisError ? error.code : 'connection';
        throw new StartFailed({
          code,
          message: `The start URL could not be fetched${hops.length > 0 ? ` (at ${url}, after its redirects)` : ''}: ${(error as Error).message}`,
        });
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
   * Crawl-delay, once `delayFor` has read it) the sitemaps, the 404 probe, the favicon
   * and the http:// twin of the start page.
   */
  async siteOf(
    finalUrl: string,
    politeness: HostPoliteness,
    delayFor: (robotsTxt: SideFetch) => number,
    sitemaps: boolean,
    stop: AbortSignal,
  ): Promise<{ facts: AuditFacts; sitemapUrls: string[] }> {
    const origin = new URL(finalUrl).origin;
    const side = (
      url: string,
      polite: HostPoliteness,
      options: { accept?: string; readBody?: boolean; maxBytes?: number },
    ) => {
      stop.throwIfAborted();
      return this.side(url, polite, options, stop);
    };
    const robotsTxt = await side(`${origin}/robots.txt`, politeness, {
      accept: 'text/plain,text/*;q=0.9,*/*;q=0.1',
    });
    const polite = { ...politeness, delayMs: delayFor(robotsTxt) };
    let firstSitemap: SideFetch | null = null;
    const read = async (url: string) => {
      const answer = await side(url, polite, {
        accept: 'application/xml,text/xml;q=0.9,*/*;q=0.1',
      });
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
    const notFoundProbe = await side(
      `${origin}/${randomBytes(8).toString('hex')}-report-service-probe`,
      polite,
      { maxBytes: 64 * 1024 },
    );
    const favicon = await side(`${origin}/favicon.ico`, polite, {
      readBody: false,
      accept: 'image/*,*/*;q=0.1',
    });
    const site: SiteFacts = {
      robotsTxt,
      sitemap: firstSitemap!,
      notFoundProbe,
      favicon,
    };
    return {
      facts: {
        site,
        twin: await this.twinOf(finalUrl, polite, stop),
        sitemaps: sitemapReads,
      },
      sitemapUrls,
    };
  }

  /** A side request: never throws but at `stop`, its failure is its answer. */
  private async side(
    url: string,
    politeness: HostPoliteness,
    options: { accept?: string; readBody?: boolean; maxBytes?: number },
    stop: AbortSignal,
  ): Promise<SideFetch> {
    const signal = AbortSignal.any([
      stop,
      AbortSignal.timeout(SIDE_TIMEOUT_MS),
    ]);
    try {
      const turn = await this.gate.turnFor(url, politeness, stop);
      try {
        const answer = await this.client.get(url, {
          signal,
          maxBytes: options.maxBytes ?? SIDE_BYTES,
          maxRedirects: 3,
          accept: options.accept,
          readBody: options.readBody,
        });
        return {
          url,
          status: answer.status,
          contentType: answer.headers['content-type'] ?? null,
          body:
            options.readBody === false ? null : answer.body.toString('utf8'),
          error: null,
        };
      } finally {
        await turn.release();
      }
    } catch (error) {
      return {
        url,
        status: null,
        contentType: null,
        body: null,
        error: error instanceof AnalysisError ? error.code : 'timeout',
      };
    }
  }

  /** The http:// twin of an https start page, its redirect not followed; null on http. */
  private async twinOf(
    finalUrl: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe | null> {
    const page = new URL(finalUrl);
    if (page.protocol !== 'https:') return null;
    page.protocol = 'http:';
    const url = page.href;
    stop.throwIfAborted();
    const signal = AbortSignal.any([
      stop,
      AbortSignal.timeout(SIDE_TIMEOUT_MS),
    ]);
    try {
      const turn = await this.gate.turnFor(url, politeness, stop);
      try {
        const answer = await this.client.get(url, {
          signal,
          method: 'HEAD',
          maxBytes: 0,
          maxRedirects: 0,
          followRedirects: false,
          readBody: false,
        });
        return {
          url,
          status: answer.status,
          location: answer.headers.location
            ? normaliseUrl(answer.headers.location, url)
            : null,
          robots: [],
          error: null,
        };
      } finally {
        await turn.release();
      }
    } catch (error) {
      return {
        url,
        status: null,
        location: null,
        robots: [],
        error: error instanceof AnalysisError ? error.code : 'timeout',
      };
    }
  }
}
