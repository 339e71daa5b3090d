import type { LoggerService } from '@nestjs/common';

/** Nest's warnings and errors go to stderr, its other lines nowhere: stdout is the command's. */
export const NEST_TO_STDERR: LoggerService = {
  log: () => undefined,
  warn: (message: unknown) => console.error(String(message)),
  error: (message: unknown) => console.error(String(message)),
};
