import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { startPolicyProxy } from './policy-proxy.js';
import type { PolicyProxy } from './policy-proxy.js';
import {
  COUNT_WINDOW_OPENS,
  PageRender,
  Watch,
  WINDOW_OPENED,
} from './render-page.js';
import type {
  RenderedPage,
  RenderNetwork,
  RenderOptions,
} from './render-page.js';
import type { ResourceCache } from './resource-cache.js';

/** How long clearing the last page's storage may take before the context is given up. */
const CLEAR_TIMEOUT_MS = 5_000;

/** A kept context whose last page's storage could not be cleared: the page goes to a fresh one. */
export class ContextNotClearedError extends Error {
  constructor(cause: unknown) {
    super(
      `The last page's storage could not be cleared: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'ContextNotClearedError';
  }
}

/**
 * A browser context renders go to, one page at a time, with a policy proxy of its
 * own for its every request. Kept for the pages of one crawl as Google's renderer
 * keeps its own: between two pages it is cleared of cookies, permissions and the
 * storage of every origin the last page loaded (local and session storage,
 * IndexedDB, cache storage, service workers), so nothing of a page reaches the next
 * but the crawl's cached scripts and style sheets (docs/rendering.md).
 */
export class RenderContext {
  private current: PageRender | null = null;
  /** Origins whose storage the last page may have written, cleared before the next. */
  private toClear = new Set<string>();
  /** False once a render failed in it: a context in an unknown state is closed, never reused. */
  private sound = true;
  /** Pages rendered in it. */
  pages = 0;
  /** A browser's contexts come and go: each lets go of the browser's event when closed. */
  private readonly closeProxy = () => void this.proxy.close();

  private constructor(
    readonly browser: Browser,
    private readonly context: BrowserContext,
    private readonly proxy: PolicyProxy,
    private readonly cache: ResourceCache | null,
  ) {
    browser.once('disconnected', this.closeProxy);
  }

  /** A new context of `browser`; `cache` is its crawl's, or null for a context of one page. */
  static async open(
    browser: Browser,
    network: RenderNetwork,
    cache: ResourceCache | null,
  ): Promise<RenderContext> {
    const proxy = await startPolicyProxy({
      policy: network.policy,
      lookup: network.lookup,
      connectTimeoutMs: network.connectTimeoutMs,
    });
    let context: BrowserContext | null = null;
    try {
      context = await browser.newContext({
        // Spelled out so Playwright's own choice of bypass does not matter.
        proxy: { server: proxy.url, bypass: '<-loopback>' },
        serviceWorkers: 'block',
        acceptDownloads: false,
        ...(network.userAgent ? { userAgent: network.userAgent } : {}),
      });
      const kept = new RenderContext(browser, context, proxy, cache);
      await kept.listen();
      return kept;
    } catch (error) {
      await context?.close().catch(() => undefined);
      await proxy.close();
      throw error;
    }
  }

  /** True while it may render another page. */
  get reusable(): boolean {
    return this.sound && this.browser.isConnected();
  }

  /** Renders `url`; throws RenderError. After a failure the context is no longer reusable. */
  async render(url: string, options: RenderOptions): Promise<RenderedPage> {
    const watch = new Watch(this.browser);
    this.proxy.clearFailures();
    const render = new PageRender(
      this.context,
      url,
      options,
      watch,
      this.cache,
    );
    this.current = render;
    this.pages += 1;
    try {
      return await render.run(this.proxy.failures, (cdp) =>
        this.clearStorage(cdp),
      );
    } catch (error) {
      this.sound = false;
      if (error instanceof ContextNotClearedError) throw error;
      throw watch.explain(error);
    } finally {
      watch.stop();
      this.current = null;
      await render.end();
      await this.afterPage(render);
    }
  }

  async close(): Promise<void> {
    this.sound = false;
    this.browser.off('disconnected', this.closeProxy);
    await this.context.close().catch(() => undefined);
    await this.proxy.close();
  }

  /** The handlers of the context, once: each hands what it hears to the page rendered now. */
  private async listen(): Promise<void> {
    const { context } = this;
    // Between two pages nothing of the last one may load: its late requests are refused.
    await context.route('**/*', (route) =>
      this.current
        ? this.current.screen(route)
        : route.abort('blockedbyclient').catch(() => undefined),
    );
    context.on('dialog', (dialog) => {
      if (this.current) this.current.onDialog(dialog);
      else dialog.dismiss().catch(() => undefined);
    });
    // Each window.open the page's scripts make is counted: no window opens (blocked).
    await context.exposeBinding(WINDOW_OPENED, () =>
      this.current?.onWindowOpened(),
    );
    await context.addInitScript(COUNT_WINDOW_OPENS);
    context.on('page', (page) => {
      if (this.current) this.current.onPage(page);
      else page.close().catch(() => undefined);
    });
  }

  /**
   * Closes the page and clears what the context keeps of it outside the pages: its
   * cookies and permissions now, its origins' storage before the next page (from that
   * page's own session, as CDP clears storage from a page of the context).
   */
  private async afterPage(render: PageRender): Promise<void> {
    for (const origin of render.origins) this.toClear.add(origin);
    if (!this.sound) return;
    try {
      await render.page?.close();
      await this.context.clearCookies();
      await this.context.clearPermissions();
    } catch {
      this.sound = false;
    }
  }

  private async clearStorage(cdp: CDPSession): Promise<void> {
    if (this.toClear.size === 0) return;
    const origins = [...this.toClear];
    this.toClear = new Set();
    const cleared = Promise.all(
      origins.map((origin) =>
        cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'all',
        }),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('Clearing the last page took too long.')),
        CLEAR_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([cleared, late]);
    } catch (error) {
      cleared.catch(() => undefined);
      throw new ContextNotClearedError(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A new context of `browser`, or the render's error when the browser dies first. */
export async function openRenderContext(
  browser: Browser,
  network: RenderNetwork,
  cache: ResourceCache | null,
): Promise<RenderContext> {
  const watch = new Watch(browser);
  try {
    return await watch.race(RenderContext.open(browser, network, cache));
  } catch (error) {
    throw watch.explain(error);
  } finally {
    watch.stop();
  }
}

/** Renders `url` in a context of its own, closed after it (a render that is no crawl's). */
export async function renderPage(
  browser: Browser,
  url: string,
  options: RenderOptions,
  network: RenderNetwork,
): Promise<RenderedPage> {
  const context = await openRenderContext(browser, network, null);
  try {
    return await context.render(url, options);
  } finally {
    await context.close();
  }
}
