import { performance } from 'node:perf_hooks';
import type {
  Browser,
  BrowserContext,
  CDPSession,
  Dialog,
  Page,
  Request,
  Response,
  Route,
} from 'playwright-core';
import type {
  AccessibilityAudit,
  AddressPolicy,
  Lookup,
  RedirectHop,
} from '../analysis/index.js';
import { auditAccessibility, notRun } from './accessibility.js';
import { RENDER_ERROR_CODES, RenderError } from './errors.js';
import type { RenderErrorCode } from './errors.js';
import { NetworkQuiet } from './network-quiet.js';
import { PROXY_FAILURE_HEADER } from './policy-proxy.js';
import type { ProxyFailure } from './policy-proxy.js';
import { CACHED_RESOURCE_TYPES } from './resource-cache.js';
import type { ResourceCache } from './resource-cache.js';
import { fragmentRoutesOf, linksOf } from './rendered-links.js';
import type { RenderedLink } from './rendered-links.js';

/** How one page is rendered; `Renderer` fills in its defaults (DEFAULT_RENDER_OPTIONS). */
export interface RenderOptions {
  /** From the navigation's start: past it the page is taken as it is, settled or not. */
  timeCapMs: number;
  /** Network quiet: this long with no request of the page in flight ends the render. */
  quietMs: number;
  /** Past the cap, how long the DOM may take to serialise before the page counts as unresponsive. */
  snapshotTimeoutMs: number;
  /** Requests the caller refuses (robots.txt): aborted in the browser, listed in `blocked`. */
  blocked?: (url: string) => boolean;
  /**
   * The document's answer, already fetched through the address policy: served to the
   * browser at its navigation to the URL rendered, which then asks the site for the
   * page once, not twice.
   */
  document?: ServedDocument;
  /**
   * Waited for before each request of the page goes out (its host's turn, so a
   * site's politeness counts the browser's requests as the crawl's): the function
   * it answers is called when that request ends; null when the request needs no turn.
   * Rejects (or `ended` aborts) to leave the request unmade.
   */
  hostTurn?: (
    url: string,
    ended: AbortSignal,
  ) => Promise<(() => Promise<void>) | null>;
  /**
   * The crawl the page is one of: its pages are rendered in contexts kept for it
   * (cleared between pages) and share its scripts and style sheets (render-context.ts).
   * None: a fresh context, closed after the page.
   */
  session?: string;
  /** Resource types not loaded (Playwright's names); a crawler needs no images, media or fonts. */
  skipResourceTypes: readonly string[];
  /**
   * Bound of what is brought into this process: a raw body past it is not kept
   * (null), a rendered DOM past it (in characters) fails with `too_large`.
   */
  maxDocumentBytes: number;
  /**
   * Run axe-core's WCAG A and AA rules in the page once its DOM is serialised
   * (accessibility.ts); false: `accessibility` says it was not asked.
   */
  accessibility: boolean;
  /** Bound of that step: past it, axe is stopped and the page says why. */
  accessibilityTimeoutMs: number;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = {
  timeCapMs: 10_000,
  quietMs: 500,
  snapshotTimeoutMs: 2_000,
  skipResourceTypes: ['image', 'media', 'font'],
  // As the analyser's cap on the HTML it judges.
  maxDocumentBytes: 5 * 1024 * 1024,
  accessibility: true,
  accessibilityTimeoutMs: 5_000,
};

/** A document as a fetch answered it, its body content-decoded and whole. */
export interface ServedDocument {
  url: string;
  status: number;
  /** Lowercased names, as RawDocument's. */
  headers: Record<string, string>;
  setCookies: string[];
  body: Buffer;
}

/** The document as the server answered it, before any script ran. */
export interface RawDocument {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  /** Lowercased names; repeated headers joined with ", " (Set-Cookie apart, in `setCookies`). */
  headers: Record<string, string>;
  setCookies: string[];
  /** The body as received (content-decoded), or null when the browser no longer had it or it was past maxDocumentBytes. */
  body: Buffer | null;
  /** Each hop that answered with a redirect, in order. */
  redirects: RedirectHop[];
}

/** A request of the page the address policy refused: what the finding names. */
export interface RefusedRequest {
  url: string;
  reason: string;
}

/** A request of the page the caller's `blocked` refused. */
export interface BlockedRequest {
  url: string;
  resourceType: string;
}

/** A resource a page asks for to render (script, style sheet, data, frame). */
export interface RequestedResource {
  url: string;
  resourceType: string;
}

/** What a page needs to show its content: its scripts, styles, data and frames, not its pictures. */
const RESOURCE_TYPES_NEEDED = new Set([
  'script',
  'stylesheet',
  'xhr',
  'fetch',
  'document',
]);

export interface RenderedPage {
  requestedUrl: string;
  document: RawDocument;
  /** The page's URL once rendered (history routing may have moved it). */
  finalUrl: string;
  /** The rendered DOM, serialised (doctype included). */
  html: string;
  /** The `<a href>` links of the rendered DOM. */
  links: RenderedLink[];
  /** Links that route by fragment only (`#/page`), which search engines do not follow. */
  fragmentRoutes: string[];
  /** True when the network went quiet before the time cap. */
  settled: boolean;
  refused: RefusedRequest[];
  blocked: BlockedRequest[];
  /** The http(s) resources the page asked for to render (its document aside), blocked or not. */
  resources: RequestedResource[];
  /** Requests not made for their resource type (images, media, fonts). */
  skipped: number;
  /** Uncaught exceptions of the page's scripts. */
  pageErrors: string[];
  /** Messages the page logged with console.error. */
  consoleErrors: string[];
  /** Dialogs the page opened (alert, confirm, prompt), each dismissed. */
  dialogs: { type: string; message: string }[];
  /** Windows the page opened, each closed at once. */
  popups: number;
  /** Windows the page's scripts asked for (`window.open`), each blocked. */
  windowsBlocked: number;
  /** axe-core's WCAG A and AA rules run in the page after its snapshot, or why not. */
  accessibility: AccessibilityAudit;
  /** Each from the start of the render. */
  timings: {
    /** Until the fresh context and page were ready to navigate. */
    pageReadyMs: number;
    /** Until the document's headers. */
    documentMs: number | null;
    /** Until the load event, null when it did not come within the cap. */
    loadMs: number | null;
    /** Until the network went quiet or the cap came. */
    settledMs: number;
    totalMs: number;
  };
}

/** What a render needs beside its options: the policy and how names resolve. */
export interface RenderNetwork {
  policy: AddressPolicy;
  lookup: Lookup;
  connectTimeoutMs: number;
  userAgent?: string;
}

/**
 * A navigation of a window, not of a frame in a page. Playwright throws for one issued
 * before its frame exists (a window a script opens, as the headless shell reports it).
 */
function isTopNavigation(request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return true;
  }
}

