import type { AnalysisResults } from '../../src/analysis/index.js';
import { Privacy, Report } from '../../src/reports/report.entity.js';
import type {
  ReportError,
  ReportStatus,
} from '../../src/reports/report.entity.js';
import { completedColumns } from '../../src/reports/reports.repository.js';
import { nextRunAfter } from '../../src/schedules/schedule.js';
import type {
  AccountReportCounts,
  AdmitReports,
  ClaimedRun,
  ScheduledRun,
  NewReport,
  ReportChange,
  ReportsRepository,
  SettleStep,
} from '../../src/reports/reports.repository.js';
import type {
  ListTotal,
  PageRow,
  ReportListFilter,
  ReportListRepository,
  ReportListWindow,
} from '../../src/reports/report-list.repository.js';
import type { EntityManager } from 'typeorm';
import type { QueuedRun } from '../../src/analysis-jobs/analysis-subject.js';

/** What the fake hands a settle's listeners: there is no database, so no transaction to write in. */
const NO_TRANSACTION = {} as EntityManager;

/** A class's public members: what a fake of it must answer. */
type PublicOf<T> = { [K in keyof T]: T[K] };

/** What a service reads of the list engine (its other statements are for EXPLAIN only). */
type ReportLists = Pick<ReportListRepository, 'countMatching' | 'page'>;

/**
 * The reports list over the fake's rows: the same answers as ReportListRepository for
 * the cases the tests build (lists are in id order), and a record of the pages read.
 */
export class FakeReportListRepository implements ReportLists {
  readonly pagesRead: ReportListWindow[] = [];

  constructor(private readonly rows: Map<string, Report>) {}

  countMatching(
    accountId: string,
    filter: ReportListFilter,
  ): Promise<ListTotal> {
    return Promise.resolve({
      total: this.matching(accountId, filter).length,
      exact: true,
    });
  }

  page(
    accountId: string,
    filter: ReportListFilter,
    window: ReportListWindow,
  ): Promise<PageRow[]> {
    this.pagesRead.push(window);
    const rows = this.matching(accountId, filter).sort((a, b) =>
      filter.sort === 'asc'
        ? Number(a.id) - Number(b.id)
        : Number(b.id) - Number(a.id),
    );
    const { cursor } = window;
    // Lists are in id order here: a cursor's side is the ids beyond its own.
    const beyond = (r: Report) =>
      (Number(r.id) > Number(cursor!.id) === (filter.sort === 'asc')) ===
      (cursor!.towards === 'next');
    const read = cursor
      ? cursor.towards === 'next'
        ? rows.filter(beyond).slice(0, window.limit)
        : rows.filter(beyond).slice(-window.limit)
      : rows.slice(window.offset, window.offset + window.limit);
    return Promise.resolve(
      read.map((r) => ({ report: copy(r), sortValue: null })),
    );
  }

  private matching(accountId: string, filter: ReportListFilter): Report[] {
    return [...this.rows.values()].filter(
      (r) =>
        r.accountId === accountId &&
        (!filter.search ||
          r.url.toLowerCase().includes(filter.search.toLowerCase())) &&
        (!filter.project || r.project === filter.project.toLowerCase()) &&
        (!filter.result || r.result === filter.result),
    );
  }
}

/**
 * The reports table in memory, for unit tests of the services that hold the rules:
 * the same answers as ReportsRepository for the cases the tests build (the contract
 * suite in test/reports-repository.e2e-spec.ts runs the same cases against both).
 */
export class FakeReportsRepository implements PublicOf<ReportsRepository> {
  readonly rows = new Map<string, Report>();
  readonly list = new FakeReportListRepository(this.rows);
  private nextId = 1;

