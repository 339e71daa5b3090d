import { DataSource } from 'typeorm';
import type { DataSourceOptions } from 'typeorm';
import { Account } from '../auth/account.entity.js';
import { ApiKey } from '../auth/api-key.entity.js';
import { Report } from '../reports/report.entity.js';
import type { AppConfig } from '../config/config.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema.js';
import { ReportShareVersion1763900000000 } from './migrations/1763900000000-report-share-version.js';
import { AccountUrlSearchIndex1764000000000 } from './migrations/1764000000000-account-url-search-index.js';
import { ListSortIndexes1764100000000 } from './migrations/1764100000000-list-sort-indexes.js';

export const ENTITIES = [Account, ApiKey, Report];
export const MIGRATIONS = [
  InitialSchema1763800000000,
  ReportShareVersion1763900000000,
  AccountUrlSearchIndex1764000000000,
  ListSortIndexes1764100000000,
];

/** Where the service's data lives: the configured PostgreSQL or the embedded default. */
export interface DatabaseTarget {
  url: string;
  /** True for PGlite: a single session, so the pool holds one connection. */
  embedded: boolean;
  close(): Promise<void>;
}

/** Starts the embedded default when no DATABASE_URL is set. */
export async function openDatabase(config: AppConfig): Promise<DatabaseTarget> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, close: async () => {} };
  }
  const server = await EmbeddedPostgres.start(config.dataDir);
  return { url: server.url, embedded: true, close: () => server.stop() };
}

/**
 * For the command line: reuse the socket of a server already running on the data
 * directory (PGlite allows one owner), else open the directory itself.
 */
export async function openDatabaseBeside(
  config: AppConfig,
): Promise<DatabaseTarget> {
  if (!config.databaseUrl) {
    const running = await EmbeddedPostgres.findRunning(config.dataDir);
    if (running) return { url: running, embedded: true, close: async () => {} };
  }
  return openDatabase(config);
}

export function dataSourceOptions(target: DatabaseTarget): DataSourceOptions {
  return {
    type: 'postgres',
    url: target.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: {
      max: target.embedded ? 1 : 10,
      // Fail fast when the database is down: requests answer 503 instead of hanging.
      connectionTimeoutMillis: 5_000,
    },
  };
}

const MIGRATION_LOCK = 7_204_913;

/**
 * Runs pending migrations. On a shared PostgreSQL an advisory lock keeps replicas
 * (and parallel test workers) from migrating at the same time.
 */
export async function migrate(
  dataSource: DataSource,
  embedded: boolean,
): Promise<void> {
  if (embedded) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    await lock.release();
  }
}

export async function connect(target: DatabaseTarget): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(target));
  await dataSource.initialize();
  await migrate(dataSource, target.embedded);
  return dataSource;
}
