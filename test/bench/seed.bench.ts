import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '../../src/database/database.js';
import { seedBulkReports } from '../support/seed.js';
import { benchDatabaseUrl, ensureDatabase } from './bench-database.js';

/**
 * Fills the database of BENCH_PG_URL for `npm run bench:api`: migrated, one account
 * named "bench" holding --reports reports (default 1,000,000) and three other
 * accounts of a tenth as many each, with other sites and paths (so a search must
 * not read their rows), vacuumed and analysed. The database is created when it does
 * not exist; an existing "bench" account and the other bench accounts are replaced.
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/h9_bench npm run bench:seed -- --reports 1000000
 *
 * The rows are inserted by a few INSERT … generate_series statements (test/support/
 * seed.ts), the report counters filled by their statement triggers in the same
 * statements: a million reports take minutes of both cores of a small machine.
 */

const { values } = parseArgs({
  options: { reports: { type: 'string', default: '1000000' } },
});
const REPORTS = Number(values.reports);
if (!Number.isInteger(REPORTS) || REPORTS < 1) {
  throw new Error('--reports must be a whole number from 1');
}
const url = benchDatabaseUrl();

async function main(): Promise<void> {
  const started = performance.now();
  await ensureDatabase(url);
  const dataSource = new DataSource(
    dataSourceOptions({
      url: url,
      embedded: false,
      poolSize: 2,
      close: async () => {},
    }),
  );
  await dataSource.initialize();
  await migrate(dataSource, false);
  await dataSource.query(
    `DELETE FROM accounts WHERE name = 'bench' OR name LIKE 'bench other %'`,
  );
  const [{ id: accountId }]: Array<{ id: string }> = await dataSource.query(
    `INSERT INTO accounts (name) VALUES ('bench') RETURNING id`,
  );
  const others = Math.max(1, Math.round(REPORTS / 10));
  for (let i = 0; i < 3; i++) {
    const [{ id }]: Array<{ id: string }> = await dataSource.query(
      `INSERT INTO accounts (name) VALUES ($1) RETURNING id`,
      [`bench other ${i}`],
    );
    await seedBulkReports(dataSource, id, others, {
      hostPrefix: `shop${i}-`,
      sections: ['checkout', 'cart', 'product'],
    });
    console.log(`other account ${id}: ${others} reports`);
  }
  // In slices, so one statement's transition table stays a few hundred MB at most.
  const SLICE = 250_000;
  for (let done = 0; done < REPORTS; done += SLICE) {
    const n = Math.min(SLICE, REPORTS - done);
    await seedBulkReports(dataSource, accountId, n, {
      salt: `bench${done}`,
    });
    console.log(
      `bench account ${accountId}: ${done + n} of ${REPORTS} reports (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  await dataSource.query('VACUUM ANALYZE reports');
  await dataSource.query('VACUUM ANALYZE report_counts');
  const [{ n }]: Array<{ n: string }> = await dataSource.query(
    `SELECT n FROM report_counts WHERE account_id = $1 AND project = '' AND result = ''`,
    [accountId],
  );
  console.log(
    `seeded account ${accountId} ("bench") with ${n} reports in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await dataSource.destroy();
}

await main();
