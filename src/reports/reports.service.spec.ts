import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import { plainToInstance } from 'class-transformer';
import { FakeReportsRepository } from '../../test/support/fake-reports-repository.js';
import {
  Analyser,
  DEFAULT_ANALYSER_OPTIONS,
  judge,
} from '../analysis/index.js';
import type { Lookup } from '../analysis/index.js';
import { Clock } from '../common/clock.js';
import { ProblemException } from '../common/problem.js';
import type { ProblemDocument } from '../common/problem.js';
import { checkFields } from '../common/validation.js';
import { APP_CONFIG, loadConfig } from '../config/config.js';
import { CreateReportDto } from './dto/create-report.dto.js';
import { CreateReportsBatchDto } from './dto/create-reports-batch.dto.js';
import { ListReportsQuery } from './dto/list-reports.query.js';
import { UpdateReportDto } from './dto/update-report.dto.js';
import { verifyPassword } from '../sharing/password-hash.js';
import { InlineJobQueue } from '../../test/support/inline-job-queue.js';
import { engineProviders } from '../../test/support/engine-providers.js';
import { ReportListRepository } from './report-list.repository.js';
import { ScheduleTick } from '../schedules/schedule-tick.js';
import { ReportSubjects } from './report-subjects.js';
import { TestClock } from '../../test/support/test-clock.js';
import { Privacy } from './report.entity.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import {
  snapshotOf,
  GOOD_PAGE_HTML,
} from '../../test/support/snapshot-fixture.js';

/** Names resolve without a network: site.test is allowed, refused.test is not. */
const lookup: Lookup = (hostname) =>
  Promise.resolve([
    {
      address: hostname === 'refused.test' ? '127.0.0.2' : '127.0.0.1',
      family: 4,
    },
  ]);

/** A body as the global pipe hands it over: transformed, with its field errors. */
async function bodyOf<
  T extends CreateReportDto | CreateReportsBatchDto | UpdateReportDto,
>(dto: new () => T, plain: object): Promise<T> {
  const { value, errors } = await checkFields(dto, plain);
  value.fieldErrors = errors;
  return value;
}

/** The problem a call answers with; a failure when it answers none. */
async function refusal(work: Promise<unknown>): Promise<ProblemDocument> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemException);
  return (error as ProblemException).toDocument();
}

/** The fields a 422 names, sorted. */
async function fieldsRefused(work: Promise<unknown>): Promise<string[]> {
  const problem = await refusal(work);
  expect(problem.status).toBe(422);
  return Object.keys(problem.errors ?? {}).sort();
}

