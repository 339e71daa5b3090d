import { jest } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { engineProviders } from '../../test/support/engine-providers.js';
import { InlineJobQueue } from '../../test/support/inline-job-queue.js';
import { AnalysisError } from '../analysis/index.js';
import { APP_CONFIG, loadConfig } from '../config/config.js';
import { DomainEvents } from '../events/domain-events.js';
import type { Outbox } from '../events/domain-events.js';
import { AnalysisEngine } from './analysis-engine.js';
import type {
  AnalysisFailure,
  AnalysisRef,
  AnalysisSubject,
  ClaimedAnalysis,
  QueuedRun,
} from './analysis-subject.js';
import { AnalysisSubjects } from './analysis-subjects.js';

type Status = 'queued' | 'running' | 'completed' | 'failed';

/** A second kind of analysed thing, in memory: what a new subject implements. */
class PageSubject implements AnalysisSubject<ClaimedAnalysis, string> {
  readonly kind = 'page';
  readonly queue = { name: 'pages', concurrency: 2, perAccount: 1 };
  /** Slow pages go on a queue of their own. */
  readonly moreQueues = [{ name: 'slow-pages', concurrency: 1, perAccount: 1 }];
  readonly rows = new Map<
    string,
    {
      status: Status;
      run: number;
      attempts: number;
      outcome?: string;
      slow?: boolean;
    }
  >();

  claim({ id, run }: AnalysisRef): Promise<ClaimedAnalysis | null> {
    const row = this.rows.get(id);
    if (!row || row.run !== run || !['queued', 'running'].includes(row.status))
      return Promise.resolve(null);
    row.status = 'running';
    return Promise.resolve({
      url: `https://site.test/${id}`,
      attempts: row.attempts,
      accountId: '1',
    });
  }

  analyse(claim: ClaimedAnalysis): Promise<string> {
    return Promise.resolve(`judged ${claim.url}`);
  }

  async complete(
    ref: AnalysisRef,
    _claim: ClaimedAnalysis,
    results: string,
    outbox: Outbox,
  ): Promise<boolean> {
    return this.settle(ref, 'completed', results, outbox);
  }

  async fail(
    ref: AnalysisRef,
    _claim: ClaimedAnalysis,
    failure: AnalysisFailure,
    outbox: Outbox,
  ): Promise<boolean> {
    return this.settle(ref, 'failed', failure.code, outbox);
  }

  retryLater({ id }: AnalysisRef): Promise<boolean> {
    const row = this.rows.get(id)!;
    row.status = 'queued';
    row.attempts++;
    return Promise.resolve(true);
  }

  findUnsettled(
    _before: Date,
    _limit: number,
    queue: string,
  ): Promise<QueuedRun[]> {
    return Promise.resolve(
      [...this.rows.entries()]
        .filter(([, row]) => ['queued', 'running'].includes(row.status))
        .filter(([, row]) => (row.slow === true) === (queue === 'slow-pages'))
        .map(([id, row]) => ({
          id,
          run: row.run,
          accountId: '1',
          position: 1,
        })),
    );
  }

  settledAmong(ids: string[]): Promise<string[]> {
    return Promise.resolve(
      ids.filter((id) =>
        ['completed', 'failed'].includes(this.rows.get(id)?.status ?? ''),
      ),
    );
  }

  private async settle(
    { id, run }: AnalysisRef,
    status: Status,
    outcome: string,
    outbox: Outbox,
  ): Promise<boolean> {
    const row = this.rows.get(id)!;
    if (row.run !== run || row.status !== 'running') return false;
    Object.assign(row, { status, outcome });
    await outbox.publish({} as never, [
      {
        type: 'report.completed',
        accountId: '1',
        data: { id },
        occurredAt: new Date(),
      },
    ]);
    return true;
  }
}