  /** Puts a report in the table as it stands, for a test's starting point. */
  seed(fields: Partial<Report> & { accountId: string }): Report {
    const now = new Date();
    const report = Object.assign(new Report(), {
      id: String(this.nextId++),
      url: 'https://example.com/',
      project: 'example.com',
      status: 'completed',
      result: null,
      score: null,
      privacy: Privacy.Private,
      passwordHash: null,
      run: 1,
      attempts: 0,
      shareToken: null,
      shareVersion: 0,
      schedule: null,
      nextRunAt: null,
      render: false,
      lab: false,
      generatedAt: null,
      createdAt: now,
      updatedAt: now,
      error: null,
      results: null,
      ...fields,
    } satisfies Omit<Report, 'resultRank'>);
    this.rows.set(report.id, report);
    return report;
  }

  findForAccount(accountId: string, id: string): Promise<Report | null> {
    const report = this.rows.get(id);
    return Promise.resolve(
      report?.accountId === accountId ? copy(report) : null,
    );
  }

  exists(accountId: string, id: string): Promise<boolean> {
    return Promise.resolve(this.rows.get(id)?.accountId === accountId);
  }

  findShared(shareToken: string): Promise<Report | null> {
    const report = [...this.rows.values()].find(
      (r) => r.shareToken === shareToken,
    );
    return Promise.resolve(
      report && report.privacy !== Privacy.Private ? copy(report) : null,
    );
  }

  insertQueued(reports: NewReport[], admit: AdmitReports): Promise<Report[]> {
    // Run as a promise, so that a refusal `admit` throws rejects as the real one does.
    return Promise.resolve().then(() => {
      admit(this.countsOf(reports[0].accountId));
      return reports.map((report) =>
        copy(this.seed({ ...report, status: 'queued' })),
      );
    });
  }

  changeLocked(
    accountId: string,
    id: string,
    decide: (locked: Report, counts: AccountReportCounts) => ReportChange,
  ): Promise<Report | null> {
    return Promise.resolve().then(() => this.change(accountId, id, decide));
  }

  private change(
    accountId: string,
    id: string,
    decide: (locked: Report, counts: AccountReportCounts) => ReportChange,
  ): Report | null {
    const stored = this.rows.get(id);
    if (stored?.accountId !== accountId) return null;
    const change = decide(copy(stored), this.countsOf(accountId));
    if (change.privacy !== undefined) stored.privacy = change.privacy;
    if (change.passwordHash !== undefined) {
      stored.passwordHash = change.passwordHash;
    }
    if (change.shareToken !== undefined) stored.shareToken = change.shareToken;
    if (change.schedule !== undefined) {
      stored.schedule = change.schedule;
      stored.nextRunAt = change.nextRunAt ?? null;
    }
    if (
      change.privacy !== undefined ||
      change.passwordHash !== undefined ||
      change.shareToken !== undefined
    ) {
      stored.shareVersion++;
    }
    if (change.requeue) {
      Object.assign(stored, {
        status: 'queued',
        run: stored.run + 1,
        attempts: 0,
      });
    }
    return copy(stored);
  }

  runDueSchedules(
    now: Date,
    limit: number,
    maxInFlight: number,
    postponeTo: Date,
  ): Promise<{ started: ScheduledRun[]; taken: number }> {
    const byDue = [...this.rows.values()]
      .filter((r) => r.nextRunAt !== null && r.nextRunAt <= now)
      .sort((a, b) => a.nextRunAt!.getTime() - b.nextRunAt!.getTime());
    // Every account's first due report before any account's second.
    const places = new Map<string, number>();
    const placed = byDue.map((report) => {
      const place = (places.get(report.accountId) ?? 0) + 1;
      places.set(report.accountId, place);
      return { report, place };
    });
    const due = placed
      .sort((a, b) => a.place - b.place)
      .slice(0, limit)
      .map(({ report }) => report);
    const started: ScheduledRun[] = [];
    for (const stored of due) {
      const underWay = !settled(stored);
      const busy = !underWay && this.inFlight(stored.accountId) >= maxInFlight;
      stored.nextRunAt = busy
        ? postponeTo
        : nextRunAfter(stored.schedule!, stored.nextRunAt!, now);
      if (underWay || busy) continue;
      Object.assign(stored, {
        status: 'queued',
        run: stored.run + 1,
        attempts: 0,
      });
      started.push({
        id: stored.id,
        run: stored.run,
        accountId: stored.accountId,
        position: this.inFlight(stored.accountId),
        lab: stored.lab,
      });
    }
    return Promise.resolve({ started, taken: due.length });
  }

