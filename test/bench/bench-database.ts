import pg from 'pg';

/** BENCH_PG_URL, which must name a database (it is created when missing). */
export function benchDatabaseUrl(): string {
  const url = process.env.BENCH_PG_URL;
  if (!url || new URL(url).pathname.length < 2) {
    throw new Error('BENCH_PG_URL must name a database: postgres://…/name');
  }
  return url;
}

/** Creates the database of `target` unless it exists. */
export async function ensureDatabase(target: string): Promise<void> {
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  const server = new URL(target);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      'SELECT 1 FROM pg_database WHERE datname = $1',
      [name],
    );
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}
