import { plainToInstance } from 'class-transformer';
import { GOOD_PAGE_HTML, snapshotOf } from './snapshot-fixture.js';
import { judge } from '../../src/analysis/index.js';
import { ListReportsQuery } from '../../src/reports/dto/list-reports.query.js';
import { Privacy } from '../../src/reports/report.entity.js';
import { newShareToken } from '../../src/sharing/share-token.js';
import type {
  AccountReportCounts,
  NewReport,
  ReportsRepository,
} from '../../src/reports/reports.repository.js';
import type { ReportListRepository } from '../../src/reports/report-list.repository.js';

/** A repository under the contract, and how to make the accounts its rows belong to. */
export interface ContractSubject {
  reports: Pick<ReportsRepository, keyof ReportsRepository>;
  list: Pick<ReportListRepository, 'countMatching' | 'page'>;
  newAccount(): Promise<string>;
  close?(): Promise<void>;
}

const results = judge(snapshotOf(GOOD_PAGE_HTML));

function newReport(
  accountId: string,
  fields: Partial<NewReport> = {},
): NewReport {
  return {
    accountId,
    url: 'https://example.com/pricing',
    project: 'example.com',
    privacy: Privacy.Private,
    passwordHash: null,
    shareToken: null,
    render: false,
    lab: false,
    schedule: null,
    nextRunAt: null,
    ...fields,
  };
}

/** An admit that lets every write go ahead. */
const admitAll = () => {};

/** An admit that refuses past `cap` analyses in flight, as the service's does. */
function inFlightCap(cap: number, adding = 1) {
  return ({ inFlight }: AccountReportCounts) => {
    if (inFlight + adding > cap) throw new Error('busy');
  };
}

function query(fields: Record<string, unknown>): ListReportsQuery {
  return plainToInstance(ListReportsQuery, {
    sort_by: 'id',
    sort: 'desc',
    per_page: 10,
    page: 1,
    ...fields,
  });
}

/**
 * The cases the services rely on, run against the in-memory fake their unit tests
 * use and against the real repositories on PostgreSQL: the fake answers as the real
 * one does, or this suite fails on one of them.
 */