describe('AnalysisEngine: any subject that implements the port', () => {
  let jobs: InlineJobQueue;
  let engine: AnalysisEngine;
  let pages: PageSubject;
  let events: DomainEvents;
  const announced: string[] = [];
  const afterCommit = jest.fn(() => Promise.resolve());

  beforeEach(async () => {
    announced.length = 0;
    afterCommit.mockClear();
    jobs = new InlineJobQueue();
    const moduleRef = await Test.createTestingModule({
      providers: [
        ...engineProviders({
          jobs,
          analyser: { analyse: () => Promise.reject(new Error('unused')) },
          announced,
        }),
        { provide: APP_CONFIG, useValue: loadConfig({}) },
      ],
    }).compile();
    engine = moduleRef.get(AnalysisEngine);
    events = moduleRef.get(DomainEvents);
    events.subscribe(['report.completed'], () => Promise.resolve(afterCommit));
    pages = new PageSubject();
    moduleRef.get(AnalysisSubjects).register(pages);
    engine.onApplicationBootstrap();
  });

  afterEach(() => engine.onApplicationShutdown());

  it('adds a run to the queue its subject names, keyed by kind, id and run', async () => {
    pages.rows.set('7', { status: 'queued', run: 1, attempts: 0 });
    await engine.dispatch('page', {
      id: '7',
      run: 1,
      accountId: '1',
      position: 1,
    });
    expect(
      jobs.waiting.map((w) => [w.queue, w.options.key, w.options.priority]),
    ).toEqual([['pages', 'page-7-run-1', 1]]);
  });

  it('claims, analyses and settles; then announces and runs the after-commit steps once', async () => {
    pages.rows.set('7', { status: 'queued', run: 1, attempts: 0 });
    await engine.dispatch('page', {
      id: '7',
      run: 1,
      accountId: '1',
      position: 1,
    });
    expect(await jobs.runNext()).toBe('done');
    expect(pages.rows.get('7')).toMatchObject({
      status: 'completed',
      outcome: 'judged https://site.test/7',
    });
    expect(announced).toEqual(['page:7']);
    expect(afterCommit).toHaveBeenCalledTimes(1);
  });

  it('retries a transient failure through the subject, then fails it for good', async () => {
    pages.rows.set('7', { status: 'queued', run: 1, attempts: 0 });
    jest
      .spyOn(pages, 'analyse')
      .mockRejectedValue(new AnalysisError('connection', 'Refused.'));
    await engine.dispatch('page', {
      id: '7',
      run: 1,
      accountId: '1',
      position: 1,
    });
    expect(await jobs.runNext()).not.toBe('done');
    expect(await jobs.runNext()).not.toBe('done');
    expect(await jobs.runNext()).toBe('done');
    expect(pages.rows.get('7')).toMatchObject({
      status: 'failed',
      outcome: 'connection',
      attempts: 2,
    });
  });

  it('ends a job of a kind nobody registered, and refuses to dispatch one', async () => {
    const error = jest
      .spyOn(engine['logger'], 'error')
      .mockImplementation(() => {});
    await engine.run({
      key: 'k',
      data: { kind: 'nothing', id: '1', run: 1 },
      attempt: 1,
    });
    expect(error).toHaveBeenCalledWith(
      'A job of an unknown kind of analysis: nothing',
    );
    await expect(
      engine.dispatch('nothing', {
        id: '1',
        run: 1,
        accountId: '1',
        position: 1,
      }),
    ).rejects.toThrow('No analysis subject of kind nothing');
  });

  it('adds a run that names one of its subject’s more queues to that one, and refuses a queue it has not', async () => {
    pages.rows.set('7', { status: 'queued', run: 1, attempts: 0, slow: true });
    await engine.dispatch('page', {
      id: '7',
      run: 1,
      accountId: '1',
      position: 1,
      queue: 'slow-pages',
    });
    expect(jobs.waiting.map((w) => [w.queue, w.options.key])).toEqual([
      ['slow-pages', 'page-7-run-1'],
    ]);
    await expect(
      engine.dispatch('page', {
        id: '7',
        run: 1,
        accountId: '1',
        position: 1,
        queue: 'analyses',
      }),
    ).rejects.toThrow('The page subject has no queue analyses');
  });

  it('sweeps each of a subject’s queues for the lost runs that belong there', async () => {
    pages.rows.set('8', { status: 'queued', run: 3, attempts: 0 });
    pages.rows.set('9', { status: 'queued', run: 1, attempts: 0, slow: true });
    await engine['queues'].get('slow-pages')!.sweep();
    await engine['queues'].get('pages')!.sweep();
    expect(jobs.waiting.map((w) => [w.queue, w.data])).toEqual([
      ['slow-pages', { kind: 'page', id: '9', run: 1 }],
      ['pages', { kind: 'page', id: '8', run: 3 }],
    ]);
  });

  it("sweeps a queue for its own subjects' lost runs only", async () => {
    pages.rows.set('8', { status: 'queued', run: 3, attempts: 0 });
    await engine['queues'].get('pages')!.sweep();
    await engine['queues'].get('analyses')!.sweep();
    expect(jobs.waiting.map((w) => [w.queue, w.data, w.options.group])).toEqual(
      [['pages', { kind: 'page', id: '8', run: 3 }, 'account:1']],
    );
  });
});
