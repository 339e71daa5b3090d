import type { parseArgs, ParseArgsConfig } from 'node:util';
import type { AppConfig } from '../config/config.js';

/** The options of a command, as node:util parseArgs takes them. */
export type CliOptions = NonNullable<ParseArgsConfig['options']>;

/** What parseArgs read of a command's arguments, typed by its options. */
export type ParsedArgs<O extends CliOptions> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true }>
>;

/** One entry of the command table: main.ts reads the arguments and calls `run`. */
export interface CliCommand<O extends CliOptions = CliOptions> {
  name: string;
  /** `--help` and `help <name>`, and what a usage error shows after its message. */
  usage: string;
  /** For node:util parseArgs; an option not here is a usage error. */
  options: O;
  allowPositionals?: boolean;
  /** Rewrites the arguments before parseArgs reads them (`--render auto`). */
  spelled?: (args: readonly string[]) => string[];
  /** The exit code of a command line the command cannot read. */
  usageExitCode: number;
  /** The command's work; its result is the exit code. */
  run(args: ParsedArgs<O>, config: AppConfig): Promise<number>;
}

/** A command line the CLI cannot read; `command` names whose help to show. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: CliCommand,
  ) {
    super(message);
  }
}

/** Environment line every command on the database ends its usage with. */
export const DATABASE_ENVIRONMENT =
  'Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data).';
