import { FakeReportsRepository } from '../../../test/support/fake-reports-repository.js';
import { ProblemException } from '../../common/problem.js';
import type { ProblemDocument } from '../../common/problem.js';
import type { ReportsRepository } from '../reports.repository.js';
import { ReportRun } from './report-run.entity.js';
import type {
  ReportRunsRepository,
  ScorePoint,
} from './report-runs.repository.js';
import { ReportRunsService } from './report-runs.service.js';
import type { AnalysisResults } from '../../analysis/index.js';

/** The repository's reads as the service uses them, over runs held in memory. */
class FakeReportRunsRepository implements Omit<
  ReportRunsRepository,
  'recordIn'
> {
  readonly runs: ReportRun[] = [];

  add(
    fields: Pick<ReportRun, 'reportId' | 'accountId' | 'run' | 'status'> & {
      score?: number;
    },
  ): void {
    const score = fields.score ?? 80;
    this.runs.push(
      Object.assign(new ReportRun(), {
        ...fields,
        score: fields.status === 'completed' ? score : null,
        result: fields.status === 'completed' ? 'good' : null,
        results: fields.status === 'completed' ? resultsScoring(score) : null,
        error:
          fields.status === 'failed'
            ? { code: 'timeout', message: 'Too slow.' }
            : null,
        startedAt: new Date(fields.run * 1000),
        finishedAt: new Date(fields.run * 1000 + 500),
      }),
    );
  }

  private of(accountId: string, reportId: string): ReportRun[] {
    return this.runs
      .filter((r) => r.accountId === accountId && r.reportId === reportId)
      .sort((a, b) => b.run - a.run);
  }

  countFor(accountId: string, reportId: string): Promise<number> {
    return Promise.resolve(this.of(accountId, reportId).length);
  }

  pageFor(
    accountId: string,
    reportId: string,
    offset: number,
    limit: number,
  ): Promise<ReportRun[]> {
    return Promise.resolve(
      this.of(accountId, reportId).slice(offset, offset + limit),
    );
  }

  find(
    accountId: string,
    reportId: string,
    run: number,
  ): Promise<ReportRun | null> {
    return Promise.resolve(
      this.of(accountId, reportId).find((r) => r.run === run) ?? null,
    );
  }

  latestCompleted(
    accountId: string,
    reportId: string,
    limit: number,
    before?: number,
  ): Promise<number[]> {
    return Promise.resolve(
      this.of(accountId, reportId)
        .filter(
          (r) =>
            r.status === 'completed' &&
            (before === undefined || r.run < before),
        )
        .slice(0, limit)
        .map((r) => r.run),
    );
  }

  scoreHistory(): Promise<ScorePoint[]> {
    return Promise.resolve([]);
  }
}

function resultsScoring(score: number): AnalysisResults {
  const category = { score, passed: 1, failed: 0 };
  return {
    score,
    uncapped_score: score,
    capped_by: [],
    rating: 'good',
    categories: {
      seo: category,
      performance: category,
      security: category,
      miscellaneous: category,
    },
    checks: [],
    page: {
      final_url: 'https://example.com/',
      status_code: 200,
      redirects: [],
      content_type: 'text/html',
      encoding: null,
      ttfb_ms: 1,
      load_time_ms: 1,
      html_bytes: 1,
      transfer_bytes: 1,
      dom_elements: 1,
      words: 1,
    },
  };
}

async function refusal(work: Promise<unknown>): Promise<ProblemDocument> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemException);
  return (error as ProblemException).toDocument();
}

describe('ReportRunsService', () => {
  let reports: FakeReportsRepository;
  let runs: FakeReportRunsRepository;
  let service: ReportRunsService;
  let reportId: string;

  beforeEach(() => {
    reports = new FakeReportsRepository();
    runs = new FakeReportRunsRepository();
    service = new ReportRunsService(
      reports as unknown as ReportsRepository,
      runs as unknown as ReportRunsRepository,
    );
    reportId = reports.seed({ accountId: 'a' }).id;
    // 1 completed (90), 2 failed, 3 completed (70), 4 failed.
    runs.add({
      reportId,
      accountId: 'a',
      run: 1,
      status: 'completed',
      score: 90,
    });
    runs.add({ reportId, accountId: 'a', run: 2, status: 'failed' });
    runs.add({
      reportId,
      accountId: 'a',
      run: 3,
      status: 'completed',
      score: 70,
    });
    runs.add({ reportId, accountId: 'a', run: 4, status: 'failed' });
  });

  it('compares the latest completed run with the completed run before it by default', async () => {
    const { from, to, diff } = await service.diff('a', reportId, {});
    expect([from.run, to.run]).toEqual([1, 3]);
    expect(diff.score).toEqual({ from: 90, to: 70, delta: -20 });
  });

  it('takes the completed run before a named `to`, and the latest for a named `from`', async () => {
    runs.add({
      reportId,
      accountId: 'a',
      run: 5,
      status: 'completed',
      score: 75,
    });
    const before = await service.diff('a', reportId, { to: 3 });
    expect([before.from.run, before.to.run]).toEqual([1, 3]);
    const latest = await service.diff('a', reportId, { from: 1 });
    expect([latest.from.run, latest.to.run]).toEqual([1, 5]);
  });

  it('answers 422 naming each failed run named, 404 for a run not kept', async () => {
    const failed = await refusal(
      service.diff('a', reportId, { from: 2, to: 4 }),
    );
    expect(failed.status).toBe(422);
    expect(Object.keys(failed.errors!)).toEqual(['from', 'to']);
    expect(
      (await refusal(service.diff('a', reportId, { from: 1, to: 9 }))).status,
    ).toBe(404);
  });

  it('answers 409 when there are not two completed runs to pick', async () => {
    const lone = reports.seed({ accountId: 'a' }).id;
    runs.add({ reportId: lone, accountId: 'a', run: 1, status: 'completed' });
    runs.add({ reportId: lone, accountId: 'a', run: 2, status: 'failed' });
    expect((await refusal(service.diff('a', lone, {}))).status).toBe(409);
    // Named, one completed run compares with itself.
    const self = await service.diff('a', lone, { from: 1, to: 1 });
    expect(self.diff.score.delta).toBe(0);
  });

  it("answers 404 for another account's report on every read", async () => {
    for (const work of [
      service.list('b', reportId, { page: 1, per_page: 10 }),
      service.get('b', reportId, 1),
      service.diff('b', reportId, {}),
    ]) {
      expect((await refusal(work)).status).toBe(404);
    }
  });

  it('lists a report with no runs yet as an empty page, and pages newest first', async () => {
    const queued = reports.seed({ accountId: 'a', status: 'queued' }).id;
    expect(await service.list('a', queued, { page: 1, per_page: 10 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 10,
    });
    const page = await service.list('a', reportId, { page: 1, per_page: 10 });
    expect(page.items.map((r) => r.run)).toEqual([4, 3, 2, 1]);
    expect(page.total).toBe(4);
  });
});
