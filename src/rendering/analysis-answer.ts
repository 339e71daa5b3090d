import {
  AnalysisError,
  RenderFailure,
  ServiceFailure,
} from '../analysis/index.js';
import type {
  AnalysisErrorCode,
  RenderedAnswer,
  RenderPage,
} from '../analysis/index.js';
import { RenderError } from './errors.js';
import type { RenderErrorCode } from './errors.js';
import type { RenderedPage, RenderOptions } from './render-page.js';
import type { Renderer } from './renderer.js';

/** The render's failures the analyser has a code of its own for; the rest are render_failed. */
const SAME_CODES: Partial<Record<RenderErrorCode, AnalysisErrorCode>> = {
  blocked: 'blocked',
  dns: 'dns',
  connection: 'connection',
  tls: 'tls',
  timeout: 'timeout',
  too_large: 'too_large',
  render_timeout: 'timeout',
};

/** The document's network failures: an answer a crawl would not have read either. */
const DOCUMENT_FAILURES: ReadonlySet<RenderErrorCode> = new Set([
  'blocked',
  'dns',
  'connection',
  'tls',
  'timeout',
]);

/** Failures a later attempt may well not meet: the browser died under another page. */
const TRANSIENT: ReadonlySet<RenderErrorCode> = new Set([
  'timeout',
  'connection',
  'render_timeout',
  'browser_crashed',
]);

/** A rendered page as the analyser takes it: its raw answer, and its DOM. */
export function analysisAnswerOf(rendered: RenderedPage): RenderedAnswer {
  const { document, timings } = rendered;
  const body = document.body ?? Buffer.alloc(0);
  return {
    page: {
      requestedUrl: rendered.requestedUrl,
      url: document.url,
      status: document.status,
      headers: document.headers,
      setCookies: document.setCookies,
      redirects: document.redirects,
      body,
      contentEncoding: document.headers['content-encoding'] ?? null,
      // The browser does not tell the wire size: the decoded size stands for it.
      transferBytes: body.length,
      ttfbMs: timings.documentMs ?? timings.totalMs,
      loadTimeMs: timings.loadMs ?? timings.settledMs,
    },
    rendered: {
      html: rendered.html,
      finalUrl: rendered.finalUrl,
      settled: rendered.settled,
      pageErrors: rendered.pageErrors,
      refused: rendered.refused,
      fragmentRoutes: rendered.fragmentRoutes,
      dialogs: rendered.dialogs.length,
      windowsBlocked: rendered.windowsBlocked + rendered.popups,
      resources: rendered.resources.map(({ url, resourceType }) => ({
        url,
        type: resourceType,
      })),
      accessibility: rendered.accessibility,
    },
  };
}

/** A render's failure as the analysis reports it. */
export function analysisErrorOf(error: RenderError): AnalysisError {
  // The browser's death is the service's, not the page's: worth another render.
  if (error.code === 'browser_crashed') {
    return new ServiceFailure('render_failed', error.message);
  }
  const code = SAME_CODES[error.code] ?? 'render_failed';
  const transient = TRANSIENT.has(error.code);
  // The document's own network failure is the fetch's; the others are the render's.
  return DOCUMENT_FAILURES.has(error.code)
    ? new AnalysisError(code, error.message, transient)
    : new RenderFailure(code, error.message, transient, error.code);
}

/** The analyser's way to render a page, through `renderer`. */
export function renderForAnalysis(
  renderer: Renderer,
  options: Partial<RenderOptions> = {},
): RenderPage {
  return async (url, request = {}) => {
    try {
      return analysisAnswerOf(
        await renderer.render(url, { ...options, ...request }),
      );
    } catch (error) {
      if (error instanceof RenderError) throw analysisErrorOf(error);
      throw error;
    }
  };
}
