import { DataSource } from 'typeorm';
import { ratingOf } from '../../src/analysis/score.js';
import { Privacy, Report } from '../../src/reports/report.entity.js';
import type { ReportStatus } from '../../src/reports/report.entity.js';

export interface SeedRow {
  url: string;
  score?: number | null;
  status?: ReportStatus;
  generatedAt?: Date | null;
  privacy?: Privacy;
}

/** Inserts reports straight into the table, in order, for list tests. Returns ids. */
export async function seedReports(
  dataSource: DataSource,
  accountId: string,
  rows: SeedRow[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    const score = row.score ?? null;
    const url = new URL(row.url);
    const saved = await dataSource.getRepository(Report).save({
      accountId,
      url: row.url,
      project: url.hostname.replace(/^www\./, ''),
      status: row.status ?? (score === null ? 'failed' : 'completed'),
      score,
      result: score === null ? null : ratingOf(score),
      privacy: row.privacy ?? Privacy.Private,
      passwordHash: null,
      generatedAt:
        row.generatedAt === undefined
          ? score === null
            ? null
            : new Date()
          : row.generatedAt,
      error: null,
      results: null,
    });
    ids.push(Number(saved.id));
  }
  return ids;
}

export interface BulkSeedOptions {
  /** Host names are `<hostPrefix><n>.example`, a few big sites and a long tail. */
  hostPrefix?: string;
  /** First path segment of each url, in turn. */
  sections?: string[];
  /** Varies the random part of the urls between accounts. */
  salt?: string;
}

/**
 * Inserts `count` reports of one account in a single INSERT … generate_series, for
 * EXPLAIN tests and benchmarks (a million rows take seconds). The rows look like
 * seedReports' ones: urls of a few hundred sites (`project` is the host without
 * `www.`; some urls are http or www.), results derived from the score, about 2%
 * failed and 0.1% queued (no result, score or generated_at), and generated_at
 * following created_at, with 5% re-analysed later. Projects are skewed: `…0.example`
 * holds about 13% of the rows, the smallest a handful.
 */
export async function seedBulkReports(
  dataSource: DataSource,
  accountId: string,
  count: number,
  {
    hostPrefix = 'site',
    sections = ['blog', 'docs', 'shop', 'news', 'pricing', 'about'],
    salt = hostPrefix,
  }: BulkSeedOptions = {},
): Promise<void> {
  await dataSource.query(
    `INSERT INTO reports (account_id, url, project, status, result, score, privacy,
                          generated_at, created_at, updated_at, error)
     SELECT $1, url, host, status,
            CASE WHEN score >= 80 THEN 'good' WHEN score >= 50 THEN 'decent'
                 WHEN score IS NOT NULL THEN 'bad' END,
            score, n % 3,
            CASE WHEN score IS NULL THEN NULL
                 WHEN n % 20 = 0 THEN created + (n % 200) * interval '1 day'
                 ELSE created + (n % 9) * interval '1 second' END,
            created, created,
            CASE WHEN status = 'failed' THEN
              '{"code": "timeout", "message": "The page did not answer in time."}'::jsonb
            END
     FROM (
       SELECT n, host, created,
              CASE WHEN n % 20 = 7 THEN 'http://' ELSE 'https://' END
                || CASE WHEN n % 10 = 3 THEN 'www.' ELSE '' END
                || host || '/' || ($4::text[])[1 + n % cardinality($4::text[])]
                || '/' || substr(md5($5 || n), 1, 10) AS url,
              CASE WHEN n % 50 = 0 THEN 'failed'
                   WHEN n % 997 = 1 THEN 'queued' ELSE 'completed' END AS status,
              CASE WHEN n % 50 = 0 OR n % 997 = 1 THEN NULL
                   ELSE (n * 37) % 101 END AS score
       FROM (
         SELECT n,
                $3 || floor(500 * power(((n::bigint * 2654435761) % 4294967296) / 4294967296.0, 3))::int
                  || '.example' AS host,
                timestamptz '2025-01-01' + n * interval '20 seconds' AS created
         FROM generate_series(1, $2::int) AS n
       ) AS base
     ) AS row`,
    [accountId, count, hostPrefix, sections, salt],
  );
}
