import type { DataSource } from 'typeorm';
import type { JobSite } from './job-fixtures.js';
import type { TestApp } from './test-app.js';
import { waitUntil } from './wait.js';

/** One answer to a create, as the load saw it. */
export interface CreateAnswer {
  status: number;
  contentType: string;
  id: number | null;
}

/**
 * Records every move of a report into `completed`, by a trigger the test adds: a
 * report completed twice would leave two rows.
 */
export async function recordCompletions(db: DataSource): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS test_completions (report_id bigint NOT NULL)`,
  );
  await db.query(`
    CREATE OR REPLACE FUNCTION test_record_completion() RETURNS trigger AS $$
    BEGIN
      INSERT INTO test_completions VALUES (NEW.id);
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db.query(`
    CREATE OR REPLACE TRIGGER test_record_completion AFTER UPDATE OF status ON reports
    FOR EACH ROW WHEN (NEW.status = 'completed' AND OLD.status <> 'completed')
    EXECUTE FUNCTION test_record_completion()`);
}

/**
 * Sends `count` async creates at once, each for its own page of the site, to the app
 * listening with a backlog that holds them all, and answers each status and id.
 */
export async function createAtOnce(
  t: TestApp,
  key: string,
  site: JobSite,
  count: number,
): Promise<CreateAnswer[]> {
  if (!t.http.listening) {
    await new Promise<void>((resolve) =>
      t.http.listen(0, '127.0.0.1', 4096, resolve),
    );
  }
  const { port } = t.http.address() as { port: number };
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/reports`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          Prefer: 'respond-async',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ url: site.url(`/page?n=${n}`) }),
      });
      const body = (await res.json()) as { data?: { id: number } };
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        id: body.data?.id ?? null,
      };
    }),
  );
}

/**
 * Every answer is a 202 or a problem document; once everything has settled, exactly
 * the reports of the 202s were saved (none behind an error answer), and each moved
 * into `completed` once. Answers the count of each status, for the test's log.
 */
export async function expectEachCompletedOnce(
  db: DataSource,
  answers: CreateAnswer[],
): Promise<Record<number, number>> {
  for (const answer of answers) {
    if (answer.status !== 202) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.contentType).toMatch(/^application\/problem\+json/);
    }
  }
  const accepted = answers.filter((a) => a.status === 202).map((a) => a.id!);
  expect(accepted.length).toBeGreaterThan(0);
  const unsettled = await waitUntil(
    async () =>
      Number(
        (
          await db.query(
            `SELECT count(*) FROM reports WHERE status IN ('queued', 'running')`,
          )
        )[0].count,
      ),
    (count) => count === 0,
    180_000,
    1_000,
  );
  expect(unsettled).toBe(0);
  const rows: Array<{ id: string; status: string; error: unknown }> =
    await db.query(`SELECT id, status, error FROM reports ORDER BY id`);
  expect(rows.map((r) => Number(r.id))).toEqual(
    [...accepted].sort((a, b) => a - b),
  );
  for (const row of rows) {
    expect([row.id, row.status, row.error]).toEqual([
      row.id,
      'completed',
      null,
    ]);
  }
  const completions: Array<{ report_id: string; times: string }> =
    await db.query(
      `SELECT report_id, count(*) AS times FROM test_completions GROUP BY report_id`,
    );
  expect(completions).toHaveLength(rows.length);
  expect(completions.filter((c) => Number(c.times) !== 1)).toEqual([]);
  const statuses: Record<number, number> = {};
  for (const answer of answers) {
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  }
  return statuses;
}
