import type { DataSource } from 'typeorm';

/** The mark a URL carries to make its row's writes slow (see slowWrites). */
export const SLOW_WRITE_MARK = 'slow-write';

/**
 * Makes every insert or update of a row of `table` whose url carries SLOW_WRITE_MARK
 * take `seconds` longer, by a trigger the test adds: requests sent at once then
 * overlap in the database, as they do on a loaded server, so a cap counted in one
 * statement and taken in another is passed. Rows of other tests are not slowed.
 * Answers the step that removes the trigger.
 */
export async function slowWrites(
  db: DataSource,
  table: 'reports' | 'site_audits' | 'webhooks',
  seconds: number,
): Promise<() => Promise<void>> {
  const name = `test_slow_write_${table}`;
  await db.query(`
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_sleep(${seconds});
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.query(`
    CREATE OR REPLACE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${table}
    FOR EACH ROW WHEN (NEW.url LIKE '%${SLOW_WRITE_MARK}%')
    EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS ${name}()`);
  };
}