describe('ReportsService', () => {
  let repository: FakeReportsRepository;
  let service: ReportsService;
  let moduleRef: TestingModule;
  const ran: string[] = [];
  const results = judge(snapshotOf(GOOD_PAGE_HTML));
  let clock: TestClock;

  beforeEach(async () => {
    ran.length = 0;
    clock = new TestClock(new Date('2026-11-23T10:00:00.000Z'));
    repository = new FakeReportsRepository();
    // No network here: every analysis finds the well-made page.
    const analyser = new (class extends Analyser {
      override analyse(url: string) {
        ran.push(url);
        return Promise.resolve(results);
      }
    })({ ...DEFAULT_ANALYSER_OPTIONS, allowHosts: ['127.0.0.1'] }, { lookup });
    moduleRef = await Test.createTestingModule({
      // The tick finds ReportsService, a schedulable kind, by discovery.
      imports: [DiscoveryModule],
      providers: [
        ReportsService,
        ReportSubjects,
        ScheduleTick,
        ...engineProviders({ jobs: new InlineJobQueue(true), analyser }),
        { provide: ReportsRepository, useValue: repository },
        { provide: ReportListRepository, useValue: repository.list },
        { provide: Clock, useValue: clock },
        { provide: APP_CONFIG, useValue: loadConfig({}) },
      ],
    }).compile();
    await moduleRef.init();
    service = moduleRef.get(ReportsService);
  });

  // Stops the sweep the module started, so nothing runs after the test.
  afterEach(() => moduleRef.close());

  describe('create', () => {
    it('stores the normalised URL and its project, private by default, and analyses it', async () => {
      const body = await bodyOf(CreateReportDto, {
        url: 'HTTPS://WWW.Site.test:443/Pricing#plans',
      });
      const report = await service.create('1', body, 'wait');
      expect(report).toMatchObject({
        url: 'https://www.site.test/Pricing',
        project: 'site.test',
        privacy: Privacy.Private,
        status: 'completed',
        result: results.rating,
        passwordHash: null,
      });
      expect(ran).toEqual(['https://www.site.test/Pricing']);
    });

    it('answers the queued report at once when asked to, and analyses it', async () => {
      const body = await bodyOf(CreateReportDto, { url: 'https://site.test/' });
      const report = await service.create('1', body, 'async');
      expect(report.status).toBe('queued');
      expect(ran).toEqual(['https://site.test/']);
      expect(repository.rows.get(report.id)!.status).toBe('completed');
    });

    it('refuses with 429 past the analyses in flight of an account, storing nothing', async () => {
      for (let i = 0; i < 100; i++) {
        repository.seed({ accountId: '1', status: 'queued' });
      }
      const body = await bodyOf(CreateReportDto, { url: 'https://site.test/' });
      const problem = await refusal(service.create('1', body, 'async'));
      expect(problem.status).toBe(429);
      expect(repository.rows.size).toBe(100);
      // Other accounts are not held up.
      await service.create('2', body, 'async');
    });

    it('names a refused address beside the bad fields, and stores nothing', async () => {
      const body = await bodyOf(CreateReportDto, {
        url: 'https://refused.test/',
        privacy: 9,
      });
      expect(await fieldsRefused(service.create('1', body, 'wait'))).toEqual([
        'privacy',
        'url',
      ]);
      expect(repository.rows.size).toBe(0);
    });

    it.each([
      [{ privacy: 1, password: 'x' }, 'only accepted'],
      [{ password: 'x' }, 'only accepted'],
      [{ privacy: 2 }, 'required'],
    ])(
      'applies the password rule to %j with one wording',
      async (fields, wording) => {
        const body = await bodyOf(CreateReportDto, {
          url: 'https://site.test/',
          ...fields,
        });
        expect(await refusal(service.create('1', body, 'wait'))).toMatchObject({
          status: 422,
          errors: { password: [expect.stringContaining(wording)] },
        });
        expect(repository.rows.size).toBe(0);
      },
    );

    it('stores a password report with a hash of its password, never the password', async () => {
      const body = await bodyOf(CreateReportDto, {
        url: 'https://site.test/',
        privacy: '2',
        password: 'open sesame',
      });
      const report = await service.create('1', body, 'wait');
      const stored = repository.rows.get(report.id)!;
      expect(stored.privacy).toBe(Privacy.Password);
      expect(stored.passwordHash).not.toContain('open sesame');
      expect(await verifyPassword('open sesame', stored.passwordHash!)).toBe(
        true,
      );
    });
  });

  describe('createBatch', () => {
    const batchOf = (reports: unknown[]) =>
      bodyOf(CreateReportsBatchDto, { reports });

    it('queues every report in the batch order, and analyses each', async () => {
      const body = await batchOf([
        { url: 'https://site.test/a' },
        { url: 'https://site.test/b', privacy: 0 },
        { url: 'https://site.test/c', privacy: 2, password: 'secret' },
      ]);
      const reports = await service.createBatch('1', body);
      expect(reports.map((r) => [r.url, r.status, r.privacy])).toEqual([
        ['https://site.test/a', 'queued', Privacy.Private],
        ['https://site.test/b', 'queued', Privacy.Public],
        ['https://site.test/c', 'queued', Privacy.Password],
      ]);
      expect(await verifyPassword('secret', reports[2].passwordHash!)).toBe(
        true,
      );
      expect(ran.sort()).toEqual([
        'https://site.test/a',
        'https://site.test/b',
        'https://site.test/c',
      ]);
    });

    it('names every refused item by index, the address policy and password rule included, and stores none', async () => {
      const body = await batchOf([
        { url: 'https://site.test/' },
        { url: 'ftp://site.test/' },
        { url: 'https://refused.test/' },
        { url: 'https://site.test/', privacy: 2 },
        { url: 'https://site.test/', privacy: 7 },
      ]);
      expect(await fieldsRefused(service.createBatch('1', body))).toEqual([
        'reports.1.url',
        'reports.2.url',
        'reports.3.password',
        'reports.4.privacy',
      ]);
      expect(repository.rows.size).toBe(0);
    });

    it.each([
      ['empty', []],
      ['over 100 items', Array(101).fill({ url: 'https://site.test/' })],
      ['not an array', 'https://site.test/'],
      [
        'holding an array as an item',
        [{ url: 'https://site.test/' }, [{ url: 'https://site.test/' }]],
      ],
      ['holding a null item', [{ url: 'https://site.test/' }, null]],
    ])('refuses a batch that is %s, naming reports', async (_what, reports) => {
      const body = await bodyOf(CreateReportsBatchDto, { reports });
      expect(await fieldsRefused(service.createBatch('1', body))).toEqual([
        'reports',
      ]);
      expect(repository.rows.size).toBe(0);
    });

    it('refuses a batch whole (429) when it would pass the analyses in flight', async () => {
      for (let i = 0; i < 98; i++) {
        repository.seed({ accountId: '1', status: 'queued' });
      }
      const body = await batchOf(Array(3).fill({ url: 'https://site.test/' }));
      expect((await refusal(service.createBatch('1', body))).status).toBe(429);
      expect(repository.rows.size).toBe(98);
      const fits = await batchOf(Array(2).fill({ url: 'https://site.test/' }));
      expect(await service.createBatch('1', fits)).toHaveLength(2);
    });
  });

  describe('schedules', () => {
    const DAY_MS = 24 * 60 * 60_000;

    it('sets the first run one period after create, and none without a schedule', async () => {
      const daily = await service.create(
        '1',
        await bodyOf(CreateReportDto, {
          url: 'https://site.test/',
          schedule: 'daily',
        }),
        'async',
      );
      expect(daily.schedule).toBe('daily');
      expect(daily.nextRunAt).toEqual(new Date(clock.now().getTime() + DAY_MS));
      const plain = await service.create(
        '1',
        await bodyOf(CreateReportDto, { url: 'https://site.test/' }),
        'async',
      );
      expect([plain.schedule, plain.nextRunAt]).toEqual([null, null]);
    });

    it('changes the schedule on update: weekly from now, the same one kept, off (or null) cleared', async () => {
      const stored = repository.seed({
        accountId: '1',
        schedule: 'daily',
        nextRunAt: new Date('2026-11-23T12:00:00.000Z'),
      });
      const update = async (fields: object) =>
        (
          await service.update(
            '1',
            stored.id,
            await bodyOf(UpdateReportDto, fields),
            'async',
          )
        ).report;
      expect((await update({ schedule: 'daily' })).nextRunAt).toEqual(
        new Date('2026-11-23T12:00:00.000Z'),
      );
      expect(await update({ schedule: 'weekly' })).toMatchObject({
        schedule: 'weekly',
        nextRunAt: new Date(clock.now().getTime() + 7 * DAY_MS),
      });
      expect(await update({ schedule: 'off' })).toMatchObject({
        schedule: null,
        nextRunAt: null,
      });
      await update({ schedule: 'daily' });
      expect(await update({ schedule: null })).toMatchObject({
        schedule: null,
        nextRunAt: null,
      });
      expect(
        await fieldsRefused(
          service.update(
            '1',
            stored.id,
            await bodyOf(UpdateReportDto, { schedule: 'hourly' }),
            'async',
          ),
        ),
      ).toEqual(['schedule']);
    });

    it('runs a due schedule as a re-run, and moves its next run on by a day', async () => {
      const due = new Date('2026-11-23T09:00:00.000Z');
      const stored = repository.seed({
        accountId: '1',
        url: 'https://site.test/due',
        schedule: 'daily',
        nextRunAt: due,
      });
      repository.seed({
        accountId: '1',
        schedule: 'daily',
        nextRunAt: new Date('2026-11-23T11:00:00.000Z'),
      });
      expect(await moduleRef.get(ScheduleTick).tick()).toBe(1);
      expect(ran).toEqual(['https://site.test/due']);
      expect(repository.rows.get(stored.id)).toMatchObject({
        run: 2,
        status: 'completed',
        nextRunAt: new Date('2026-11-24T09:00:00.000Z'),
      });
    });

    it('postpones a due schedule of a busy account, and runs it once it is not', async () => {
      for (let i = 0; i < 100; i++) {
        repository.seed({ accountId: '1', status: 'queued' });
      }
      const stored = repository.seed({
        accountId: '1',
        schedule: 'weekly',
        nextRunAt: new Date('2026-11-23T09:00:00.000Z'),
      });
      expect(await moduleRef.get(ScheduleTick).tick()).toBe(0);
      expect(repository.rows.get(stored.id)!.nextRunAt).toEqual(
        new Date(clock.now().getTime() + 60_000),
      );
      for (const r of repository.rows.values()) r.status = 'completed';
      clock.advance(60_000);
      expect(await moduleRef.get(ScheduleTick).tick()).toBe(1);
      expect(repository.rows.get(stored.id)!.run).toBe(2);
    });
  });

  describe('update', () => {
    const update = async (id: string, plain: object, account = '1') =>
      service.update(account, id, await bodyOf(UpdateReportDto, plain), 'wait');

    it('refuses a body with none of its fields, naming them all', async () => {
      const { id } = repository.seed({ accountId: '1' });
      expect(await fieldsRefused(update(id, {}))).toEqual([
        'password',
        'privacy',
        'results',
        'rotate_share_token',
        'schedule',
      ]);
    });

    it('names the rules of the stored report beside the bad fields, writing nothing', async () => {
      const { id } = repository.seed({ accountId: '1' });
      expect(
        await fieldsRefused(update(id, { results: 7, privacy: 2 })),
      ).toEqual(['password', 'results']);
      expect(repository.rows.get(id)!.privacy).toBe(Privacy.Private);
    });

    it("answers 404 for another account's report", async () => {
      const { id } = repository.seed({ accountId: '1' });
      expect(await refusal(update(id, { privacy: 0 }, '2'))).toMatchObject({
        status: 404,
      });
    });

    it('keeps a stored password on a password report and drops it on leaving privacy 2', async () => {
      const { id } = repository.seed({
        accountId: '1',
        privacy: Privacy.Password,
        passwordHash: 'scrypt$stored',
        shareToken: 'a-token-since-its-first-share',
      });
      // Privacy 2 again needs no new password: the stored one stays, and so do cookies.
      await update(id, { privacy: 2 });
      expect(repository.rows.get(id)).toMatchObject({
        passwordHash: 'scrypt$stored',
        shareVersion: 0,
      });
      await update(id, { privacy: 0 });
      expect(repository.rows.get(id)).toMatchObject({
        privacy: Privacy.Public,
        passwordHash: null,
        shareVersion: 1,
      });
      expect(await fieldsRefused(update(id, { privacy: 2 }))).toEqual([
        'password',
      ]);
      expect(await fieldsRefused(update(id, { password: 'x' }))).toEqual([
        'password',
      ]);
    });

    it('re-runs the analysis with results=1, as a new run, and answers the new result', async () => {
      const { id } = repository.seed({ accountId: '1', status: 'failed' });
      const { report, rerun } = await update(id, { results: '1' });
      expect(rerun).toBe(true);
      expect(ran).toEqual(['https://example.com/']);
      expect(report).toMatchObject({ status: 'completed', run: 2 });
    });

    it('joins the analysis under way rather than asking for another', async () => {
      const { id } = repository.seed({ accountId: '1', status: 'running' });
      await update(id, { results: 1 });
      expect(repository.rows.get(id)!.run).toBe(1);
    });
  });

  describe('list', () => {
    const query = (plain: object) => plainToInstance(ListReportsQuery, plain);

    it('reads the page at its offset, after counting', async () => {
      for (let i = 0; i < 25; i++) repository.seed({ accountId: '1' });
      repository.seed({ accountId: '2' });
      const page = await service.list('1', query({ page: 2, per_page: 10 }));
      expect(page.total).toBe(25);
      expect(page.reports.map((r) => Number(r.id))).toEqual([
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
      ]);
      expect(repository.list.pagesRead).toEqual([
        { offset: 10, limit: 10, total: 25 },
      ]);
    });

    it('reads no page past the end, and still tells the total', async () => {
      for (let i = 0; i < 3; i++) repository.seed({ accountId: '1' });
      const page = await service.list('1', query({ page: 5 }));
      expect(page).toMatchObject({ reports: [], total: 3, page: 5 });
      expect(repository.list.pagesRead).toEqual([]);
    });
  });

  it('removes only a report of the account', async () => {
    const { id } = repository.seed({ accountId: '1' });
    expect(await refusal(service.remove('2', id))).toMatchObject({
      status: 404,
    });
    await service.remove('1', id);
    expect(repository.rows.has(id)).toBe(false);
  });
});
