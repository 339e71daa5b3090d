import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { ApiKeyService } from '../auth/api-key.service.js';
import type { AppConfig } from '../config/config.js';
import { openThrowawayDatabase } from '../database/database.js';
import type { SiteAuditClient } from './audit-site/site-audit-client.js';
import { NEST_TO_STDERR } from './nest-logger.js';

/**
 * The whole service in this process, for one command: a throwaway embedded database
 * in a temporary folder, no Redis (analyses run from its jobs table, here), no HTTP
 * port; a new account. The folder is removed however the work ends.
 */
export async function withServiceHere<T>(
  config: AppConfig,
  work: (client: SiteAuditClient) => Promise<T>,
  /** The throwaway account's name: what its documents (a PDF) stand in. */
  accountName = 'audit-site',
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-audit-site-'));
  try {
    const here: AppConfig = {
      ...config,
      databaseUrl: null,
      redisUrl: null,
      dataDir,
    };
    // The database starts (its WebAssembly compiled off this thread) while the whole
    // service loads, only here: the other commands start without it.
    const [opened, loaded] = await Promise.allSettled([
      openThrowawayDatabase(here),
      Promise.all([
        import('../app.module.js'),
        import('./audit-site/in-process-site-audits.js'),
      ]),
    ]);
    if (opened.status === 'rejected') throw opened.reason;
    const database = opened.value;
    try {
      if (loaded.status === 'rejected') throw loaded.reason;
      const [{ AppModule }, { inProcessSiteAuditClient }] = loaded.value;
      const app = await NestFactory.createApplicationContext(
        AppModule.register(here, database),
        { logger: NEST_TO_STDERR },
      );
      try {
        const { accountId } = await app.get(ApiKeyService).create(accountName);
        return await work(inProcessSiteAuditClient(app, accountId));
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
