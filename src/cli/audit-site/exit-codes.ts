/**
 * Exit codes, as `analyse` has them: 0 the audit completed (and with --assert, no
 * `error` assertion failed), 1 one did, 2 the audit could not run.
 */
export const EXIT_COMPLETED = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_NOT_RUN = 2;
export const EXIT_INTERRUPTED = 130;