/** How Chromium logs a request the render aborted. */
const UNLOADED_BY_THE_RENDER =
  'Failed to load resource: net::ERR_BLOCKED_BY_CLIENT';

/** The tallest viewport a render grows to for lazy sections: as the snapshot, bounded. */
const TALLEST_VIEWPORT_PX = 16_384;
/** How long the page's observers get to hear of the grown viewport. */
const OBSERVERS_TOLD_MS = 250;

/** Entries kept in each list of messages, and characters of each message. */
const MAX_RECORDED = 100;
/** Resources kept of a page: pages that ask for more are rare, and this is a bounded list. */
const MAX_RESOURCES = 500;
const MAX_MESSAGE = 1000;

/** Turns the browser's or the page's death, whenever it comes, into the render's error. */
export class Watch {
  private failure: RenderError | null = null;
  private rejects = new Set<(error: RenderError) => void>();
  private readonly onDisconnected = () =>
    this.fail(
      new RenderError('browser_crashed', 'The browser died during the render.'),
    );

  constructor(private readonly browser: Browser) {
    browser.on('disconnected', this.onDisconnected);
    if (!browser.isConnected()) this.onDisconnected();
  }

  watchPage(page: Page): void {
    page.on('crash', () =>
      this.fail(
        new RenderError(
          'page_crashed',
          "The page's renderer crashed (out of memory, or a crash of the browser's).",
        ),
      ),
    );
  }

  fail(error: RenderError): void {
    this.failure ??= error;
    for (const reject of this.rejects) reject(this.failure);
  }

