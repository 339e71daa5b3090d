import type {
  RenderChoiceOutcome,
  RenderedDom,
  RenderOutcome,
} from './types.js';

/** The status of a page render: "auto" judged raw: rendering its template changed nothing. */
export const NOT_RENDERED = 'not_rendered';

/** A page of a render: "auto" audit judged raw, and why. */
export function notRenderedOutcome(choice: RenderChoiceOutcome): RenderOutcome {
  return {
    status: NOT_RENDERED,
    settled: null,
    dialogs: 0,
    windows_blocked: 0,
    script_errors: 0,
    message: null,
    choice,
  };
}

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
