import type { LoggerService } from '@nestjs/common';
import { pino } from 'pino';
import type { Logger as Pino } from 'pino';
import type { AppConfig, LogLevelName } from '../config/config.js';

/** Nest's own start-up lines: one per module and route, noise to an operator. */
const FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

const PINO_LEVELS: Record<LogLevelName, string> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
};

/** Where a secret could sit in a logged request or answer: never written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-report-password"]',
  'res.headers["set-cookie"]',
];

/** The process's JSON log: one line an event, at LOG_LEVEL and above. */
export function createLog(config: Pick<AppConfig, 'logLevel'>): Pino {
  return pino(
    {
      level: PINO_LEVELS[config.logLevel],
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // Written at once, so lines keep their order with what the process prints itself (the first key).
    pino.destination({ dest: 1, sync: true }),
  );
}

/** Splits Nest's optional parameters into the context (last string) and the rest. */
function contextOf(params: unknown[]): { context?: string; rest: unknown[] } {
  const last = params.at(-1);
  return typeof last === 'string'
    ? { context: last, rest: params.slice(0, -1) }
    : { rest: params };
}

/**
 * Nest's logger over pino, so the framework's lines and the service's are one JSON
 * log; the framework's start-up lines go to debug level.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly log_: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    const { context } = contextOf(params);
    const level = context && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info';
    this.log_[level]({ context }, String(message));
  }

  error(message: unknown, ...params: unknown[]): void {
    const { context, rest } = contextOf(params);
    const stack = typeof rest[0] === 'string' ? rest[0] : undefined;
    this.log_.error({ context, stack }, String(message));
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.log_.warn({ context: contextOf(params).context }, String(message));
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.log_.debug({ context: contextOf(params).context }, String(message));
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.log_.trace({ context: contextOf(params).context }, String(message));
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.log_.fatal({ context: contextOf(params).context }, String(message));
  }
}
