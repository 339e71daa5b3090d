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
