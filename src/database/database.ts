import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DataSource } from 'typeorm';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { SchemaSnapshot } from './schema-snapshot.js';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema.js';
import { ReportShareVersion1763900000000 } from './migrations/1763900000000-report-share-version.js';
import { AccountUrlSearchIndex1764000000000 } from './migrations/1764000000000-account-url-search-index.js';
import { ListSortIndexes1764100000000 } from './migrations/1764100000000-list-sort-indexes.js';
import { ResultsCarryRating1764200000000 } from './migrations/1764200000000-results-carry-rating.js';
import { ResultsCarryCap1764250000000 } from './migrations/1764250000000-results-carry-cap.js';
import { AnalysisJobs1764300000000 } from './migrations/1764300000000-analysis-jobs.js';
import { ReportShareToken1764350000000 } from './migrations/1764350000000-report-share-token.js';
import { ReportCounts1764400000000 } from './migrations/1764400000000-report-counts.js';
import { Webhooks1764500000000 } from './migrations/1764500000000-webhooks.js';
import { ReportRuns1764600000000 } from './migrations/1764600000000-report-runs.js';
import { IdempotencyKeys1764700000000 } from './migrations/1764700000000-idempotency-keys.js';
import { ReportSchedules1764710000000 } from './migrations/1764710000000-report-schedules.js';
import { IdIndexesCarryUrl1764800000000 } from './migrations/1764800000000-id-indexes-carry-url.js';
import { UrlFolded1764900000000 } from './migrations/1764900000000-url-folded.js';
import { JobPriority1765000000000 } from './migrations/1765000000000-job-priority.js';
import { JobGroups1765100000000 } from './migrations/1765100000000-job-groups.js';
import { AccountSchedules1765200000000 } from './migrations/1765200000000-account-schedules.js';
import { WebhookHealth1765300000000 } from './migrations/1765300000000-webhook-health.js';
import { SiteAudits1765400000000 } from './migrations/1765400000000-site-audits.js';
import { HostLeases1765410000000 } from './migrations/1765410000000-host-leases.js';
import { SiteAuditSchedules1765420000000 } from './migrations/1765420000000-site-audit-schedules.js';
import { CrawlUrlKeys1765500000000 } from './migrations/1765500000000-crawl-url-keys.js';
import { ReportRender1765600000000 } from './migrations/1765600000000-report-render.js';
import { PageCuts1765630000000 } from './migrations/1765630000000-page-cuts.js';
import { PageSkeleton1765700000000 } from './migrations/1765700000000-page-skeleton.js';
import { SiteAuditLab1765710000000 } from './migrations/1765710000000-site-audit-lab.js';
import { ReportLab1765720000000 } from './migrations/1765720000000-report-lab.js';
import { SiteAuditJudged1765730000000 } from './migrations/1765730000000-site-audit-judged.js';
import { PageRender1765740000000 } from './migrations/1765740000000-page-render.js';
import { AccountBranding1765750000000 } from './migrations/1765750000000-account-branding.js';
import { TemplateFindings1765760000000 } from './migrations/1765760000000-template-findings.js';
import { PageMinhash1765770000000 } from './migrations/1765770000000-page-minhash.js';
import { StructuredDataTypes1765780000000 } from './migrations/1765780000000-structured-data-types.js';
import { AccessibilityRules1765790000000 } from './migrations/1765790000000-accessibility-rules.js';
import { PageRecords1765800000000 } from './migrations/1765800000000-page-records.js';