  /** `work`, unless the browser or page dies first. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.failure) {
      work.catch(() => undefined);
      return Promise.reject(this.failure);
    }
    let reject!: (error: RenderError) => void;
    const died = new Promise<never>((_, r) => (reject = r));
    this.rejects.add(reject);
    return Promise.race([work, died]).finally(() =>
      this.rejects.delete(reject),
    );
  }

  /** The render's error for whatever was thrown. */
  explain(error: unknown): RenderError {
    if (this.failure) return this.failure;
    if (error instanceof RenderError) return error;
    if (!this.browser.isConnected()) {
      return new RenderError(
        'browser_crashed',
        'The browser died during the render.',
      );
    }
    return new RenderError(
      'navigation_failed',
      `The render failed: ${firstLine(error)}`,
    );
  }

  stop(): void {
    this.browser.off('disconnected', this.onDisconnected);
    this.rejects.clear();
  }
}

/** The binding the page's `window.open` tells of each window it asks for. */
export const WINDOW_OPENED = '__reportServiceWindowOpened';

/** Wraps `window.open` so that each call is counted before the browser blocks it. */
export const COUNT_WINDOW_OPENS = `(() => {
  const told = window.${WINDOW_OPENED};
  const open = window.open;
  if (typeof told !== 'function' || typeof open !== 'function') return;
  window.open = function (...args) {
    try { told(); } catch {}
    return open.apply(this, args);
  };
})();`;

/**
 * One page's render in a context of renders (render-context.ts), which hands it the
 * context's requests, dialogs and windows while it runs.
 */
export class PageRender {
  private readonly started = performance.now();
  private readonly quiet = new NetworkQuiet<Request>();
  private readonly failedUrls: string[] = [];
  private readonly blocked: BlockedRequest[] = [];
  private readonly resources: RequestedResource[] = [];
  private readonly pageErrors: string[] = [];
  private readonly consoleErrors: string[] = [];
  private readonly dialogs: { type: string; message: string }[] = [];
  private skipped = 0;
  private popups = 0;
  private windowsBlocked = 0;
  private documentMs: number | null = null;
  /** The last document request of the main frame: the one a failed navigation failed on. */
  private lastNavigation: Request | null = null;
  private firstDocument: Response | null = null;
  /** The caller's document was served (once: a reload asks the site). */
  private documentServed = false;
  private readonly skip: ReadonlySet<string>;
  /** Host turns held by requests in flight, let go as each ends. */
  private readonly turns = new Map<Request, () => Promise<void>>();
  /** Aborted when the render ends: no turn is taken for it after that. */
  private readonly ended = new AbortController();
  /** Requests answered from the crawl's cache. */
  private readonly fromCache = new WeakSet<Request>();
  /** The origins of the documents the page loaded (its frames'): the storage it may have written. */
  readonly origins = new Set<string>();
  /** The page, once opened. */
  page: Page | null = null;

  constructor(
    private readonly context: BrowserContext,
    private readonly url: string,
    private readonly options: RenderOptions,
    private readonly watch: Watch,
    /** The crawl's scripts and style sheets, or null for a render of its own. */
    private readonly cache: ResourceCache | null,
  ) {
    this.skip = new Set(options.skipResourceTypes);
    const origin = URL.parse(url)?.origin;
    if (origin) this.origins.add(origin);
  }

