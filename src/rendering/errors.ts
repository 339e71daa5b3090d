/**
 * Why a render gave no page. The network's codes are the analyser's own (the
 * document was refused by the address policy, did not resolve, could not connect);
 * the others are the browser's.
 */
export const RENDER_ERROR_CODES = [
  'blocked',
  'dns',
  'connection',
  'tls',
  'timeout',
  /** The rendered DOM is past the render's maxDocumentBytes. */
  'too_large',
  /** The caller's `blocked(url)` (robots.txt) refused the document itself. */
  'disallowed',
  /** No document answered within the time cap. */
  'render_timeout',
  /** The page's scripts kept the renderer busy past the time cap (a loop). */
  'page_unresponsive',
  /** The page's renderer process died (out of memory, a crash). */
  'page_crashed',
  /** The browser died during the render; the pool launches another. */
  'browser_crashed',
  /** No Chromium where it was looked for. */
  'browser_missing',
  /** Chromium failed the navigation for another reason (its net:: error is in the message). */
  'navigation_failed',
] as const;
export type RenderErrorCode = (typeof RENDER_ERROR_CODES)[number];

/** A render that produced no page; `code` says why, the message says it to a person. */
export class RenderError extends Error {
  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

/** Chromium is not installed (or not where CHROMIUM_PATH says): what to install. */
export class BrowserMissingError extends RenderError {
  constructor(readonly executablePath: string) {
    super(
      'browser_missing',
      `Rendering needs Chromium, which was not found at ${executablePath}. Install it (Debian, Ubuntu: apt-get install chromium) or set CHROMIUM_PATH (RENDER_CHROMIUM_PATH for renders alone) to its executable.`,
    );
    this.name = 'BrowserMissingError';
  }
}
