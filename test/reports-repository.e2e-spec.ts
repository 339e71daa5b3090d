import { Privacy, Report } from '../src/reports/report.entity.js';
import { ReportListRepository } from '../src/reports/report-list.repository.js';
import { ReportsRepository } from '../src/reports/reports.repository.js';
import { reportsRepositoryContract } from './support/reports-repository.contract.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The statements the repository writes by hand read what TypeORM would: a report read
 * by findForAccount equals the entity TypeORM maps, column for column, so a column
 * added to the entity and forgotten there fails here.
 */
describe('reports repository, written statements', () => {
  let t: TestApp;
  let reports: ReportsRepository;

  beforeAll(async () => {
    t = await startTestApp();
    reports = t.app.get(ReportsRepository);
  });
  afterAll(() => t?.close());

  it('findForAccount reads every column of the entity, typed as TypeORM types it', async () => {
    const { accountId } = await t.newAccount();
    const saved = await t.dataSource.getRepository(Report).save({
      accountId,
      url: 'https://example.com/Pricing',
      project: 'example.com',
      status: 'failed',
      result: 'good',
      score: 87,
      privacy: Privacy.Password,
      passwordHash: 'scrypt$x',
      shareToken: `token-${accountId}`,
      schedule: 'daily',
      // Not due: the app's schedule tick would start it (a new run) while the test reads it.
      nextRunAt: new Date('2096-01-02T03:04:05.678Z'),
      generatedAt: new Date('2026-01-01T00:00:00.001Z'),
      error: {
        code: 'timeout' as const,
        message: 'The page did not answer in time.',
      },
      results: { score: 87 } as unknown as Report['results'],
    });
    const mapped = await t.dataSource
      .getRepository(Report)
      .findOneByOrFail({ id: saved.id });
    const read = await reports.findForAccount(accountId, saved.id);
    expect(read).toBeInstanceOf(Report);
    expect(read).toEqual(mapped);
    const selected = t.dataSource
      .getMetadata(Report)
      .columns.filter((c) => c.isSelect)
      .map((c) => c.propertyName);
    const defined = Object.entries(read!).filter(([, v]) => v !== undefined);
    expect(defined.map(([name]) => name).sort()).toEqual(selected.sort());
    // Another account's report is not there.
    const other = await t.newAccount();
    expect(await reports.findForAccount(other.accountId, saved.id)).toBeNull();
  });
});

reportsRepositoryContract('the real one, on the database', async () => {
  const t = await startTestApp();
  return {
    reports: t.app.get(ReportsRepository),
    list: t.app.get(ReportListRepository),
    newAccount: async () => (await t.newAccount()).accountId,
    close: () => t.close(),
  };
});