  /**
   * Renders the page; `prepare` runs once its page and CDP session are open, before
   * it navigates (the context's clearing of the last page's storage).
   */
  async run(
    failures: readonly ProxyFailure[],
    prepare: (cdp: CDPSession) => Promise<void> = async () => {},
  ): Promise<RenderedPage> {
    const { context, options, watch } = this;
    const page = await watch.race(context.newPage());
    this.page = page;
    watch.watchPage(page);
    this.listen(page);
    // Opened before the page can block its renderer: CDP's terminate runs off its main thread.
    const cdp = await watch.race(context.newCDPSession(page));
    await watch.race(prepare(cdp));

    const pageReadyMs = this.elapsed();
    const deadline = performance.now() + options.timeCapMs;
    let loadMs: number | null = null;
    let response: Response | null;
    try {
      response = await watch.race(
        page.goto(this.url, { waitUntil: 'load', timeout: options.timeCapMs }),
      );
      loadMs = this.elapsed();
    } catch (error) {
      if (!isTimeout(error)) throw this.navigationError(error, failures);
      response = this.firstDocument;
      if (response === null) {
        throw new RenderError(
          'render_timeout',
          `No document answered ${this.url} within ${options.timeCapMs} ms.`,
        );
      }
    }
    if (response === null) {
      throw new RenderError(
        'navigation_failed',
        `The navigation to ${this.url} gave no document.`,
      );
    }
    if (response.headers()[PROXY_FAILURE_HEADER] !== undefined) {
      const failure = failureOf(response.url(), failures);
      if (failure) throw errorOfFailure(failure);
    }
    // Read while the document is surely there: a script may navigate away later.
    let document = loadMs === null ? null : await this.rawDocument(response);

    const settled =
      loadMs !== null &&
      (await watch.race(this.quiet.whenQuiet(options.quietMs, deadline))) &&
      (await this.revealLazySections(page, cdp, deadline));
    const settledMs = this.elapsed();
    const html = await this.snapshot(page, cdp);
    document ??= await this.rawDocument(response);
    const finalUrl = page.url();
    const links = linksOf(html, finalUrl);
    // After the snapshot: whatever axe does in the page, the DOM judged is the one serialised.
    const accessibility = options.accessibility
      ? await auditAccessibility(cdp, options.accessibilityTimeoutMs)
      : notRun('not asked');
    return {
      requestedUrl: this.url,
      document,
      finalUrl,
      html,
      links,
      fragmentRoutes: fragmentRoutesOf(links),
      settled,
      refused: refusedRequests(failures, this.failedUrls),
      blocked: this.blocked,
      resources: this.resources,
      skipped: this.skipped,
      pageErrors: this.pageErrors,
      consoleErrors: this.consoleErrors,
      dialogs: this.dialogs,
      popups: this.popups,
      windowsBlocked: this.windowsBlocked,
      accessibility,
      timings: {
        pageReadyMs,
        documentMs: this.documentMs,
        loadMs,
        settledMs,
        totalMs: this.elapsed(),
      },
    };
  }

  /** A dialog the page opened: recorded, dismissed. */
  onDialog(dialog: Dialog): void {
    this.record(this.dialogs, {
      type: dialog.type(),
      message: clip(dialog.message()),
    });
    dialog.dismiss().catch(() => undefined);
  }

  /** A `window.open` of the page's scripts: counted; the browser blocks the window. */
  onWindowOpened(): void {
    this.windowsBlocked += 1;
  }

  /** A window of the context: any but the page's own is closed at once. */
  onPage(other: Page): void {
    // The first is the render's own, told of before newPage() answers it.
    if (this.page === null || other === this.page) return;
    this.popups += 1;
    other.close().catch(() => undefined);
  }

  /** Ends the render's requests: turns still held are let go, none is taken after. */
  async end(): Promise<void> {
    this.ended.abort();
    const held = [...this.turns.values()];
    this.turns.clear();
    await Promise.all(held.map((leave) => leave().catch(() => undefined)));
  }

  private elapsed(): number {
    return Math.round(performance.now() - this.started);
  }

  private record<T>(list: T[], entry: T, max = MAX_RECORDED): void {
    if (list.length < max) list.push(entry);
  }

  /**
   * The document served when the caller has it, the caller's refusals, the skipped
   * resource types, the crawl's cached scripts and style sheets; everything else goes
   * on to the proxy once its host's turn has come.
   */
  screen(route: Route): Promise<void> {
    const skip = this.skip;
    const request = route.request();
    const url = request.url();
    const served = this.options.document;
    if (
      served &&
      !this.documentServed &&
      isTopNavigation(request) &&
      request.method() === 'GET' &&
      sameDocument(url, served.url)
    ) {
      this.documentServed = true;
      return route
        .fulfill({
          status: served.status,
          headers: servedHeaders(served),
          body: served.body,
        })
        .catch(() => undefined);
    }
    const resourceType = request.resourceType();
    if (
      isHttp(url) &&
      RESOURCE_TYPES_NEEDED.has(resourceType) &&
      !isTopNavigation(request)
    ) {
      this.record(this.resources, { url, resourceType }, MAX_RESOURCES);
    }
    if (skip.has(resourceType)) {
      this.skipped += 1;
      return route.abort('blockedbyclient').catch(() => undefined);
    }
    if (isHttp(url) && this.options.blocked?.(url)) {
      this.record(this.blocked, { url, resourceType });
      return route.abort('blockedbyclient').catch(() => undefined);
    }
    const cached = this.cachedAnswer(request);
    if (cached) {
      this.fromCache.add(request);
      return route
        .fulfill({
          status: cached.status,
          headers: withoutTransportHeaders(cached.headers),
          body: cached.body,
        })
        .catch(() => undefined);
    }
    return this.goOn(route, request);
  }

