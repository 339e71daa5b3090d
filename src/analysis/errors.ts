import type { AnalysisErrorCode } from './types.js';

/** An analysis that could not judge the page; `code` is what the API reports. */
export class AnalysisError extends Error {
  constructor(
    readonly code: AnalysisErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisError';
  }
}
