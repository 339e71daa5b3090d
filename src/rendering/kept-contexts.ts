import type { Browser } from 'playwright-core';
import {
  ContextNotClearedError,
  openRenderContext,
  renderPage,
} from './render-context.js';
import type { RenderContext } from './render-context.js';
import type {
  RenderedPage,
  RenderNetwork,
  RenderOptions,
} from './render-page.js';
import { ResourceCache } from './resource-cache.js';
import type { ResourceCacheLimits } from './resource-cache.js';

export interface KeptContextsOptions {
  /** How long an idle context is kept for its crawl's next page. */
  idleMs: number;
  /** Idle contexts kept at most, all crawls together: past it the oldest is closed. */
  maxIdle: number;
  /** Crawls whose cache is kept at once: past it the least recently used is dropped. */
  maxCaches: number;
  cacheLimits: ResourceCacheLimits;
}

export const DEFAULT_KEPT_CONTEXTS_OPTIONS: KeptContextsOptions = {
  idleMs: 30_000,
  maxIdle: 8,
  maxCaches: 4,
  cacheLimits: { maxBytes: 16 * 1024 * 1024, maxEntryBytes: 4 * 1024 * 1024 },
};

export interface KeptContextsStats {
  /** Contexts opened for crawls' pages, and pages rendered in a context kept from an earlier one. */
  contextsOpened: number;
  contextsReused: number;
  /** Scripts and style sheets served from a crawl's cache instead of the site. */
  resourcesFromCache: number;
}

interface IdleContext {
  session: string;
  context: RenderContext;
  timer: NodeJS.Timeout;
}

/**
 * The browser contexts of a process's crawls: a crawl's pages (its `session`) go to
 * contexts kept for it and cleared between pages, and share its cache of scripts and
 * style sheets; never another crawl's (docs/rendering.md). A page of no crawl gets a
 * context of its own.
 */
export class KeptContexts {
  private readonly idle: IdleContext[] = [];
  private readonly caches = new Map<string, ResourceCache>();
  private opened = 0;
  private reused = 0;
  /** Hits of caches already dropped. */
  private droppedHits = 0;

  constructor(
    private readonly network: RenderNetwork,
    private readonly options: KeptContextsOptions = DEFAULT_KEPT_CONTEXTS_OPTIONS,
  ) {}

  async render(
    browser: Browser,
    url: string,
    options: RenderOptions,
  ): Promise<RenderedPage> {
    const { session } = options;
    if (session === undefined) {
      return renderPage(browser, url, options, this.network);
    }
    const cache = this.cacheOf(session);
    let context =
      this.take(session, browser) ?? (await this.open(browser, cache));
    try {
      return await context.render(url, options);
    } catch (error) {
      if (!(error instanceof ContextNotClearedError)) throw error;
      await context.close();
      context = await this.open(browser, cache);
      return await context.render(url, options);
    } finally {
      this.give(session, context);
    }
  }

  stats(): KeptContextsStats {
    let hits = this.droppedHits;
    for (const cache of this.caches.values()) hits += cache.hits;
    return {
      contextsOpened: this.opened,
      contextsReused: this.reused,
      resourcesFromCache: hits,
    };
  }

  async close(): Promise<void> {
    const closing = this.idle.splice(0).map((entry) => {
      clearTimeout(entry.timer);
      return entry.context.close();
    });
    this.caches.clear();
    await Promise.all(closing);
  }

  private async open(
    browser: Browser,
    cache: ResourceCache,
  ): Promise<RenderContext> {
    const context = await openRenderContext(browser, this.network, cache);
    this.opened += 1;
    return context;
  }

  private take(session: string, browser: Browser): RenderContext | null {
    const at = this.idle.findIndex(
      (entry) =>
        entry.session === session &&
        entry.context.browser === browser &&
        entry.context.reusable,
    );
    if (at === -1) return null;
    const [entry] = this.idle.splice(at, 1);
    clearTimeout(entry.timer);
    this.reused += 1;
    return entry.context;
  }

  private give(session: string, context: RenderContext): void {
    if (!context.reusable) {
      void context.close();
      return;
    }
    const timer = setTimeout(() => this.drop(entry), this.options.idleMs);
    // An idle context does not keep the process alive.
    timer.unref();
    const entry: IdleContext = { session, context, timer };
    this.idle.push(entry);
    while (this.idle.length > this.options.maxIdle) this.drop(this.idle[0]);
  }

  private drop(entry: IdleContext): void {
    const at = this.idle.indexOf(entry);
    if (at === -1) return;
    this.idle.splice(at, 1);
    clearTimeout(entry.timer);
    void entry.context.close();
  }

  /** The crawl's cache, most recently used last; the least recently used goes past maxCaches. */
  private cacheOf(session: string): ResourceCache {
    let cache = this.caches.get(session);
    if (cache) this.caches.delete(session);
    else cache = new ResourceCache(this.options.cacheLimits);
    this.caches.set(session, cache);
    for (const [oldest, dropped] of this.caches) {
      if (this.caches.size <= this.options.maxCaches) break;
      this.caches.delete(oldest);
      this.droppedHits += dropped.hits;
    }
    return cache;
  }
}