  private cachedAnswer(request: Request) {
    if (this.cache === null || request.method() !== 'GET') return undefined;
    if (!CACHED_RESOURCE_TYPES.has(request.resourceType())) return undefined;
    return this.cache.get(withoutFragment(request.url()));
  }

  /** Sends the request on once its host's turn has come (when the caller counts turns). */
  private async goOn(route: Route, request: Request): Promise<void> {
    const url = request.url();
    const turnFor = this.options.hostTurn;
    if (!turnFor || !isHttp(url) || this.ended.signal.aborted) {
      return route.continue().catch(() => undefined);
    }
    let leave: (() => Promise<void>) | null;
    try {
      leave = await turnFor(url, this.ended.signal);
    } catch {
      return route.abort('failed').catch(() => undefined);
    }
    if (leave === null) return route.continue().catch(() => undefined);
    if (this.ended.signal.aborted) {
      await leave().catch(() => undefined);
      return route.abort('failed').catch(() => undefined);
    }
    this.turns.set(request, leave);
    await route.continue().catch(() => this.letGo(request));
  }

  private letGo(request: Request): void {
    const leave = this.turns.get(request);
    if (leave === undefined) return;
    this.turns.delete(request);
    leave().catch(() => undefined);
  }

  /** Keeps a script or style sheet the site answered for the crawl's next pages. */
  private async keep(request: Request): Promise<void> {
    if (this.cache === null || this.fromCache.has(request)) return;
    if (request.method() !== 'GET') return;
    if (!CACHED_RESOURCE_TYPES.has(request.resourceType())) return;
    const response = await request.response();
    if (response === null || response.status() !== 200) return;
    const [headers, body] = await Promise.all([
      response.allHeaders(),
      response.body(),
    ]);
    this.cache.put(withoutFragment(request.url()), {
      status: response.status(),
      headers,
      body,
    });
  }

