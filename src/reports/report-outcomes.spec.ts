import { jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { FakeReportsRepository } from '../../test/support/fake-reports-repository.js';
import { InlineJobQueue } from '../../test/support/inline-job-queue.js';
import {
  GOOD_PAGE_HTML,
  snapshotOf,
} from '../../test/support/snapshot-fixture.js';
import { Analyser, AnalysisError, judge } from '../analysis/index.js';
import { APP_CONFIG, loadConfig } from '../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { ReportAnalyses } from './report-analyses.js';
import { ReportOutcomes } from './report-outcomes.js';
import type { ReportOutcome } from './report-outcomes.js';
import { ReportSettlement } from './report-settlement.js';
import { ReportsRepository } from './reports.repository.js';

describe('ReportOutcomes: listeners hear of settled runs', () => {
  let repository: FakeReportsRepository;
  let jobs: InlineJobQueue;
  let analyses: ReportAnalyses;
  let outcomes: ReportOutcomes;
  let analyse: jest.Mock<Analyser['analyse']>;
  let heard: ReportOutcome[];
  const results = judge(snapshotOf(GOOD_PAGE_HTML));

  beforeEach(async () => {
    heard = [];
    repository = new FakeReportsRepository();
    jobs = new InlineJobQueue();
    analyse = jest.fn<Analyser['analyse']>();
    const moduleRef = await Test.createTestingModule({
      providers: [
        ReportAnalyses,
        ReportOutcomes,
        { provide: ReportsRepository, useValue: repository },
        { provide: JobQueue, useValue: jobs },
        { provide: Analyser, useValue: { analyse } },
        {
          provide: ReportSettlement,
          useValue: { announce: () => Promise.resolve() },
        },
        { provide: APP_CONFIG, useValue: loadConfig({}) },
      ],
    }).compile();
    analyses = moduleRef.get(ReportAnalyses);
    outcomes = moduleRef.get(ReportOutcomes);
    outcomes.listen((outcome) => {
      heard.push(outcome);
      return Promise.resolve();
    });
    analyses.onApplicationBootstrap();
  });

  afterEach(() => analyses.onApplicationShutdown());

  it('a first completion: the stored report, no previous result', async () => {
    const { id } = repository.seed({ accountId: '1', status: 'queued' });
    analyse.mockResolvedValue(results);
    await analyses.dispatch(id, 1);
    await jobs.runNext();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      status: 'completed',
      report: { id, status: 'completed', score: results.score },
      previous: { score: null, result: null },
    });
  });

  it('a re-run: the result the report had before it', async () => {
    const { id } = repository.seed({
      accountId: '1',
      status: 'queued',
      run: 2,
      score: 12,
      result: 'bad',
    });
    analyse.mockResolvedValue(results);
    await analyses.dispatch(id, 2);
    await jobs.runNext();
    expect(heard[0].previous).toEqual({ score: 12, result: 'bad' });
    expect(heard[0].report.score).toBe(results.score);
  });

  it('a failure, once it is final; a step after commit that throws stops nothing', async () => {
    outcomes.listen(() =>
      Promise.resolve(() => Promise.reject(new Error('queue down'))),
    );
    const { id } = repository.seed({ accountId: '1', status: 'queued' });
    analyse.mockRejectedValue(
      new AnalysisError('not_html', 'Not a page.', false),
    );
    await analyses.dispatch(id, 1);
    const warn = jest
      .spyOn(outcomes['logger'], 'warn')
      .mockImplementation(() => {});
    expect(await jobs.runNext()).toBe('done');
    expect(heard.map((o) => o.status)).toEqual(['failed']);
    expect(repository.rows.get(id)!.status).toBe('failed');
    expect(warn).toHaveBeenCalledWith('After a settle: queue down');
  });

  it('a listener that cannot write: the settle is undone and the job runs again', async () => {
    let down = true;
    outcomes.listen(() =>
      down ? Promise.reject(new Error('database away')) : Promise.resolve(),
    );
    const { id } = repository.seed({ accountId: '1', status: 'queued' });
    analyse.mockResolvedValue(results);
    await analyses.dispatch(id, 1);
    expect(await jobs.runNext()).toEqual(new Error('database away'));
    expect(repository.rows.get(id)!.status).toBe('running');
    down = false;
    expect(await jobs.runNext()).toBe('done');
    expect(repository.rows.get(id)!.status).toBe('completed');
  });
});
