import { availableParallelism } from 'node:os';
import {
  AddressPolicy,
  parseTargetUrl,
  systemLookup,
} from '../analysis/index.js';
import type { Lookup } from '../analysis/index.js';
import { BrowserPool } from './browser-pool.js';
import type { BrowserPoolStats } from './browser-pool.js';
import { DEFAULT_BROWSER_SANDBOX } from './browser-sandbox.js';
import type { BrowserSandboxSettings } from './browser-sandbox.js';
import { ChromiumBrowser, DEFAULT_CHROMIUM_PATH } from './chromium.js';
import type { ProcessId } from './browser-processes.js';
import { KeptContexts } from './kept-contexts.js';
import type { KeptContextsStats } from './kept-contexts.js';
import { DEFAULT_RENDER_OPTIONS } from './render-page.js';
import type { RenderedPage, RenderOptions } from './render-page.js';
import { DEFAULT_PRINT_OPTIONS, printPdf } from './print-pdf.js';
import type { PrintedPdf, PrintOptions } from './print-pdf.js';

/** The renderer of a process: its browser, its pool, its network rules. */
export interface RendererOptions {
  /** ANALYZER_ALLOW_HOSTS: what the address policy lets through, as for the service's own fetches. */
  allowHosts: readonly string[];
  /** Chromium's executable (CHROMIUM_PATH); Debian's by default. */
  executablePath: string;
  /** Renders at once; twice the cores of the machine by default. */
  pagesPerProcess: number;
  /** Pages a browser serves before a fresh one replaces it. */
  pagesPerBrowser: number;
  /** Proportional set size of the browser's processes past which it is replaced. */
  memoryMarkBytes: number;
  /** Least time between two readings of that size. */
  memoryReadEveryMs: number;
  /** Idle time after the last render before the browser is closed. */
  idleCloseMs: number;
  /** Bound of each connection the proxy opens for the page. */
  connectTimeoutMs: number;
  launchTimeoutMs: number;
  /** BROWSER_SANDBOX and BROWSER_USER: Chromium's sandbox and who the browser runs as. */
  sandbox: BrowserSandboxSettings;
  /** The browser's User-Agent; Chromium's own when absent. */
  userAgent?: string;
}

export const DEFAULT_RENDERER_OPTIONS: RendererOptions = {
  allowHosts: [],
  executablePath: DEFAULT_CHROMIUM_PATH,
  // A render spends about half its time waiting for the network to go quiet, the CPU idle.
  pagesPerProcess: 2 * availableParallelism(),
  pagesPerBrowser: 200,
  memoryMarkBytes: 1024 * 1024 * 1024,
  memoryReadEveryMs: 2_000,
  idleCloseMs: 5_000,
  connectTimeoutMs: 10_000,
  launchTimeoutMs: 30_000,
  sandbox: DEFAULT_BROWSER_SANDBOX,
};

/** The pool's figures, and how crawls' pages used kept contexts and their caches. */
export type RendererStats = BrowserPoolStats & KeptContextsStats;

export interface RendererDependencies {
  /** How host names resolve (tests resolve their own); the system's resolver by default. */
  lookup?: Lookup;
}

/**
 * Renders pages in headless Chromium whose every request obeys the address policy
 * (docs/rendering.md). One per process; `close()` at shutdown.
 */
export class Renderer {
  private readonly options: RendererOptions;
  private readonly pool: BrowserPool<ChromiumBrowser>;
  private readonly policy: AddressPolicy;
  private readonly lookup: Lookup;
  private readonly contexts: KeptContexts;

  constructor(
    options: Partial<RendererOptions> = {},
    dependencies: RendererDependencies = {},
  ) {
    this.options = { ...DEFAULT_RENDERER_OPTIONS, ...options };
    this.policy = new AddressPolicy(this.options.allowHosts);
    this.lookup = dependencies.lookup ?? systemLookup;
    this.contexts = new KeptContexts({
      policy: this.policy,
      lookup: this.lookup,
      connectTimeoutMs: this.options.connectTimeoutMs,
      userAgent: this.options.userAgent,
    });
    this.pool = new BrowserPool(this.options, () =>
      ChromiumBrowser.launch({
        executablePath: this.options.executablePath,
        policy: this.policy,
        lookup: this.lookup,
        connectTimeoutMs: this.options.connectTimeoutMs,
        launchTimeoutMs: this.options.launchTimeoutMs,
        sandbox: this.options.sandbox,
      }),
    );
  }

  /**
   * Renders `url`: the raw answer of its document, the DOM once the network is quiet
   * (or at the time cap), and what the page did on the way. Throws RenderError, or
   * InvalidTargetUrlError for what is no http(s) URL.
   */
  async render(
    url: string,
    options: Partial<RenderOptions> = {},
  ): Promise<RenderedPage> {
    // Only http(s), as for the service's own fetches: never file:, data: or chrome: pages.
    parseTargetUrl(url);
    return await this.pool.use((chromium) =>
      this.contexts.render(chromium.browser, url, {
        ...DEFAULT_RENDER_OPTIONS,
        ...options,
      }),
    );
  }

  /**
   * Prints a self-contained HTML document to a tagged PDF in this renderer's sandboxed
   * browser, with no script and no network (print-pdf.ts).
   */
  async print(
    html: string,
    options: Partial<PrintOptions> = {},
  ): Promise<PrintedPdf> {
    return await this.pool.use((chromium) =>
      printPdf(chromium.browser, html, {
        ...DEFAULT_PRINT_OPTIONS,
        ...options,
      }),
    );
  }

  stats(): RendererStats {
    return { ...this.pool.stats(), ...this.contexts.stats() };
  }

  /** The processes of the browser renders go to now (empty when none is open). */
  async browserProcesses(): Promise<ProcessId[]> {
    return (await this.pool.currentBrowser()?.processes()) ?? [];
  }

  /** Proportional set size of the current browser's processes, or null when none is open. */
  async browserMemoryBytes(): Promise<number | null> {
    return (await this.pool.currentBrowser()?.memoryBytes()) ?? null;
  }

  async close(): Promise<void> {
    await this.contexts.close();
    await this.pool.close();
  }
}
