import type { RenderedDom, RenderOutcome } from './types.js';

/** What a render met when the browser gave a page: its DOM was judged. */
export function renderedOutcome(
  rendered: Pick<
    RenderedDom,
    'settled' | 'dialogs' | 'windowsBlocked' | 'pageErrors'
  >,
): RenderOutcome {
  return {
    status: 'rendered',
    settled: rendered.settled,
    dialogs: rendered.dialogs,
    windows_blocked: rendered.windowsBlocked,
    script_errors: rendered.pageErrors.length,
    message: null,
  };
}

/** What a render met when the browser gave no page (`reason`: the renderer's code). */
export function failedRenderOutcome(
  reason: string,
  message: string,
): RenderOutcome {
  return {
    status: reason,
    settled: null,
    dialogs: 0,
    windows_blocked: 0,
    script_errors: 0,
    message,
  };
}
