import { jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { FakeReportsRepository } from '../../test/support/fake-reports-repository.js';
import { InlineJobQueue } from '../../test/support/inline-job-queue.js';
import {
  GOOD_PAGE_HTML,
  snapshotOf,
} from '../../test/support/snapshot-fixture.js';
import {
  Analyser,
  AnalysisError,
  judge,
  withLabScore,
} from '../analysis/index.js';
import { LabError } from '../lab/index.js';
import type { LabMeasurer, LabResult } from '../lab/index.js';
import { APP_CONFIG, loadConfig } from '../config/config.js';
import { engineProviders } from '../../test/support/engine-providers.js';
import { AnalysisEngine } from '../analysis-jobs/analysis-engine.js';
import { RetryLater } from '../jobs/job-queue.js';
import { ReportSubjects } from './report-subjects.js';
import { ReportsRepository } from './reports.repository.js';

describe('ReportSubjects: report runs on the analysis engine', () => {
  let repository: FakeReportsRepository;
  let jobs: InlineJobQueue;
  let engine: AnalysisEngine;
  let analyses: ReportSubjects;
  let analyse: jest.Mock<Analyser['analyse']>;
  let measure: jest.Mock<LabMeasurer['measure']>;
  const announced: string[] = [];
  const results = judge(snapshotOf(GOOD_PAGE_HTML));

  beforeEach(async () => {
    announced.length = 0;
    repository = new FakeReportsRepository();
    jobs = new InlineJobQueue();
    analyse = jest.fn<Analyser['analyse']>();
    measure = jest.fn<LabMeasurer['measure']>();
    const moduleRef = await Test.createTestingModule({
      providers: [
        ReportSubjects,
        ...engineProviders({
          jobs,
          analyser: { analyse },
          announced,
          lab: { measure },
        }),
        { provide: ReportsRepository, useValue: repository },
        { provide: APP_CONFIG, useValue: loadConfig({}) }, // retries after 2 s, then 4 s
      ],
    }).compile();
    analyses = moduleRef.get(ReportSubjects);
    engine = moduleRef.get(AnalysisEngine);
    analyses.onModuleInit();
    engine.onApplicationBootstrap();
  });

  afterEach(() => engine.onApplicationShutdown());

  const queued = () =>
    repository.seed({
      accountId: '1',
      status: 'queued',
      url: 'https://a.test/',
    });

  it('completes the run, stores its results and says so', async () => {
    const { id } = queued();
    analyse.mockResolvedValue(results);
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBe('done');
    expect(repository.rows.get(id)).toMatchObject({
      status: 'completed',
      score: results.score,
      result: results.rating,
    });
    expect(announced).toEqual([`report:${id}`]);
  });

  it('with lab: true, measures the page it ended on and counts the lab’s score in', async () => {
    const { id } = repository.seed({
      accountId: '1',
      status: 'queued',
      url: 'https://a.test/',
      lab: true,
    });
    analyse.mockResolvedValue(results);
    const lab: LabResult = {
      url: results.page.final_url,
      measured_at: '2026-11-26T17:00:00.000Z',
      performance_score: 20,
      runs: 3,
      metrics: [],
      settings: {
        tool: 'lighthouse',
        tool_version: '13.5.0',
        browser_version: '156',
        form_factor: 'mobile',
        throttling_method: 'simulate',
        throttling: {},
      },
      warnings: [],
    };
    measure.mockResolvedValue(lab);
    await analyses.dispatch([{ id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBe('done');
    expect(measure).toHaveBeenCalledWith(results.page.final_url, { runs: 3 });
    const folded = withLabScore(results, 20);
    expect(repository.rows.get(id)).toMatchObject({
      status: 'completed',
      score: folded.score,
      results: { ...folded, lab },
    });
    expect(folded.score).toBeLessThan(results.score);
  });

  it('keeps the report of a lab: true run whose measurement failed, with the lab error and its reason', async () => {
    const { id } = repository.seed({
      accountId: '1',
      status: 'queued',
      url: 'https://a.test/',
      lab: true,
    });
    analyse.mockResolvedValue(results);
    measure.mockRejectedValue(
      new LabError('navigation_failed', 'The page did not load.'),
    );
    await analyses.dispatch([{ id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBe('done');
    // The analysis stands, its score without the lab's; the lab says why it has no figures.
    expect(repository.rows.get(id)).toMatchObject({
      status: 'completed',
      score: results.score,
      results: {
        ...results,
        lab: {
          url: results.page.final_url,
          measured_at: expect.any(String),
          error: {
            code: 'navigation_failed',
            message: 'The page did not load.',
          },
        },
      },
    });
  });

  it('measures nothing without lab: true', async () => {
    const { id } = queued();
    analyse.mockResolvedValue(results);
    await analyses.dispatch([{ id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBe('done');
    expect(measure).not.toHaveBeenCalled();
  });

  it('adds a run once, however often it is dispatched', async () => {
    const { id } = queued();
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    expect(jobs.waiting).toHaveLength(1);
  });

  it('retries a transient failure with backoff, and fails the run on the third attempt', async () => {
    const { id } = queued();
    analyse.mockRejectedValue(new AnalysisError('timeout', 'Too slow.'));
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    const first = await jobs.runNext();
    expect(first).toBeInstanceOf(RetryLater);
    expect((first as RetryLater).delayMs).toBe(2_000);
    expect(repository.rows.get(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
    expect(((await jobs.runNext()) as RetryLater).delayMs).toBe(4_000);
    expect(await jobs.runNext()).toBe('done');
    expect(repository.rows.get(id)).toMatchObject({
      status: 'failed',
      error: { code: 'timeout', message: 'Too slow.' },
    });
    expect(analyse).toHaveBeenCalledTimes(3);
    expect(announced).toEqual([`report:${id}`]);
  });

  it('fails a permanent failure at once', async () => {
    const { id } = queued();
    analyse.mockRejectedValue(
      new AnalysisError('timeout', 'Judging took too long.', false),
    );
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBe('done');
    expect(repository.rows.get(id)!.status).toBe('failed');
    expect(analyse).toHaveBeenCalledTimes(1);
  });

  it('records an analyser bug as an internal failure, without its details', async () => {
    const { id } = queued();
    analyse.mockRejectedValue(new TypeError('x is undefined'));
    jest.spyOn(engine['logger'], 'error').mockImplementation(() => {});
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    await jobs.runNext();
    expect(repository.rows.get(id)!.error).toEqual({
      code: 'internal',
      message: 'The analyser failed on this page. The error was logged.',
    });
  });

  it('does nothing for a run no longer asked for, or a deleted report', async () => {
    const { id } = queued();
    repository.rows.get(id)!.run = 2;
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    await analyses.dispatch([{ id: '999', run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBe('done');
    expect(await jobs.runNext()).toBe('done');
    expect(analyse).not.toHaveBeenCalled();
    expect(repository.rows.get(id)!.status).toBe('queued');
  });

  it('stores one result when the same run is analysed twice at once', async () => {
    const { id } = queued();
    analyse.mockResolvedValue(results);
    const job = { key: 'k', data: { kind: 'report', id, run: 1 }, attempt: 1 };
    await Promise.all([engine.run(job), engine.run(job)]);
    expect(repository.rows.get(id)!.status).toBe('completed');
    expect(announced).toEqual([`report:${id}`]);
  });

  it('lets a database error through, so the job runs again later', async () => {
    const { id } = queued();
    analyse.mockResolvedValue(results);
    jest
      .spyOn(repository, 'complete')
      .mockRejectedValueOnce(new Error('Connection terminated'));
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toBeInstanceOf(Error);
    expect(repository.rows.get(id)!.status).toBe('running');
    expect(await jobs.runNext()).toBe('done');
    expect(repository.rows.get(id)!.status).toBe('completed');
  });

  it('runs a job queued in the shape before subjects had kinds', async () => {
    const { id } = queued();
    analyse.mockResolvedValue(results);
    await engine.run({ key: 'k', data: { reportId: id, run: 1 }, attempt: 1 });
    expect(repository.rows.get(id)!.status).toBe('completed');
    expect(announced).toEqual([`report:${id}`]);
  });

  it('keys a run as before, so a job of either shape is one job', async () => {
    const { id } = queued();
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    expect(jobs.waiting.map((w) => [w.queue, w.options.key])).toEqual([
      ['analyses', `report-${id}-run-1`],
    ]);
  });
});