export const MIGRATIONS = [
  InitialSchema1763800000000,
  ReportShareVersion1763900000000,
  AccountUrlSearchIndex1764000000000,
  ListSortIndexes1764100000000,
  ResultsCarryRating1764200000000,
  ResultsCarryCap1764250000000,
  AnalysisJobs1764300000000,
  ReportShareToken1764350000000,
  ReportCounts1764400000000,
  Webhooks1764500000000,
  ReportRuns1764600000000,
  IdempotencyKeys1764700000000,
  ReportSchedules1764710000000,
  IdIndexesCarryUrl1764800000000,
  UrlFolded1764900000000,
  JobPriority1765000000000,
  JobGroups1765100000000,
  AccountSchedules1765200000000,
  WebhookHealth1765300000000,
  SiteAudits1765400000000,
  HostLeases1765410000000,
  SiteAuditSchedules1765420000000,
  CrawlUrlKeys1765500000000,
  ReportRender1765600000000,
  PageCuts1765630000000,
  PageSkeleton1765700000000,
  SiteAuditLab1765710000000,
  ReportLab1765720000000,
  SiteAuditJudged1765730000000,
  PageRender1765740000000,
  AccountBranding1765750000000,
  TemplateFindings1765760000000,
  PageMinhash1765770000000,
  StructuredDataTypes1765780000000,
  AccessibilityRules1765790000000,
  PageRecords1765800000000,
];

/** Where the service's data lives: the configured PostgreSQL or the embedded default. */
export interface DatabaseTarget {
  url: string;
  /** True for PGlite. */
  embedded: boolean;
  /** Connections the pool may hold: one for PGlite, a single session. */
  poolSize: number;
  close(): Promise<void>;
}

/**
 * A new embedded database in config.dataDir, for one command, migrated: from the
 * schema snapshot of these migrations when one was kept; else created, migrated here
 * (before the service writes anything) and kept as the snapshot for the next.
 */
export async function openThrowawayDatabase(
  config: AppConfig,
): Promise<DatabaseTarget> {
  const snapshot = SchemaSnapshot.of(MIGRATIONS, await pgliteVersion());
  const tar = await snapshot.read();
  const server = await EmbeddedPostgres.start(
    config.dataDir,
    0,
    tar ?? undefined,
  );
  const target: DatabaseTarget = {
    url: server.url,
    embedded: true,
    poolSize: 1,
    close: () => server.stop(),
  };
  if (!tar) {
    const dataSource = await new DataSource(
      dataSourceOptions(target),
    ).initialize();
    try {
      await migrate(dataSource, true);
    } finally {
      await dataSource.destroy();
    }
    // A snapshot that cannot be kept (a read-only TMPDIR) only makes the next start slower.
    await server
      .dump()
      .then((tar) => snapshot.write(tar))
      .catch(() => undefined);
  }
  return target;
}

async function pgliteVersion(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(
    await readFile(join(dirname(entry), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/** Starts the embedded default when no DATABASE_URL is set. */
export async function openDatabase(config: AppConfig): Promise<DatabaseTarget> {
  if (config.databaseUrl) {
    return {
      url: config.databaseUrl,
      embedded: false,
      poolSize: config.databasePoolSize,
      close: async () => {},
    };
  }
  const server = await EmbeddedPostgres.start(config.dataDir);
  return {
    url: server.url,
    embedded: true,
    poolSize: 1,
    close: () => server.stop(),
  };
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
    if (running) {
      return {
        url: running,
        embedded: true,
        poolSize: 1,
        close: async () => {},
      };
    }
  }
  return openDatabase(config);
}

/** Fail fast when the database server is down: requests answer 503 instead of hanging. */
const SERVER_CONNECT_WAIT_MS = 5_000;
/**
 * The embedded database lives in this process and cannot be down, only busy: its one
 * session serves a crawl's writes and the API in turn, and under load a request may
 * wait its turn longer than a server's fail-fast allows.
 */
const EMBEDDED_SESSION_WAIT_MS = 30_000;

export function dataSourceOptions(target: DatabaseTarget): DataSourceOptions {
  return {
    type: 'postgres',
    url: target.url,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: {
      max: target.poolSize,
      connectionTimeoutMillis: target.embedded
        ? EMBEDDED_SESSION_WAIT_MS
        : SERVER_CONNECT_WAIT_MS,
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
