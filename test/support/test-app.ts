import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { ApiKeyService } from '../../src/auth/api-key.service.js';
import { Clock } from '../../src/common/clock.js';
import { loadConfig } from '../../src/config/config.js';
import type { AppConfig } from '../../src/config/config.js';
import { openDatabase } from '../../src/database/database.js';
import { LAB_MEASURER } from '../../src/lab/lab-measurer.token.js';
import type { LabMeasurer } from '../../src/lab/lab-result.js';
import type { DatabaseTarget } from '../../src/database/database.js';
import { setupBudgetMs, withinBudget } from './setup-budget.js';
import { apiClient } from './api-client.js';
import type { ApiClient } from './api-client.js';
import { documentedRequests } from './openapi-conformance.js';

export interface TestApp {
  app: NestExpressApplication;
  http: Server;
  config: AppConfig;
  database: DatabaseTarget;
  dataSource: DataSource;
  /** A new account and its key: each test gets its own tenant. */
  newAccount(name?: string): Promise<{ key: string; accountId: string }>;
  /** Requests to this app carrying the key; each answer must conform to docs/openapi.json. */
  as(key: string): ApiClient;
  /** Requests to this app without a key; each answer must conform to docs/openapi.json. */
  anonymous(): ReturnType<typeof documentedRequests>;
  close(): Promise<void>;
}

/**
 * Passport keeps one strategy per name for the whole process: the app started last
 * authenticates for all, so a test file that starts a second app does it last.
 *
 * The real app on a real database: the PostgreSQL of DATABASE_URL when set (CI),
 * else the embedded default in a temporary directory. Fixture sites on 127.0.0.1
 * are let through the address policy, as ANALYZER_ALLOW_HOSTS does in production.
 */
export async function startTestApp(
  /** Settings besides the test's; an undefined value removes one (DATABASE_URL: the embedded default). */
  env: Record<string, string | undefined> = {},
  options: { clock?: Clock; labMeasurer?: LabMeasurer } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-test-'));
  const config = loadConfig({
    ANALYZER_ALLOW_HOSTS: '127.0.0.1',
    // Request lines would bury the test output; warnings and errors still show.
    LOG_LEVEL: 'warn',
    ANALYZER_DEADLINE_MS: '5000',
    // Transient failures are retried twice; quickly here, so runs settle within the deadline.
    ANALYSIS_RETRY_DELAY_MS: '50',
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL
      ? { DATABASE_URL: process.env.DATABASE_URL }
      : {}),
    ...env,
  });
  const { database, app } = await withinBudget(
    setupBudgetMs(),
    `starting the test app on ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}`,
    async () => {
      const database = await openDatabase(config);
      const builder = Test.createTestingModule({
        imports: [AppModule.register(config, database)],
      });
      // A clock the test moves (schedules), in place of the system's.
      if (options.clock)
        builder.overrideProvider(Clock).useValue(options.clock);
      // A measurer the test controls, in place of the lab browser.
      if (options.labMeasurer)
        builder.overrideProvider(LAB_MEASURER).useValue(options.labMeasurer);
      const moduleRef = await builder.compile();
      const app = moduleRef.createNestApplication<NestExpressApplication>({
        bodyParser: false,
        logger: ['error', 'warn'],
      });
      configureApp(app, config);
      await app.init();
      return { database, app };
    },
  );
  const keys = app.get(ApiKeyService);
  return {
    app,
    http: app.getHttpServer(),
    config,
    database,
    dataSource: app.get(DataSource),
    newAccount: async (name = 'test') => {
      const issued = await keys.create(name);
      return { key: issued.key, accountId: issued.accountId };
    },
    as: (key) => apiClient(app.getHttpServer(), key),
    anonymous: () => documentedRequests(app.getHttpServer()),
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
