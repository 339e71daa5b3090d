import {
  assertChromiumAt,
  assertSandboxAvailable,
  BrowserMissingError,
  DEFAULT_RENDER_OPTIONS,
  SandboxUnavailableError,
} from '../rendering/index.js';
import type { BrowserSandboxSettings } from '../rendering/index.js';
import { ProblemException } from './problem.js';

/** What a render may add to an analysis: its time cap, then serialising the DOM. */
export const RENDER_BUDGET_MS =
  DEFAULT_RENDER_OPTIONS.timeCapMs + DEFAULT_RENDER_OPTIONS.snapshotTimeoutMs;

/** What a lab measurement may add to an analysis: a warm-up and 3 runs, each about 8 s here, and a wait for the machine’s turn. */
export const LAB_BUDGET_MS = 75_000;

/**
 * Refuses a `render: true` request with 503 when this service has no Chromium, saying
 * what to install (the quick start runs without a browser), or when Chromium's sandbox
 * cannot start, naming the settings (never a silent `--no-sandbox`).
 */
export async function assertRenderingAvailable(
  chromiumPath: string,
  sandbox: BrowserSandboxSettings,
  field: 'render' | 'lab' = 'render',
): Promise<void> {
  try {
    await assertChromiumAt(chromiumPath);
    await assertSandboxAvailable(sandbox);
  } catch (error) {
    if (
      error instanceof BrowserMissingError ||
      error instanceof SandboxUnavailableError
    ) {
      throw new ProblemException(
        503,
        `${field}: true is not available here. ${error.message}`,
      );
    }
    throw error;
  }
}
