import { DATABASE_ENVIRONMENT } from '../command.js';
import type { CliCommand } from '../command.js';
import { withKeys } from '../with-keys.js';

export const migrate: CliCommand = {
  name: 'migrate',
  usage: `Usage: npx report-service migrate

Brings the database schema up to date, then exits: the migrations still
pending run under a lock, as a start runs them. On a big database, run it in a
quiet moment before starting a new version.

${DATABASE_ENVIRONMENT}`,
  options: {},
  allowPositionals: true,
  usageExitCode: 1,
  async run(_args, config) {
    // Opening the database runs the migrations still pending (under a lock).
    await withKeys(config, () => Promise.resolve());
    console.log('The database schema is up to date.');
    return 0;
  },
};
