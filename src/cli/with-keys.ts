import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiKeyService } from '../auth/api-key.service.js';
import { AuthModule } from '../auth/auth.module.js';
import type { AppConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { openDatabaseBeside } from '../database/database.js';
import { NEST_TO_STDERR } from './nest-logger.js';

/** A command on the database gives up after this long, rather than hang (a stuck server). */
const DATABASE_COMMAND_DEADLINE_MS = 60_000;

/** What the commands need of the service: the database (migrated) and the keys. */
@Module({})
class DatabaseCommands {}

/** Opens the database (running the migrations still pending) and hands `work` the keys. */
export async function withKeys<T>(
  config: AppConfig,
  work: (keys: ApiKeyService) => Promise<T>,
): Promise<T> {
  const deadline = setTimeout(() => {
    console.error(
      `The database did not answer within ${DATABASE_COMMAND_DEADLINE_MS / 1000} s; nothing more was done. Is the server on DATABASE_URL (or the embedded one in DATA_DIR) running and answering?`,
    );
    process.exit(2);
  }, DATABASE_COMMAND_DEADLINE_MS);
  // The command's own work keeps the process alive, not this timer.
  deadline.unref();
  const target = await openDatabaseBeside(config).catch((error: Error) => {
    clearTimeout(deadline);
    throw error;
  });
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
      { logger: NEST_TO_STDERR },
    );
    try {
      return await work(context.get(ApiKeyService));
    } finally {
      await context.close();
    }
  } finally {
    await target.close();
    clearTimeout(deadline);
  }
}
