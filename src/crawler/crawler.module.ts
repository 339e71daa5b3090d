import { Module } from '@nestjs/common';
import type {
  DynamicModule,
  ModuleMetadata,
  OnApplicationShutdown,
  Type,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { DATABASE_TARGET } from '../database/database.module.js';
import type { DatabaseTarget } from '../database/database.js';
import { REDIS } from '../redis/redis.module.js';
import { Renderer, renderForAnalysis } from '../rendering/index.js';
import { CrawlContexts } from './crawl-context.js';
import { CrawlOutcomes } from './crawl-outcomes.js';
import { Crawler } from './crawler.js';
import { HostGate } from './fetch/host-gate.js';
import { HttpPageFetcher } from './fetch/http-page-fetcher.js';
import { MemoryHostGate } from './fetch/memory-host-gate.js';
import { PageFetcher } from './fetch/page-fetcher.js';
import { PostgresHostGate } from './fetch/postgres-host-gate.js';
import { RenderingPageFetcher } from './fetch/rendering-page-fetcher.js';
import { RedisHostGate } from './fetch/redis-host-gate.js';
import { CrawlsRepository } from './frontier/crawls.repository.js';
import { DiscoveriesRepository } from './frontier/discoveries.repository.js';
import { FrontierRepository } from './frontier/frontier.repository.js';
import { PageLeasesRepository } from './frontier/page-leases.repository.js';
import { PageRecordsRepository } from './frontier/page-records.repository.js';
import { ProbesRepository } from './frontier/probes.repository.js';
import { WavesRepository } from './frontier/waves.repository.js';
import { CrawlRunner, PAGE_LEASE_MS } from './jobs/crawl-runner.js';
import { CrawlSteps } from './jobs/crawl-steps.js';
import { CrawlPipeline } from './pipeline/page-pipeline.js';
import { PageReaders } from './pipeline/page-readers.js';
import { CrawlStart } from './start/crawl-start.js';

/** The reader threads and the fetcher's connections end with the process. */
class ClosingPageReaders extends PageReaders implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

class ClosingHttpPageFetcher
  extends HttpPageFetcher
  implements OnApplicationShutdown
{
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** Who is told how crawls end: the owner's implementation of CrawlOutcomes, and the modules it needs. */
export interface CrawlerOwner {
  imports: NonNullable<ModuleMetadata['imports']>;
  outcomes: Type<CrawlOutcomes>;
  /** The module whose default export (ReadCrawledPage) reads a crawled HTML page, on the reader threads. */
  pageReading: URL;
}

/**
 * The crawler: a policy (crawl-policy.ts), a frontier in PostgreSQL (frontier/), a
 * fetcher behind a port (fetch/), one page pipeline on reader threads (pipeline/),
 * the start, and the jobs that drive them (jobs/). It knows nothing of the product
 * around it: its owner registers it with the implementation of CrawlOutcomes.
 */
@Module({})
export class CrawlerModule {
  static register(owner: CrawlerOwner): DynamicModule {
    return {
      module: CrawlerModule,
      imports: owner.imports,
      providers: [
        { provide: CrawlOutcomes, useExisting: owner.outcomes },
        CrawlsRepository,
        PageLeasesRepository,
        DiscoveriesRepository,
        PageRecordsRepository,
        ProbesRepository,
        WavesRepository,
        FrontierRepository,
        {
          provide: HostGate,
          inject: [REDIS, getDataSourceToken(), DATABASE_TARGET, APP_CONFIG],
          useFactory: (
            redis: Redis | null,
            db: DataSource,
            target: DatabaseTarget,
            config: AppConfig,
          ): HostGate =>
            redis
              ? new RedisHostGate(redis, config.redisPrefix)
              : target.embedded
                ? new MemoryHostGate()
                : new PostgresHostGate(db),
        },
        {
          provide: ClosingHttpPageFetcher,
          inject: [HostGate, APP_CONFIG],
          useFactory: (gate: HostGate, config: AppConfig) =>
            new ClosingHttpPageFetcher(gate, config.analyser),
        },
        {
          // The process's renderer (AnalysisJobsModule's): one browser for reports and crawls.
          provide: PageFetcher,
          inject: [ClosingHttpPageFetcher, HostGate, Renderer],
          useFactory: (
            http: ClosingHttpPageFetcher,
            gate: HostGate,
            renderer: Renderer,
          ) =>
            new RenderingPageFetcher(http, gate, renderForAnalysis(renderer)),
        },
        {
          provide: PageReaders,
          useFactory: () => new ClosingPageReaders(owner.pageReading),
        },
        {
          provide: CrawlContexts,
          inject: [CrawlsRepository, APP_CONFIG],
          useFactory: (crawls: CrawlsRepository, config: AppConfig) =>
            new CrawlContexts(crawls, {
              userAgent: config.analyser.userAgent,
              hostConcurrency: config.siteAuditHostConcurrency,
            }),
        },
        {
          provide: CrawlPipeline,
          inject: [
            PageFetcher,
            PageReaders,
            FrontierRepository,
            PageLeasesRepository,
            ProbesRepository,
            WavesRepository,
            APP_CONFIG,
          ],
          useFactory: (
            fetcher: PageFetcher,
            readers: PageReaders,
            frontier: FrontierRepository,
            leases: PageLeasesRepository,
            probes: ProbesRepository,
            waves: WavesRepository,
            config: AppConfig,
          ) =>
            new CrawlPipeline(
              fetcher,
              readers,
              frontier,
              leases,
              probes,
              waves,
              {
                readBudgetMs: config.analyser.deadlineMs,
              },
            ),
        },
        {
          provide: CrawlStart,
          inject: [
            PageFetcher,
            CrawlsRepository,
            FrontierRepository,
            CrawlContexts,
            CrawlPipeline,
            PageReaders,
            APP_CONFIG,
          ],
          useFactory: (
            fetcher: PageFetcher,
            crawls: CrawlsRepository,
            frontier: FrontierRepository,
            contexts: CrawlContexts,
            pipeline: CrawlPipeline,
            readers: PageReaders,
            config: AppConfig,
          ) =>
            new CrawlStart(
              fetcher,
              crawls,
              frontier,
              contexts,
              pipeline,
              readers,
              {
                userAgent: config.analyser.userAgent,
                hostConcurrency: config.siteAuditHostConcurrency,
                decideBudgetMs: config.analyser.deadlineMs,
                pageTimeoutMs: config.analyser.deadlineMs,
                leaseMs: PAGE_LEASE_MS,
              },
            ),
        },
        CrawlRunner,
        CrawlSteps,
        Crawler,
      ],
      exports: [Crawler],
    };
  }
}
