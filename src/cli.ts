import { parseArgs } from 'node:util';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Analyser, AnalysisError, renderResults } from './analysis/index.js';
import { ApiKeyService } from './auth/api-key.service.js';
import { AuthModule } from './auth/auth.module.js';
import { ConfigError, loadConfig } from './config/config.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { openDatabaseBeside } from './database/database.js';

const USAGE = `Usage: npm run cli -- <command>

  keys:create --name <label> [--account <id>]
                         issue a key (a new account unless --account is given);
                         the key is printed alone on the last line
  keys:list              list keys (never the keys themselves)
  keys:revoke <id>       revoke a key: it answers 401 from then on
  migrate                bring the database schema up to date, then exit
  analyse <url> [--json] analyse a page and print the report (--json: the raw results)

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data),
ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS.`;

class UsageError extends Error {}

/** What the commands need of the service: the database (migrated) and the keys. */
@Module({})
class DatabaseCommands {}

async function withKeys<T>(
  config: AppConfig,
  work: (keys: ApiKeyService) => Promise<T>,
): Promise<T> {
  const target = await openDatabaseBeside(config);
  try {
    const context = await NestFactory.createApplicationContext(
      {
        module: DatabaseCommands,
        imports: [
          ConfigModule.forRoot(config),
          DatabaseModule.forRoot(target),
          AuthModule,
        ],
      },
      { logger: ['error', 'warn'] },
    );
    try {
      return await work(context.get(ApiKeyService));
    } finally {
      await context.close();
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
    case 'migrate': {
      // Opening the database runs the migrations still pending (under a lock).
      await withKeys(config, () => Promise.resolve());
      console.log('The database schema is up to date.');
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
        const results = await new Analyser(config.analyser).analyse(url);
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
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 1;
  } else {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
