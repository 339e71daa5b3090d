import type { AnalysisErrorCode } from './types.js';

/** Codes of failures that may well not happen again a little later. */
const TRANSIENT_CODES: ReadonlySet<AnalysisErrorCode> = new Set([
  'timeout',
  'connection',
]);

/**
 * An analysis that could not judge the page; `code` is what the API reports.
 * `transient`: trying again later may succeed (a timeout on the network, a refused
 * connection, a 5xx answer), so the analysis is worth another attempt.
 */
export class AnalysisError extends Error {
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
    readonly transient = TRANSIENT_CODES.has(code),
  ) {
    super(message);
    this.name = 'AnalysisError';
  }
}

/**
 * A render that gave no page for a reason of the page's own (its scripts loop, its
 * renderer crashed): `reason` is the renderer's code. A crawl keeps the page's answer
 * and judges its raw HTML, saying so.
 */
export class RenderFailure extends AnalysisError {
  constructor(
    code: AnalysisErrorCode,
    message: string,
    transient: boolean,
    readonly reason: string,
  ) {
    super(code, message, transient);
    this.name = 'RenderFailure';
  }
}

/**
 * A failure of the service's own, never a fact about the site: no turn of the host
 * came in time, a browser died. Worth asking again; a site's own failure (refused,
 * reset, a timeout, TLS, a body cut) is recorded as it was met.
 */
export class ServiceFailure extends AnalysisError {
  constructor(code: AnalysisErrorCode, message: string) {
    super(code, message, true);
    this.name = 'ServiceFailure';
  }
}