  delete(accountId: string, id: string): Promise<boolean> {
    const stored = this.rows.get(id);
    if (stored?.accountId !== accountId) return Promise.resolve(false);
    this.rows.delete(id);
    return Promise.resolve(true);
  }

  claim(id: string, run: number): Promise<ClaimedRun | null> {
    const stored = this.transition(id, run, ['queued', 'running']);
    if (!stored) return Promise.resolve(null);
    stored.status = 'running';
    return Promise.resolve({
      url: stored.url,
      render: stored.render,
      lab: stored.lab,
      attempts: stored.attempts,
      accountId: stored.accountId,
      previous: { score: stored.score, result: stored.result },
    });
  }

  async complete(
    id: string,
    run: number,
    results: AnalysisResults,
    alsoInTransaction?: SettleStep,
  ): Promise<boolean> {
    return this.settle(id, run, completedColumns(results), alsoInTransaction);
  }

  async fail(
    id: string,
    run: number,
    error: ReportError,
    alsoInTransaction?: SettleStep,
  ): Promise<boolean> {
    return this.settle(id, run, { status: 'failed', error }, alsoInTransaction);
  }

  retryLater(id: string, run: number): Promise<boolean> {
    const stored = this.transition(id, run, ['running']);
    if (stored)
      Object.assign(stored, {
        status: 'queued',
        attempts: stored.attempts + 1,
      });
    return Promise.resolve(stored !== null);
  }

  findUnsettledSince(
    before: Date,
    limit: number,
    lab?: boolean,
  ): Promise<QueuedRun[]> {
    const places = new Map<string, number>();
    return Promise.resolve(
      [...this.rows.values()]
        .filter(
          (r) =>
            !settled(r) &&
            r.updatedAt < before &&
            (lab === undefined || r.lab === lab),
        )
        .slice(0, limit)
        .map(({ id, run, accountId }) => {
          const position = (places.get(accountId) ?? 0) + 1;
          places.set(accountId, position);
          return { id, run, accountId, position };
        }),
    );
  }

  inFlightCount(accountId: string): Promise<number> {
    return Promise.resolve(this.inFlight(accountId));
  }

  settledAmong(ids: string[]): Promise<string[]> {
    return Promise.resolve(
      ids.filter((id) => {
        const stored = this.rows.get(id);
        return stored !== undefined && settled(stored);
      }),
    );
  }

  /** The stored report when its run is `run` and its status one of `from`, else null. */
  /** As the real settle: the change and the step's writes stand or fall together. */
  private async settle(
    id: string,
    run: number,
    columns: Partial<Report>,
    alsoInTransaction?: SettleStep,
  ): Promise<boolean> {
    const stored = this.transition(id, run, ['running']);
    if (!stored) return false;
    const before = { ...stored };
    Object.assign(stored, columns);
    try {
      await alsoInTransaction?.(NO_TRANSACTION);
    } catch (error) {
      Object.assign(stored, before);
      throw error;
    }
    return true;
  }

  private transition(
    id: string,
    run: number,
    from: ReportStatus[],
  ): Report | null {
    const stored = this.rows.get(id);
    return stored && stored.run === run && from.includes(stored.status)
      ? stored
      : null;
  }

  private inFlight(accountId: string): number {
    return [...this.rows.values()].filter(
      (r) => r.accountId === accountId && !settled(r),
    ).length;
  }

  private countsOf(accountId: string): AccountReportCounts {
    return {
      inFlight: this.inFlight(accountId),
      scheduled: [...this.rows.values()].filter(
        (r) => r.accountId === accountId && r.schedule !== null,
      ).length,
    };
  }
}

function settled(report: Report): boolean {
  return report.status === 'completed' || report.status === 'failed';
}

function copy(report: Report): Report {
  return Object.assign(new Report(), report);
}
