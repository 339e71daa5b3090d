import {
  assertChromiumAt,
  BrowserMissingError,
  DEFAULT_RENDER_OPTIONS,
} from '../rendering/index.js';
import { ProblemException } from './problem.js';

/** What a render may add to an analysis: its time cap, then serialising the DOM. */
export const RENDER_BUDGET_MS =
  DEFAULT_RENDER_OPTIONS.timeCapMs + DEFAULT_RENDER_OPTIONS.snapshotTimeoutMs;

/**
 * Refuses a `render: true` request with 503 when this service has no Chromium, saying
 * what to install: the quick start runs without a browser.
 */
export async function assertRenderingAvailable(
  chromiumPath: string,
): Promise<void> {
  try {
    await assertChromiumAt(chromiumPath);
  } catch (error) {
    if (error instanceof BrowserMissingError) {
      throw new ProblemException(
        503,
        `render: true is not available here. ${error.message}`,
      );
    }
    throw error;
  }
}
