import type { CliCommand } from './command.js';
import { analyse } from './commands/analyse.js';
import { auditSiteCommand } from './commands/audit-site.js';
import { keysCreate, keysList, keysRevoke } from './commands/keys.js';
import { migrate } from './commands/migrate.js';

/** Every command, in the order the general help lists them. */
export const COMMANDS: readonly CliCommand[] = [
  keysCreate,
  keysList,
  keysRevoke,
  migrate,
  analyse,
  auditSiteCommand,
];

/** The command a name stands for (`analyze` is `analyse`), or undefined. */
export function commandNamed(name: string | undefined): CliCommand | undefined {
  const wanted = name === 'analyze' ? 'analyse' : name;
  return COMMANDS.find((command) => command.name === wanted);
}

/** The general help: every command in a line or three. */
export const USAGE = `Usage: npx report-service <command> [--help]

  keys:create --name <label> [--account <id>]
                         issue a key (a new account unless --account is given);
                         the key is printed alone on the last line
  keys:list              list keys (never the keys themselves)
  keys:revoke <id>       revoke a key: it answers 401 from then on
  migrate                bring the database schema up to date, then exit
  analyse <url> [--render] [--lab] [--json] [--out <format>:<file>]
                         analyse a page and print the report (--render: as a
                         browser renders it; --lab: with lab metrics; --json:
                         the raw results)
  audit-site <url> [--max-pages <n>] [--render] [--lab] [--json] [--api <url> --key <key>]
             [--assert <file or preset>] [--baseline <id or file>]
             [--out <format>:<file> ...]
                         audit a whole site and print its summary and top issues,
                         here or on a running service (--api); with --assert, gate
                         a build on it (exit 1 when an error assertion fails)

npx report-service <command> --help (or help <command>) says more about one.

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data),
ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS,
REPORT_SERVICE_API, REPORT_SERVICE_KEY.`;