  private listen(page: Page): void {
    const mainFrame = page.mainFrame();
    page.on('request', (request) => {
      if (request.isNavigationRequest()) {
        if (request.frame() === mainFrame) this.lastNavigation = request;
        const origin = URL.parse(request.url())?.origin;
        if (origin && isHttp(origin)) this.origins.add(origin);
      }
      if (isHttp(request.url())) this.quiet.started(request);
    });
    page.on('requestfinished', (request) => {
      this.quiet.ended(request);
      this.letGo(request);
      this.keep(request).catch(() => undefined);
    });
    page.on('requestfailed', (request) => {
      this.quiet.ended(request);
      this.letGo(request);
      this.record(this.failedUrls, request.url());
    });
    page.on('response', (response) => {
      const request = response.request();
      if (
        this.firstDocument === null &&
        request.isNavigationRequest() &&
        request.frame() === mainFrame &&
        request.redirectedTo() === null &&
        !isRedirect(response.status())
      ) {
        this.firstDocument = response;
        this.documentMs = this.elapsed();
      }
    });
    page.on('websocket', (socket) =>
      socket.on('socketerror', () =>
        this.record(this.failedUrls, socket.url()),
      ),
    );
    page.on('pageerror', (error) =>
      this.record(this.pageErrors, clip(error.message)),
    );
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // What the render itself left unloaded (skipped types, the caller's refusals) is no error of the page.
      if (text.startsWith(UNLOADED_BY_THE_RENDER)) return;
      this.record(this.consoleErrors, clip(text));
    });
  }

  /**
   * Grows the viewport to the page's height, as Google's renderer does, so sections
   * that load when scrolled into view load; true once the network is quiet again.
   */
  private async revealLazySections(
    page: Page,
    cdp: CDPSession,
    deadline: number,
  ): Promise<boolean> {
    const { watch, quiet, options } = this;
    const viewport = page.viewportSize();
    const metrics = await watch.race(
      withTimeout(
        cdp.send('Page.getLayoutMetrics').catch(() => null),
        options.snapshotTimeoutMs,
      ),
    );
    const height = Math.min(
      Math.ceil(metrics?.cssContentSize.height ?? 0),
      TALLEST_VIEWPORT_PX,
    );
    if (viewport === null || height <= viewport.height) return true;
    const startedBefore = quiet.startedSoFar;
    await watch.race(
      cdp
        .send('Emulation.setDeviceMetricsOverride', {
          width: viewport.width,
          height,
          deviceScaleFactor: 1,
          mobile: false,
        })
        .catch(() => undefined),
    );
    // Observers hear of the new viewport in the next frames; a page in a loop has no frame to give.
    await watch.race(
      withTimeout(
        nextFrames(cdp).catch(() => undefined),
        OBSERVERS_TOLD_MS,
      ),
    );
    if (quiet.startedSoFar === startedBefore && quiet.pending === 0)
      return true;
    return watch.race(quiet.whenQuiet(options.quietMs, deadline));
  }

  /** The DOM as serialised now; a renderer still running a script at this point is stopped. */
  private async snapshot(page: Page, cdp: CDPSession): Promise<string> {
    const { snapshotTimeoutMs, maxDocumentBytes } = this.options;
    // A DOM that failed to measure (the page navigating) is taken as small: content() has its own bound.
    const length = await this.watch.race(
      withTimeout(
        domLength(cdp).catch(() => 0),
        snapshotTimeoutMs,
      ),
    );
    if (length !== null && length > maxDocumentBytes) {
      throw new RenderError(
        'too_large',
        `The rendered page is ${length} characters long, past the bound of ${maxDocumentBytes}.`,
      );
    }
    const html =
      length === null
        ? null
        : await this.watch.race(withTimeout(page.content(), snapshotTimeoutMs));
    if (html !== null) return html;
    // Frees the renderer's thread at once, so closing the page does not wait on the loop.
    await withTimeout(
      cdp.send('Runtime.terminateExecution').catch(() => undefined),
      1000,
    );
    throw new RenderError(
      'page_unresponsive',
      `The page's scripts kept the browser busy past the render's ${this.options.timeCapMs} ms (a script that does not end).`,
    );
  }

  private async rawDocument(response: Response): Promise<RawDocument> {
    const headers: Record<string, string> = {};
    const setCookies: string[] = [];
    const list = await this.watch.race(response.headersArray());
    for (const { name, value } of list) {
      const key = name.toLowerCase();
      if (key === 'set-cookie') setCookies.push(...value.split('\n'));
      else headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    }
    const body = await this.watch.race(
      withTimeout(
        this.boundedBody(response).catch(() => null),
        this.options.snapshotTimeoutMs,
      ),
    );
    const redirects: RedirectHop[] = [];
    for (
      let hop = response.request().redirectedFrom();
      hop !== null;
      hop = hop.redirectedFrom()
    ) {
      const answer = await this.watch.race(hop.response());
      redirects.unshift({ url: hop.url(), status_code: answer?.status() ?? 0 });
    }
    return {
      url: response.url(),
      status: response.status(),
      headers,
      setCookies,
      body,
      redirects,
    };
  }

  /** The raw body, unless its size (as sent, then decoded) is past maxDocumentBytes. */
  private async boundedBody(response: Response): Promise<Buffer | null> {
    const max = this.options.maxDocumentBytes;
    const { responseBodySize } = await response.request().sizes();
    if (responseBodySize > max) return null;
    const body = await response.body();
    return body.length > max ? null : body;
  }

  private navigationError(
    error: unknown,
    failures: readonly ProxyFailure[],
  ): RenderError {
    if (error instanceof RenderError) return error;
    const url = this.lastNavigation?.url() ?? this.url;
    const failure = failureOf(url, failures);
    if (failure) return errorOfFailure(failure);
    const text = firstLine(error);
    if (/ERR_BLOCKED_BY_CLIENT/.test(text) && this.options.blocked?.(url)) {
      return new RenderError(
        'disallowed',
        `The document ${url} is one the caller refuses (robots.txt).`,
      );
    }
    if (/ERR_CERT_|ERR_SSL_/.test(text))
      return new RenderError('tls', `TLS failed (${url}): ${text}`);
    return new RenderError(
      'navigation_failed',
      `The navigation to ${url} failed: ${text}`,
    );
  }
}

