import { Inject, Injectable } from '@nestjs/common';
import {
  Analyser,
  normaliseTargetUrl,
  parseTargetUrl,
  projectOf,
} from '../analysis/index.js';
import { NotFoundProblem, TooManyRequestsProblem } from '../common/problem.js';
import {
  assertRenderingAvailable,
  LAB_BUDGET_MS,
  RENDER_BUDGET_MS,
} from '../common/rendering-available.js';
import { fieldErrorsOfUpdate, throwIfInvalid } from '../common/validation.js';
import { allowedTarget } from '../common/target-url.js';
import type { FieldErrors } from '../common/validation.js';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import type { CreateReportDto } from './dto/create-report.dto.js';
import type { CreateReportsBatchDto } from './dto/create-reports-batch.dto.js';
import type { ListReportsQuery } from './dto/list-reports.query.js';
import type { UpdateReportDto } from './dto/update-report.dto.js';
import { ReportListRepository } from './report-list.repository.js';
import type { PageRow } from './report-list.repository.js';
import { ReportSubjects } from './report-subjects.js';
import { UPDATE_FIELDS } from './report-rules.js';
import { Privacy } from './report.entity.js';
import * as schedules from '../schedules/schedulable.js';
import * as shareSettings from '../sharing/share-settings.js';
import type { Report } from './report.entity.js';
import { ReportsRepository } from './reports.repository.js';
import type {
  AccountReportCounts,
  AdmitReports,
  NewReport,
  ReportChange,
} from './reports.repository.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';

/** A page of reports and the numbers the list envelope is made of. */
export interface ReportPage {
  reports: Report[];
  total: number;
  /** False when `total` is an estimate (a search with many matches). */
  exact: boolean;
  /** The page asked for; null when the list was read from a cursor. */
  page: number | null;
  perPage: number;
  /** Where the reports after and before this page start; null when there are none. */
  nextCursor: string | null;
  prevCursor: string | null;
}

/** How long the answer to create and re-run waits for the analysis. */
export type Completion = 'wait' | 'async';

/** When an account has too many analyses in flight, a new one is worth asking for again after this. */
const BUSY_RETRY_SECONDS = 10;

function busy(limit: number): TooManyRequestsProblem {
  return new TooManyRequestsProblem(
    `This account already has ${limit} analyses queued or running. Ask again once some have finished.`,
    BUSY_RETRY_SECONDS,
  );
}

