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
import { engineProviders } from '../../test/support/engine-providers.js';
import { AnalysisEngine } from '../analysis-jobs/analysis-engine.js';
import { DomainEvents } from '../events/domain-events.js';
import type { DomainEvent } from '../events/domain-events.js';
import { REPORT_EVENT_TYPES } from './report-events.js';
import { ReportSubjects } from './report-subjects.js';
import { ReportsRepository } from './reports.repository.js';

describe('a settled report run publishes its events in the settle', () => {
  let repository: FakeReportsRepository;
  let jobs: InlineJobQueue;
  let analyses: ReportSubjects;
  let engine: AnalysisEngine;
  let events: DomainEvents;
  let analyse: jest.Mock<Analyser['analyse']>;
  let heard: DomainEvent[];
  const results = judge(snapshotOf(GOOD_PAGE_HTML));

  beforeEach(async () => {
    heard = [];
    repository = new FakeReportsRepository();
    jobs = new InlineJobQueue();
    analyse = jest.fn<Analyser['analyse']>();
    const moduleRef = await Test.createTestingModule({
      providers: [
        ReportSubjects,
        ...engineProviders({ jobs, analyser: { analyse } }),
        { provide: ReportsRepository, useValue: repository },
        { provide: APP_CONFIG, useValue: loadConfig({}) },
      ],
    }).compile();
    analyses = moduleRef.get(ReportSubjects);
    engine = moduleRef.get(AnalysisEngine);
    events = moduleRef.get(DomainEvents);
    events.subscribe(REPORT_EVENT_TYPES, (published) => {
      heard.push(...published);
      return Promise.resolve();
    });
    analyses.onModuleInit();
    engine.onApplicationBootstrap();
  });

  afterEach(() => engine.onApplicationShutdown());

  it('a first completion: the stored report, no previous result', async () => {
    const { id } = repository.seed({ accountId: '1', status: 'queued' });
    analyse.mockResolvedValue(results);
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    await jobs.runNext();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      type: 'report.completed',
      accountId: '1',
      data: {
        id: Number(id),
        status: 'completed',
        score: results.score,
        previous_score: null,
        previous_result: null,
      },
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
    await analyses.dispatch([{ id: id, run: 2, accountId: '1' }]);
    await jobs.runNext();
    expect(heard[0].data).toMatchObject({
      previous_score: 12,
      previous_result: 'bad',
      score: results.score,
    });
    expect(heard.map((event) => event.type)).toEqual([
      'report.completed',
      'report.score_changed',
    ]);
  });

  it('a failure, once it is final; a step after commit that throws stops nothing', async () => {
    events.subscribe(['report.failed'], () =>
      Promise.resolve(() => Promise.reject(new Error('queue down'))),
    );
    const { id } = repository.seed({ accountId: '1', status: 'queued' });
    analyse.mockRejectedValue(
      new AnalysisError('not_html', 'Not a page.', false),
    );
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    const warn = jest
      .spyOn(events['logger'], 'warn')
      .mockImplementation(() => {});
    expect(await jobs.runNext()).toBe('done');
    expect(heard.map((event) => event.type)).toEqual(['report.failed']);
    expect(repository.rows.get(id)!.status).toBe('failed');
    expect(warn).toHaveBeenCalledWith('After a commit: queue down');
  });

  it('a listener that cannot write: the settle is undone and the job runs again', async () => {
    let down = true;
    events.subscribe(['report.completed'], () =>
      down ? Promise.reject(new Error('database away')) : Promise.resolve(),
    );
    const { id } = repository.seed({ accountId: '1', status: 'queued' });
    analyse.mockResolvedValue(results);
    await analyses.dispatch([{ id: id, run: 1, accountId: '1' }]);
    expect(await jobs.runNext()).toEqual(new Error('database away'));
    expect(repository.rows.get(id)!.status).toBe('running');
    down = false;
    expect(await jobs.runNext()).toBe('done');
    expect(repository.rows.get(id)!.status).toBe('completed');
  });
});
