import { parseArgs } from 'node:util';
import { analyse } from './analysis/analyse.js';
import { AnalysisError } from './analysis/errors.js';
import { renderResults } from './analysis/render-text.js';
import { ApiKeyService } from './auth/api-key.service.js';
import { ConfigError, loadConfig } from './config/config.js';
import type { AppConfig } from './config/config.js';
import { connect, openDatabaseBeside } from './database/database.js';

const USAGE = `Usage: npm run cli -- <command>

  keys:create --name <label> [--account <id>]
                         issue a key (a new account unless --account is given);
                         the key is printed alone on the last line
  keys:list              list keys (never the keys themselves)
  keys:revoke <id>       revoke a key: it answers 401 from then on
  analyse <url> [--json] analyse a page and print the report (--json: the raw results)

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data),
ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS.`;

class UsageError extends Error {}

async function withKeys<T>(
  config: AppConfig,
  work: (keys: ApiKeyService) => Promise<T>,
): Promise<T> {
  const target = await openDatabaseBeside(config);
  try {
    const dataSource = await connect(target);
    try {
      return await work(new ApiKeyService(dataSource));
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await target.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  switch (command) {
    case 'keys:create': {
      const { values } = parseArgs({
        args: rest,
        options: { name: { type: 'string' }, account: { type: 'string' } },
      });
      if (!values.name?.trim())
        throw new UsageError('keys:create needs --name <label>');
      const issued = await withKeys(config, (keys) =>
        keys.create(values.name!, values.account),
      );
      console.log(
        `Key ${issued.id} "${issued.name}" for account ${issued.accountId}. It is shown once; keep it:`,
      );
      console.log(issued.key);
      return 0;
    }
    case 'keys:list': {
      const listed = await withKeys(config, (keys) => keys.list());
      if (listed.length === 0) console.log('No keys yet.');
      for (const key of listed) {
        const state = key.revokedAt
          ? `revoked ${key.revokedAt.toISOString()}`
          : 'active';
        console.log(
          `${key.id}\taccount ${key.accountId}\t${key.prefix}…\t${state}\t${key.name}`,
        );
      }
      return 0;
    }
    case 'keys:revoke': {
      const id = rest[0];
      if (!id) throw new UsageError('keys:revoke needs the key id');
      const revoked = await withKeys(config, (keys) => keys.revoke(id));
      if (!revoked) {
        console.error(`No active key with id ${id}.`);
        return 1;
      }
      console.log(`Key ${id} revoked.`);
      return 0;
    }
    case 'analyse':
    case 'analyze': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { json: { type: 'boolean', default: false } },
        allowPositionals: true,
      });
      const url = positionals[0];
      if (!url) throw new UsageError('analyse needs a URL');
      try {
        const results = await analyse(url, config.analyser);
        console.log(
          values.json
            ? JSON.stringify(results, null, 2)
            : renderResults(results, {
                colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
              }),
        );
        return 0;
      } catch (error) {
        if (error instanceof AnalysisError) {
          console.error(`Analysis failed (${error.code}): ${error.message}`);
          return 2;
        }
        throw error;
      }
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 1;
  } else {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