/** The field errors of item `index` of a batch, named as in a single create. */
function itemFieldErrors(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `reports.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, messages]) => [field.slice(prefix.length), messages]),
  );
}

function settled(report: Report): boolean {
  return report.status === 'completed' || report.status === 'failed';
}

/**
 * The rules of reports: who sees what, what may be stored, when analyses run; and
 * reports as a schedulable kind, whose due runs start as re-run requests do.
 */
@schedules.Schedulable()
@Injectable()
export class ReportsService implements schedules.SchedulableKind {
  readonly scheduledName = 'reports';

  constructor(
    private readonly reports: ReportsRepository,
    private readonly listed: ReportListRepository,
    private readonly analyser: Analyser,
    private readonly subjects: ReportSubjects,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(accountId: string, query: ListReportsQuery): Promise<ReportPage> {
    const { per_page: perPage, page } = query;
    // Counted first: an empty answer or a page past the end reads no rows. (A search
    // for a term of other accounts counts nothing through the account's trigram
    // index, where walking the account's rows in order would look at every one.)
    const { total, exact } = await this.listed.countMatching(accountId, query);
    const cursorAt = (row: PageRow | undefined, towards: 'next' | 'prev') =>
      row
        ? encodeCursor({
            sortBy: query.sort_by,
            value: row.sortValue,
            id: row.report.id,
            towards,
          })
        : null;
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    if (cursor) {
      // One more than a page, to know whether the list goes on past it.
      const read = await this.listed.page(accountId, query, {
        offset: 0,
        limit: perPage + 1,
        total,
        cursor,
      });
      const onward = cursor.towards === 'next';
      const more = read.length > perPage;
      const rows = onward ? read.slice(0, perPage) : read.slice(-perPage);
      return {
        reports: rows.map((row) => row.report),
        total,
        exact,
        page: null,
        perPage,
        // The side the cursor came from goes on at least to the cursor's report.
        nextCursor: onward && !more ? null : cursorAt(rows.at(-1), 'next'),
        prevCursor: !onward && !more ? null : cursorAt(rows[0], 'prev'),
      };
    }
    const offset = (page - 1) * perPage;
    const rows =
      offset < total || !exact
        ? await this.listed.page(accountId, query, {
            offset,
            limit: perPage,
            total,
          })
        : [];
    const last = exact ? Math.max(1, Math.ceil(total / perPage)) : Infinity;
    return {
      reports: rows.map((row) => row.report),
      total,
      exact,
      page,
      perPage,
      nextCursor:
        rows.length === perPage && page < last
          ? cursorAt(rows.at(-1), 'next')
          : null,
      prevCursor: page > 1 ? cursorAt(rows[0], 'prev') : null,
    };
  }

  async get(accountId: string, id: string): Promise<Report> {
    const report = await this.reports.findForAccount(accountId, id);
    if (!report) throw new NotFoundProblem('There is no such report.');
    return report;
  }

  /**
   * Checks what the fields alone cannot tell (the address policy, the password
   * rule), so that one 422 names every bad field; then stores the report and asks
   * for its analysis. Once it is stored, nothing makes the answer an error: when its
   * job cannot be added now (Redis is away), it is answered queued at once, and the
   * sweep adds the job once Redis is back.
   */
  async create(
    accountId: string,
    body: CreateReportDto,
    completion: Completion,
  ): Promise<Report> {
    throwIfInvalid(await this.judgeNew(body, body.fieldErrors));
    if (body.render)
      await assertRenderingAvailable(
        this.config.renderChromiumPath,
        this.config.browserSandbox,
      );
    if (body.lab) {
      await assertRenderingAvailable(
        this.config.chromiumPath,
        this.config.browserSandbox,
        'lab',
      );
    }
    const report = await this.newReport(accountId, body);
    const [saved] = await this.reports.insertQueued(
      [report],
      this.admit([report]),
    );
    const dispatched = await this.subjects.dispatch([saved]);
    return dispatched ? this.awaitSettled(saved, completion) : saved;
  }

  /**
   * Creates every report of the batch, queued, or none: each item is judged as a
   * single create is, and one 422 names the refused fields of all by index
   * (`reports.3.url`). The in-flight cap counts the whole batch.
   */
  async createBatch(
    accountId: string,
    body: CreateReportsBatchDto,
  ): Promise<Report[]> {
    const { reports: fieldErrors, ...itemErrors } = body.fieldErrors;
    if (fieldErrors) throwIfInvalid({ reports: fieldErrors });
    const errors: FieldErrors = {};
    // An item that is no object was refused above, under `reports`.
    const judged = await Promise.all(
      body.reports.map((item, index) =>
        this.judgeNew(item, itemFieldErrors(itemErrors, index)),
      ),
    );
    judged.forEach((judgedErrors, index) => {
      for (const [field, messages] of Object.entries(judgedErrors)) {
        errors[`reports.${index}.${field}`] = messages;
      }
    });
    throwIfInvalid(errors);
    if (body.reports.some((item) => item.render)) {
      await assertRenderingAvailable(
        this.config.renderChromiumPath,
        this.config.browserSandbox,
      );
    }
    if (body.reports.some((item) => item.lab)) {
      await assertRenderingAvailable(
        this.config.chromiumPath,
        this.config.browserSandbox,
        'lab',
      );
    }
    const reports = await Promise.all(
      body.reports.map((item) => this.newReport(accountId, item)),
    );
    const saved = await this.reports.insertQueued(reports, this.admit(reports));
    await this.subjects.dispatch(saved);
    return saved;
  }

  /**
   * The account's caps on new reports, judged on its counts under its lock: 409 when
   * their schedules would pass SCHEDULES_PER_ACCOUNT, 429 when their analyses would
   * pass ANALYSES_IN_FLIGHT_PER_ACCOUNT.
   */
  private admit(adding: NewReport[]): AdmitReports {
    return ({ inFlight, scheduled }) => {
      const schedules = adding.filter((report) => report.schedule).length;
      if (schedules > 0) this.refuseSchedules(scheduled, schedules);
      const cap = this.config.analysesInFlightPerAccount;
      if (inFlight + adding.length > cap) throw busy(cap);
    };
  }

  /** A new report's field errors, with the address policy's and the password rule's. */
  private async judgeNew(
    body: CreateReportDto,
    fieldErrors: FieldErrors,
  ): Promise<FieldErrors> {
    const errors: FieldErrors = { ...fieldErrors };
    await allowedTarget(this.analyser, body.url, errors);
    shareSettings.judgePasswordRule(
      errors,
      body.privacy ?? Privacy.Private,
      body.password,
      false,
    );
    return errors;
  }

  /** What a judged create stores. */
  private async newReport(
    accountId: string,
    body: CreateReportDto,
  ): Promise<NewReport> {
    const url = normaliseTargetUrl(parseTargetUrl(body.url));
    return {
      render: body.render ?? false,
      lab: body.lab ?? false,
      ...schedules.newScheduleState(body.schedule, this.clock.now()),
      accountId,
      url,
      project: projectOf(url),
      ...(await shareSettings.newShareState(body)),
    };
  }

  /**
   * Changes privacy and password and/or re-runs the analysis. The rules that depend
   * on the stored report are judged on it under a row lock, so two updates at once
   * cannot leave a password on a report that is no longer password-protected.
   */
  async update(
    accountId: string,
    id: string,
    body: UpdateReportDto,
    completion: Completion,
  ): Promise<{ report: Report; rerun: boolean }> {
    const errors = fieldErrorsOfUpdate(body, UPDATE_FIELDS);
    const passwordHash = await shareSettings.hashOfSentPassword(body, errors);
    const decide = (stored: Report, counts: AccountReportCounts) =>
      this.decideChange(stored, body, errors, passwordHash, counts);
    const changed = await this.reports.changeLocked(accountId, id, decide);
    if (changed === null) throw new NotFoundProblem('There is no such report.');
    if (body.results !== 1) return { report: changed, rerun: false };
    // A re-run of a report whose analysis is under way joins it.
    const dispatched =
      changed.status !== 'queued' || (await this.subjects.dispatch([changed]));
    return {
      report: dispatched
        ? await this.awaitSettled(changed, completion)
        : changed,
      rerun: true,
    };
  }

  /**
   * The change an update makes of the stored report: the rules that depend on it,
   * judged with the field errors so one 422 names every bad field, then the caps a
   * new schedule (409) or a re-run (429) counts against, on the account's counts.
   */
  private decideChange(
    stored: Report,
    body: UpdateReportDto,
    errors: FieldErrors,
    passwordHash: string | null,
    counts: AccountReportCounts,
  ): ReportChange {
    shareSettings.judgePasswordRuleOn(stored, body, errors);
    throwIfInvalid(errors);
    const change: ReportChange = {
      requeue: body.results === 1 && settled(stored),
      ...shareSettings.shareChangeOf(stored, body, passwordHash),
      ...schedules.scheduleChangeOf(
        stored.schedule,
        body.schedule,
        this.clock.now(),
        () => this.refuseSchedules(counts.scheduled, 1),
      ),
    };
    const cap = this.config.analysesInFlightPerAccount;
    if (change.requeue && counts.inFlight >= cap) throw busy(cap);
    return change;
  }

  /** 409 when `adding` more scheduled reports would take the account past SCHEDULES_PER_ACCOUNT. */
  private refuseSchedules(scheduled: number, adding: number): void {
    schedules.refuseSchedulesPastCap('reports', scheduled, adding, this.config);
  }

  /**
   * Starts the due runs of scheduled reports as re-run requests do, the account's
   * in-flight cap included; each report's next run moves on by its period.
   */
  async startDue({
    now,
    limit,
    postponeBusyTo,
  }: schedules.DueRuns): Promise<schedules.StartedRuns> {
    const cap = this.config.analysesInFlightPerAccount;
    const placed = await this.reports.runDueSchedules(
      now,
      limit,
      cap,
      postponeBusyTo,
    );
    await this.subjects.dispatchPlaced(placed.started);
    return { started: placed.started.length, taken: placed.taken };
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.reports.delete(accountId, id))) {
      throw new NotFoundProblem('There is no such report.');
    }
  }

  /**
   * The report once its analysis has settled, or as it stands when the analysis
   * deadline (plus a second, plus the render's time cap when it renders) has passed first; at once with 'async'. The report is
   * saved already: if the database cannot be read now, the answer is the report as
   * it was saved, never an error.
   */
  private async awaitSettled(
    saved: Report,
    completion: Completion,
  ): Promise<Report> {
    if (completion === 'async') return saved;
    await this.subjects.waitForSettle(
      saved.id,
      this.config.analyser.deadlineMs +
        1_000 +
        (saved.render ? RENDER_BUDGET_MS : 0) +
        (saved.lab ? LAB_BUDGET_MS : 0),
    );
    return this.reports
      .findForAccount(saved.accountId, saved.id)
      .then((report) => report ?? saved)
      .catch(() => saved);
  }
}
