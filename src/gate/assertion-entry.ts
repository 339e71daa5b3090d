/** How much a failed assertion matters: `off` ignores it, `warn` reports it, `error` fails the gate. */
export const LEVELS = ['off', 'warn', 'error'] as const;
export type Level = (typeof LEVELS)[number];

/** One entry of `assertions` as written: a level, or `[level, options]`. */
export type AssertionEntry = Level | [Level, Record<string, unknown>?];