export function reportsRepositoryContract(
  name: string,
  open: () => Promise<ContractSubject>,
): void {
  describe(`the reports repository contract: ${name}`, () => {
    let s: ContractSubject;
    let account: string;

    beforeAll(async () => {
      s = await open();
    });
    afterAll(() => s?.close?.());
    beforeEach(async () => {
      account = await s.newAccount();
    });

    const queued = async (fields: Partial<NewReport> = {}) =>
      (await s.reports.insertQueued([newReport(account, fields)], admitAll))[0];

    it('stores a report queued as run 1, read back by its account only', async () => {
      const report = await queued({ url: 'https://example.com/a' });
      expect(report).toMatchObject({
        status: 'queued',
        run: 1,
        attempts: 0,
        score: null,
        url: 'https://example.com/a',
      });
      const read = await s.reports.findForAccount(account, report.id);
      expect(read).toMatchObject({ id: report.id, status: 'queued', run: 1 });
      expect(await s.reports.exists(account, report.id)).toBe(true);
      const other = await s.newAccount();
      expect(await s.reports.findForAccount(other, report.id)).toBeNull();
      expect(await s.reports.exists(other, report.id)).toBe(false);
    });

    it("lets a create be judged on the account's counts, storing nothing when refused", async () => {
      const seen: AccountReportCounts[] = [];
      const admit = (counts: AccountReportCounts) => {
        seen.push(counts);
        inFlightCap(2)(counts);
      };
      await s.reports.insertQueued([newReport(account)], admit);
      await s.reports.insertQueued(
        [newReport(account, { schedule: 'daily', nextRunAt: new Date() })],
        admit,
      );
      await expect(
        s.reports.insertQueued([newReport(account)], admit),
      ).rejects.toThrow('busy');
      expect(seen).toEqual([
        { inFlight: 0, scheduled: 0 },
        { inFlight: 1, scheduled: 0 },
        { inFlight: 2, scheduled: 1 },
      ]);
      expect((await s.list.countMatching(account, query({}))).total).toBe(2);
    });

    it('stores a batch whole in its order, or none when refused', async () => {
      const urls = ['https://a.test/1', 'https://a.test/2', 'https://a.test/3'];
      const batch = await s.reports.insertQueued(
        urls.map((url) => newReport(account, { url })),
        inFlightCap(3, 3),
      );
      expect(batch.map((r) => r.url)).toEqual(urls);
      expect(batch.map((r) => Number(r.id))).toEqual(
        [...batch.map((r) => Number(r.id))].sort((a, b) => a - b),
      );
      await expect(
        s.reports.insertQueued([newReport(account)], inFlightCap(3)),
      ).rejects.toThrow('busy');
      expect((await s.list.countMatching(account, query({}))).total).toBe(3);
    });

    it('claims a run once it is asked for, with the result it had before', async () => {
      const report = await queued();
      expect(await s.reports.claim(report.id, 2)).toBeNull();
      expect(await s.reports.claim(report.id, 1)).toEqual({
        url: report.url,
        render: false,
        lab: false,
        attempts: 0,
        accountId: account,
        previous: { score: null, result: null },
      });
      // A dead worker's run is claimed again.
      expect(await s.reports.claim(report.id, 1)).not.toBeNull();
    });

    it('keeps render: true of a report, and claims its runs with it', async () => {
      const report = await queued({ render: true });
      expect(report.render).toBe(true);
      expect(await s.reports.findForAccount(account, report.id)).toMatchObject({
        render: true,
      });
      expect(await s.reports.claim(report.id, 1)).toMatchObject({
        render: true,
      });
    });

    it('keeps lab: true of a report, and claims its runs with it', async () => {
      const report = await queued({ lab: true });
      expect(await s.reports.findForAccount(account, report.id)).toMatchObject({
        lab: true,
        render: false,
      });
      expect(await s.reports.claim(report.id, 1)).toMatchObject({ lab: true });
    });

    it('completes a running run once, and keeps its results', async () => {
      const report = await queued();
      expect(await s.reports.complete(report.id, 1, results)).toBe(false);
      await s.reports.claim(report.id, 1);
      expect(await s.reports.complete(report.id, 1, results)).toBe(true);
      expect(await s.reports.complete(report.id, 1, results)).toBe(false);
      expect(await s.reports.findForAccount(account, report.id)).toMatchObject({
        status: 'completed',
        score: results.score,
        result: results.rating,
        error: null,
      });
      expect(await s.reports.claim(report.id, 1)).toBeNull();
      expect(await s.reports.settledAmong([report.id, '999999999'])).toEqual([
        report.id,
      ]);
    });

    it('a settle whose step throws stores nothing', async () => {
      const report = await queued();
      await s.reports.claim(report.id, 1);
      await expect(
        s.reports.complete(report.id, 1, results, () =>
          Promise.reject(new Error('listener down')),
        ),
      ).rejects.toThrow('listener down');
      expect((await s.reports.findForAccount(account, report.id))!.status).toBe(
        'running',
      );
    });

    it('retries a running run later, counting the attempt, then fails it keeping the last result', async () => {
      const report = await queued();
      await s.reports.claim(report.id, 1);
      await s.reports.complete(report.id, 1, results);
      const rerun = await s.reports.changeLocked(account, report.id, () => ({
        requeue: true,
      }));
      expect(rerun).toMatchObject({ status: 'queued', run: 2, attempts: 0 });
      expect(await s.reports.retryLater(report.id, 2)).toBe(false);
      await s.reports.claim(report.id, 2);
      expect(await s.reports.retryLater(report.id, 2)).toBe(true);
      expect(await s.reports.claim(report.id, 2)).toMatchObject({
        attempts: 1,
        previous: { score: results.score, result: results.rating },
      });
      const error = { code: 'timeout' as const, message: 'Too slow.' };
      expect(await s.reports.fail(report.id, 2, error)).toBe(true);
      expect(await s.reports.findForAccount(account, report.id)).toMatchObject({
        status: 'failed',
        error,
        score: results.score,
      });
    });

    it("changes privacy and schedule under its lock, judged on the account's counts; a refused change writes nothing; null for another account", async () => {
      const report = await queued();
      await queued({ schedule: 'weekly', nextRunAt: new Date() });
      const token = newShareToken();
      let seen: AccountReportCounts | null = null;
      const changed = await s.reports.changeLocked(
        account,
        report.id,
        (_locked, counts) => {
          seen = counts;
          return { privacy: Privacy.Public, shareToken: token };
        },
      );
      expect(seen).toEqual({ inFlight: 2, scheduled: 1 });
      expect(changed).toMatchObject({
        privacy: Privacy.Public,
        shareToken: token,
        shareVersion: report.shareVersion + 1,
      });
      await expect(
        s.reports.changeLocked(account, report.id, () => {
          throw new Error('busy');
        }),
      ).rejects.toThrow('busy');
      const other = await s.newAccount();
      expect(
        await s.reports.changeLocked(other, report.id, () => ({})),
      ).toBeNull();
      expect(await s.reports.findShared(token)).toMatchObject({
        id: report.id,
      });
      await s.reports.changeLocked(account, report.id, () => ({
        privacy: Privacy.Private,
      }));
      expect(await s.reports.findShared(token)).toBeNull();
    });

    it('starts due schedules, joins runs under way, postpones a busy account', async () => {
      const due = new Date(Date.now() - 60_000);
      const now = new Date();
      const later = new Date(Date.now() + 3_600_000);
      const settledDue = await queued({ schedule: 'daily', nextRunAt: due });
      await s.reports.claim(settledDue.id, 1);
      await s.reports.complete(settledDue.id, 1, results);
      const underWay = await queued({ schedule: 'daily', nextRunAt: due });
      const { started } = await s.reports.runDueSchedules(now, 100, 100, later);
      const mine = started.filter((r) =>
        [settledDue.id, underWay.id].includes(r.id),
      );
      // Its place: the report under way is in flight too.
      expect(mine).toEqual([
        {
          id: settledDue.id,
          run: 2,
          accountId: account,
          position: 2,
          lab: false,
        },
      ]);
      const moved = await s.reports.findForAccount(account, underWay.id);
      expect(moved!.nextRunAt!.getTime()).toBeGreaterThan(now.getTime());
      // A busy account: postponed, not started.
      const busyAccount = await s.newAccount();
      const [waiting] = await s.reports.insertQueued(
        [newReport(busyAccount, { schedule: 'weekly', nextRunAt: due })],
        admitAll,
      );
      await s.reports.claim(waiting.id, 1);
      await s.reports.complete(waiting.id, 1, results);
      await s.reports.insertQueued([newReport(busyAccount)], admitAll);
      const second = await s.reports.runDueSchedules(now, 100, 1, later);
      expect(second.started.map((r) => r.id)).not.toContain(waiting.id);
      expect(
        (await s.reports.findForAccount(busyAccount, waiting.id))!.nextRunAt,
      ).toEqual(later);
    });

    it("takes due schedules fairly: every account's first before any account's second", async () => {
      // Due ten minutes from now, by this test's clock only: the schedule tick of any app
      // on the same database (the real clock) must not start them first.
      const now = new Date(Date.now() + 600_000);
      const later = new Date(now.getTime() + 3_600_000);
      const early = new Date(now.getTime() - 120_000);
      const settle = async (owner: string, nextRunAt: Date) => {
        const [report] = await s.reports.insertQueued(
          [newReport(owner, { schedule: 'daily', nextRunAt })],
          admitAll,
        );
        await s.reports.claim(report.id, 1);
        await s.reports.complete(report.id, 1, results);
        return report.id;
      };
      const crowd = [];
      for (let i = 0; i < 3; i++) crowd.push(await settle(account, early));
      const other = await s.newAccount();
      const single = await settle(other, new Date(now.getTime() - 60_000));
      const ours = new Set([...crowd, single]);
      const taken: string[] = [];
      for (;;) {
        const { started, taken: n } = await s.reports.runDueSchedules(
          now,
          2,
          100,
          later,
        );
        taken.push(...started.map((r) => r.id).filter((id) => ours.has(id)));
        if (n < 2) break;
      }
      expect(taken.slice(0, 2).sort()).toEqual([crowd[0], single].sort());
      expect(taken.sort()).toEqual([...ours].sort());
    });

    it('finds unsettled reports that waited, with their places, and deletes only its own', async () => {
      const report = await queued();
      const second = await queued();
      const ahead = new Date(Date.now() + 60_000);
      const found = await s.reports.findUnsettledSince(ahead, 100_000);
      expect(found.filter((r) => r.accountId === account)).toEqual([
        { id: report.id, run: 1, accountId: account, position: 1 },
        { id: second.id, run: 1, accountId: account, position: 2 },
      ]);
      expect(await s.reports.inFlightCount(account)).toBe(2);
      expect(
        (
          await s.reports.findUnsettledSince(new Date(Date.now() - 60_000), 10)
        ).map((r) => r.id),
      ).not.toContain(report.id);
      // Runs with lab: true are found apart (their queue is another), and without the filter too.
      const measured = await queued({ lab: true });
      const mine = async (lab?: boolean) =>
        (await s.reports.findUnsettledSince(ahead, 100_000, lab))
          .filter((r) => r.accountId === account)
          .map((r) => r.id);
      expect(await mine(true)).toEqual([measured.id]);
      expect(await mine(false)).toEqual([report.id, second.id]);
      expect(await mine()).toEqual([report.id, second.id, measured.id]);
      const other = await s.newAccount();
      expect(await s.reports.delete(other, report.id)).toBe(false);
      expect(await s.reports.delete(account, report.id)).toBe(true);
      expect(await s.reports.findForAccount(account, report.id)).toBeNull();
    });

    it('lists the account only, newest first, with its total, by search and project', async () => {
      const ids: string[] = [];
      for (const url of [
        'https://shop.test/pricing',
        'https://blog.test/post',
        'https://shop.test/cart',
      ]) {
        ids.push((await queued({ url, project: new URL(url).host })).id);
      }
      await s.reports.insertQueued([newReport(await s.newAccount())], admitAll);
      expect(await s.list.countMatching(account, query({}))).toEqual({
        total: 3,
        exact: true,
      });
      const page = await s.list.page(account, query({}), {
        offset: 0,
        limit: 2,
        total: 3,
      });
      expect(page.map((row) => row.report.id)).toEqual([ids[2], ids[1]]);
      const shop = query({ project: 'SHOP.test' });
      expect((await s.list.countMatching(account, shop)).total).toBe(2);
      const searched = query({ search: 'PRIC' });
      expect((await s.list.countMatching(account, searched)).total).toBe(1);
      expect(
        (
          await s.list.page(account, searched, {
            offset: 0,
            limit: 10,
            total: 1,
          })
        ).map((row) => row.report.id),
      ).toEqual([ids[0]]);
    });
  });
}
