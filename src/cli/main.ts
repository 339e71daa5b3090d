// The command line: `npx report-service <command>` (scripts/cli.mjs runs this file).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { UsageError } from './command.js';
import type { CliCommand } from './command.js';
import { commandNamed, USAGE } from './commands.js';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = commandNamed(name);
  // Help needs no configuration and opens no database.
  if (command && rest.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(command.usage);
    return 0;
  }
  if (name === 'help' && rest.length > 0) {
    const asked = commandNamed(rest[0]);
    if (!asked) throw new UsageError(`Unknown command "${rest[0]}"`);
    console.log(asked.usage);
    return 0;
  }
  if (name === undefined || ['help', '--help', '-h'].includes(name)) {
    console.log(USAGE);
    return name === undefined ? 1 : 0;
  }
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  try {
    return await command.run(parsed(command, rest), loadConfig());
  } catch (error) {
    // A usage error from the command's own reading shows the command's help.
    if (error instanceof UsageError && !error.command) {
      throw new UsageError(error.message, command);
    }
    throw error;
  }
}

/** The command's arguments as its options read them; a mistake shows its own help. */
function parsed(command: CliCommand, args: readonly string[]) {
  try {
    return parseArgs({
      args: command.spelled ? command.spelled(args) : [...args],
      options: command.options,
      allowPositionals: command.allowPositionals ?? false,
    });
  } catch (error) {
    // parseArgs refuses an unknown option or a missing value.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message, command);
    }
    throw error;
  }
}

/** The exit code and stderr line of an error the command did not handle itself. */
function failed(error: unknown): number {
  if (error instanceof ConfigError) {
    console.error(error.message);
    return 1;
  }
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${error.command?.usage ?? USAGE}`);
    return error.command?.usageExitCode ?? 1;
  }
  console.error((error as Error).message);
  return 1;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.exitCode = failed(error);
}
