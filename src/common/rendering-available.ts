import {
  assertChromiumAt,
  BrowserMissingError,
  DEFAULT_RENDER_OPTIONS,
} from '../rendering/index.js';
import { ProblemException } from './problem.js';

/** What a render may add to an analysis: its time cap, then serialising the DOM. */
export const RENDER_BUDGET_MS =
  DEFAULT_RENDER_OPTIONS.timeCapMs + DEFAULT_RENDER_OPTIONS.snapshotTimeoutMs;

/** What a lab measurement may add to an analysis: 3 runs, each about 8 s here, and a wait for the machine's turn. */
export const LAB_BUDGET_MS = 60_000;

/**
 * Refuses a `render: true` request with 503 when this service has no Chromium, saying
 * what to install: the quick start runs without a browser.
 */
export async function assertRenderingAvailable(
  chromiumPath: string,
  field: 'render' | 'lab' = 'render',
): Promise<void> {
  try {
    await assertChromiumAt(chromiumPath);
  } catch (error) {
    if (error instanceof BrowserMissingError) {
      throw new ProblemException(
        503,
        `${field}: true is not available here. ${error.message}`,
      );
    }
    throw error;
  }
}
