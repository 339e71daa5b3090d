import { DATABASE_ENVIRONMENT, UsageError } from '../command.js';
import type { CliCommand } from '../command.js';
import { withKeys } from '../with-keys.js';

const CREATE_OPTIONS = {
  name: { type: 'string' },
  account: { type: 'string' },
} as const;

export const keysCreate: CliCommand<typeof CREATE_OPTIONS> = {
  name: 'keys:create',
  usage: `Usage: npx report-service keys:create --name <label> [--account <id>]

Issues an API key: for a new account named like the key, or with --account
another key of that account. The key is printed alone on the last line of
stdout, this once: only its SHA-256 digest is stored.

  --name <label>    what the key is for (required)
  --account <id>    the account the key speaks for

${DATABASE_ENVIRONMENT}`,
  options: CREATE_OPTIONS,
  usageExitCode: 1,
  async run({ values }, config) {
    const name = values.name;
    if (!name?.trim()) {
      throw new UsageError('keys:create needs --name <label>');
    }
    const issued = await withKeys(config, (keys) =>
      keys.create(name, values.account),
    );
    console.log(
      `Key ${issued.id} "${issued.name}" for account ${issued.accountId}. It is shown once; keep it:`,
    );
    console.log(issued.key);
    return 0;
  },
};

export const keysList: CliCommand = {
  name: 'keys:list',
  usage: `Usage: npx report-service keys:list

Lists the keys, one a line: id, account, the key's first characters, active
or revoked, name. Never the keys themselves.

${DATABASE_ENVIRONMENT}`,
  options: {},
  allowPositionals: true,
  usageExitCode: 1,
  async run(_args, config) {
    const listed = await withKeys(config, (keys) => keys.list());
    if (listed.length === 0)
      console.log(
        'No keys yet. Make one with: npx report-service keys:create --name <label>',
      );
    for (const key of listed) {
      const state = key.revokedAt
        ? `revoked ${key.revokedAt.toISOString()}`
        : 'active';
      console.log(
        `${key.id}\taccount ${key.accountId}\t${key.prefix}…\t${state}\t${key.name}`,
      );
    }
    return 0;
  },
};

export const keysRevoke: CliCommand = {
  name: 'keys:revoke',
  usage: `Usage: npx report-service keys:revoke <id>

Revokes the key with that id (keys:list shows it): requests with it answer
401 from then on, within 5 s on a running service. Exits 1 when no active key
has that id.

${DATABASE_ENVIRONMENT}`,
  options: {},
  allowPositionals: true,
  usageExitCode: 1,
  async run({ positionals }, config) {
    const id = positionals[0];
    if (!id) throw new UsageError('keys:revoke needs the key id');
    const revoked = await withKeys(config, (keys) => keys.revoke(id));
    if (!revoked) {
      console.error(`No active key with id ${id}.`);
      return 1;
    }
    console.log(`Key ${id} revoked.`);
    return 0;
  },
};
