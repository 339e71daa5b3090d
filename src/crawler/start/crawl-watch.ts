/** How often a crawl's work looks whether its audit was stopped (a cancel). */
const LOOK_EVERY_MS = 1_000;

/** Why a crawl's request was cut short: its audit stopped. */
export class CrawlStopped extends Error {
  constructor() {
    super('The audit was stopped.');
  }
}

/** A watch on an audit: `signal` aborts once its crawl has stopped. */
export interface CrawlWatch {
  signal: AbortSignal;
  /** Stops looking; call it when the work is done. */
  stop(): void;
}

/**
 * Aborts the work of an audit whose crawl stopped (a cancel from any process): it
 * looks every second, so no request of a cancelled audit outlives it by more.
 */
export function whileCrawling(crawling: () => Promise<boolean>): CrawlWatch {
  const controller = new AbortController();
  const timer = setInterval(() => {
    crawling().then(
      (yes) => {
        if (!yes) controller.abort(new CrawlStopped());
      },
      // A database that does not answer stops nothing: the next look may.
      () => undefined,
    );
  }, LOOK_EVERY_MS);
  timer.unref();
  return {
    signal: controller.signal,
    stop: () => clearInterval(timer),
  };
}