/** Two animation frames of the main frame, awaited in an isolated world the page's scripts cannot reach. */
async function nextFrames(cdp: CDPSession): Promise<void> {
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'render-frames',
  });
  await cdp.send('Runtime.evaluate', {
    expression:
      'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))',
    contextId: executionContextId,
    awaitPromise: true,
  });
}

/**
 * The length of the main frame's serialised DOM, read in an isolated world: the
 * page's own scripts cannot make outerHTML lie there.
 */
async function domLength(cdp: CDPSession): Promise<number> {
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'render-measure',
  });
  const { result } = await cdp.send('Runtime.evaluate', {
    expression:
      'document.documentElement ? document.documentElement.outerHTML.length : 0',
    contextId: executionContextId,
    returnByValue: true,
  });
  return typeof result.value === 'number' ? result.value : 0;
}

function isHttp(url: string): boolean {
  return url.startsWith('http://') || url.startsWith('https://');
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** `work`'s value, or null when it takes longer than `ms`. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const DEFAULT_PORTS: Record<string, string> = {
  'http:': '80',
  'ws:': '80',
  'https:': '443',
  'wss:': '443',
};

/** `host:port` as a CONNECT request names it (the port always written). */
export function authorityOf(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed) return null;
  const port = parsed.port || DEFAULT_PORTS[parsed.protocol];
  return port ? `${parsed.hostname}:${port}` : null;
}

/** Headers the browser is not served: the body is decoded and whole; cookies come apart. */
const NOT_SERVED = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'set-cookie',
]);

/** The served document's headers, as Playwright fulfils them (Set-Cookie lines apart by "\n"). */
export function servedHeaders(
  document: ServedDocument,
): Record<string, string> {
  const headers = withoutTransportHeaders(document.headers);
  if (document.setCookies.length > 0)
    headers['set-cookie'] = document.setCookies.join('\n');
  return headers;
}

/** Headers of an answer served whole and decoded, without its cookies. */
function withoutTransportHeaders(
  from: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(from)) {
    if (!NOT_SERVED.has(name)) headers[name] = value;
  }
  return headers;
}

/** Whether two URLs name the same document (their fragments aside, as written the same way). */
export function sameDocument(a: string, b: string): boolean {
  const first = URL.parse(a);
  const second = URL.parse(b);
  return (
    first !== null &&
    second !== null &&
    withoutFragment(first.href) === withoutFragment(second.href)
  );
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** The proxy's failure of a request to `url`: by URL for plain http, by host and port for tunnels. */
export function failureOf(
  url: string,
  failures: readonly ProxyFailure[],
): ProxyFailure | null {
  const exact = withoutFragment(url);
  const authority = url.startsWith('http://') ? null : authorityOf(url);
  return (
    failures.find(
      (failure) => failure.target === exact || failure.target === authority,
    ) ?? null
  );
}

function errorOfFailure(failure: ProxyFailure): RenderError {
  const code = (RENDER_ERROR_CODES as readonly string[]).includes(failure.code)
    ? (failure.code as RenderErrorCode)
    : 'connection';
  return new RenderError(code, failure.message);
}

/**
 * The page's requests the address policy refused, each URL once. A tunnel (https,
 * WebSockets) is refused by host and port: the URLs of the page's failed requests
 * there name it; with none, the host and port stand for it.
 */
export function refusedRequests(
  failures: readonly ProxyFailure[],
  failedUrls: readonly string[],
): RefusedRequest[] {
  const refused = new Map<string, string>();
  for (const failure of failures) {
    if (failure.code !== 'blocked') continue;
    if (isHttp(failure.target)) {
      refused.set(failure.target, failure.message);
      continue;
    }
    const urls = failedUrls.filter(
      (url) =>
        !url.startsWith('http://') && authorityOf(url) === failure.target,
    );
    for (const url of urls.length > 0 ? urls : [failure.target])
      refused.set(url, failure.message);
  }
  return [...refused].map(([url, reason]) => ({ url, reason }));
}
