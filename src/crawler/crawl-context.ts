import type { CrawlFacts, RenderMode } from './crawl.js';
import { CrawlsRepository } from './frontier/crawls.repository.js';
import type { CrawlRow } from './frontier/crawls.repository.js';
import { CrawlPolicy } from './policy/crawl-policy.js';
import type { CrawlPolicyData } from './policy/crawl-policy.js';
import type { SiteFacts, TargetProbe } from '../analysis/index.js';

/** What every page of one crawl is read with: sent to a thread once, kept there. */
export interface ReadingContext {
  policy: CrawlPolicyData;
  site: SiteFacts;
  twin: TargetProbe | null;
}

/** What every page of a started crawl is requested, read and recorded with. */
export interface CrawlContext {
  crawlId: string;
  accountId: string;
  policy: CrawlPolicy;
  facts: CrawlFacts;
  /** Its HTML pages are rendered in a browser: all (true), none, or where it matters ("auto"). */
  render: RenderMode;
  /** What a reader thread is handed once to read the crawl's pages. */
  reading: ReadingContext;
}

/** How long a process keeps a crawl's context: it never changes once the start has seeded it. */
const KEPT_MS = 60_000;
/** Contexts kept at most: crawls running in one process at once are few. */
const KEPT_AT_MOST = 200;

/** The settings a crawl's context is built with, the same in every process. */
export interface ContextSettings {
  userAgent: string;
  hostConcurrency: number;
}

/**
 * The context of running crawls, read from their rows once a minute at most: every
 * page of a crawl needs its policy and its site's facts, which its start stored.
 */
export class CrawlContexts {
  private readonly kept = new Map<
    string,
    { context: CrawlContext; expires: number }
  >();

  constructor(
    private readonly crawls: CrawlsRepository,
    private readonly settings: ContextSettings,
  ) {}

  /** The crawl's context; null when it is gone or not seeded yet. */
  async contextOf(crawlId: string): Promise<CrawlContext | null> {
    const kept = this.kept.get(crawlId);
    if (kept && kept.expires > Date.now()) return kept.context;
    const crawl = await this.crawls.find(crawlId);
    if (!crawl || crawl.origin === null || !crawl.facts) return null;
    const context = this.contextFrom(
      crawl,
      crawl.origin,
      crawl.facts as CrawlFacts,
    );
    this.kept.delete(crawlId);
    if (this.kept.size >= KEPT_AT_MOST) {
      this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(crawlId, { context, expires: Date.now() + KEPT_MS });
    return context;
  }

  /** A context from what the start learned (the start builds its own before storing it). */
  contextFrom(
    crawl: Pick<CrawlRow, 'id' | 'accountId' | 'url' | 'settings'>,
    origin: string,
    facts: CrawlFacts,
  ): CrawlContext {
    const policy = new CrawlPolicy({
      origin,
      startUrl: crawl.url,
      settings: crawl.settings,
      robotsTxt: facts.site.robotsTxt,
      userAgent: this.settings.userAgent,
      hostConcurrency: this.settings.hostConcurrency,
    });
    return {
      crawlId: crawl.id,
      accountId: crawl.accountId,
      policy,
      facts,
      render: crawl.settings.render ?? false,
      reading: { policy: policy.data, site: facts.site, twin: facts.twin },
    };
  }
}
