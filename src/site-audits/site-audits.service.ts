import { Inject, Injectable } from '@nestjs/common';
import { Analyser, normaliseTargetUrl, projectOf } from '../analysis/index.js';
import { assertRenderingAvailable } from '../common/rendering-available.js';
import { Clock } from '../common/clock.js';
import { countThenPage } from '../common/pagination/paginate.js';
import type { NumberedPage } from '../common/pagination/paginate.js';
import {
  NotFoundProblem,
  ProblemException,
  TooManyRequestsProblem,
} from '../common/problem.js';
import { fieldErrorsOfUpdate, throwIfInvalid } from '../common/validation.js';
import { allowedTarget } from '../common/target-url.js';
import type { FieldErrors } from '../common/validation.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { Privacy } from '../sharing/privacy.js';
import * as shareSettings from '../sharing/share-settings.js';
import * as schedules from '../schedules/schedulable.js';
import { Crawler } from '../crawler/crawler.js';
import type { CreateSiteAuditDto } from './dto/create-site-audit.dto.js';
import { AUDIT_UPDATE_FIELDS } from './dto/update-site-audit.dto.js';
import type { UpdateSiteAuditDto } from './dto/update-site-audit.dto.js';
import type { ListSiteAuditsQuery } from './dto/list-site-audits.query.js';
import { hasStopped } from './site-audit.js';
import type { SiteAudit } from './site-audit.js';
import { SiteAuditsRepository } from './site-audits.repository.js';
import { SiteAuditPagesRepository } from './site-audit-pages.repository.js';
import type { RenderTemplateRow } from './site-audit-pages.repository.js';
import { DEFAULT_LAB_RUNS } from '../lab/index.js';
import { SiteAuditLab } from './templates/site-audit-lab.js';
import type { AuditChange } from './site-audits.repository.js';

/** An audit waiting for room is worth asking for again after this. */
const BUSY_RETRY_SECONDS = 30;

const NO_SUCH_AUDIT = 'There is no such site audit.';

/** An audit with how many pages its crawl may still request. */
export interface AuditWithQueue {
  audit: SiteAudit;
  queued: number;
  /** render: "auto": its templates, rendered or not and why (read for one audit only). */
  renderTemplates?: RenderTemplateRow[];
}

/**
 * The rules of site audits: who sees which, what may be crawled, when they stop; and
 * audits as a schedulable kind, whose due schedules each start a new audit.
 */
@schedules.Schedulable()
@Injectable()
export class SiteAuditsService implements schedules.SchedulableKind {
  readonly scheduledName = 'site audits';

  constructor(
    private readonly audits: SiteAuditsRepository,
    private readonly pages: SiteAuditPagesRepository,
    private readonly analyser: Analyser,
    private readonly crawler: Crawler,
    private readonly clock: Clock,
    private readonly lab: SiteAuditLab,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks what the fields alone cannot tell (the address policy, the password rule,
   * max_pages' ceiling), so one 422 names every bad field; then stores the audit,
   * queued, and asks for its start.
   */
  async create(
    accountId: string,
    body: CreateSiteAuditDto,
  ): Promise<AuditWithQueue> {
    const errors: FieldErrors = { ...body.fieldErrors };
    const target = await allowedTarget(this.analyser, body.url, errors);
    const ceiling = this.config.siteAuditMaxPages;
    if (!errors.max_pages && (body.max_pages ?? 0) > ceiling) {
      errors.max_pages = [
        `max_pages must be at most ${ceiling} (SITE_AUDIT_MAX_PAGES)`,
      ];
    }
    shareSettings.judgePasswordRule(
      errors,
      body.privacy ?? Privacy.Private,
      body.password,
      false,
    );
    throwIfInvalid(errors);
    if (body.render)
      await assertRenderingAvailable(
        this.config.renderChromiumPath,
        this.config.browserSandbox,
      );
    if (body.lab)
      await assertRenderingAvailable(
        this.config.chromiumPath,
        this.config.browserSandbox,
        'lab',
      );
    if (body.lab && !this.lab.available) {
      throw new ProblemException(
        503,
        'lab: true is not available here: this service has no lab measurer (Chromium and Lighthouse, docs/site-audits.md "Lab phase").',
      );
    }
    const schedule = schedules.newScheduleState(
      body.schedule,
      this.clock.now(),
    );
    const url = normaliseTargetUrl(target!);
    const saved = await this.audits.insertQueued(
      {
        accountId,
        url,
        project: projectOf(url),
        settings: {
          max_pages: Math.min(body.max_pages ?? 500, ceiling),
          max_depth: body.max_depth ?? 10,
          include: body.include ?? [],
          exclude: body.exclude ?? [],
          respect_robots: body.respect_robots ?? true,
          sitemaps: body.sitemaps ?? true,
          render: body.render ?? false,
          ...(body.lab
            ? { lab: true, lab_runs: body.lab_runs ?? DEFAULT_LAB_RUNS }
            : {}),
        },
        ...(await shareSettings.newShareState(body)),
        ...schedule,
      },
      ({ inFlight, scheduled }) => {
        if (schedule.schedule !== null) this.refuseSchedules(scheduled);
        const cap = this.config.siteAuditsInFlightPerAccount;
        if (inFlight < cap) return;
        throw new TooManyRequestsProblem(
          `This account already has ${cap} site audits queued or running (SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT). Ask again once one has stopped.`,
          BUSY_RETRY_SECONDS,
        );
      },
    );
    await this.crawler.start(saved.id);
    return { audit: saved, queued: 1 };
  }

  list(
    accountId: string,
    query: ListSiteAuditsQuery,
  ): Promise<NumberedPage<AuditWithQueue>> {
    return countThenPage(
      query,
      () => this.audits.countForAccount(accountId, query),
      async (offset, limit) =>
        Promise.all(
          (
            await this.audits.pageForAccount(accountId, query, offset, limit)
          ).map((audit) => this.withQueue(audit)),
        ),
    );
  }

  async get(accountId: string, id: string): Promise<AuditWithQueue> {
    const audit = await this.find(accountId, id);
    const withQueue = await this.withQueue(audit);
    if (audit.settings.render !== 'auto') return withQueue;
    return {
      ...withQueue,
      renderTemplates: await this.pages.renderTemplates(audit.id),
    };
  }

  /** The audit, or 404 when the account has no such audit. */
  async find(accountId: string, id: string): Promise<SiteAudit> {
    const audit = await this.audits.findForAccount(accountId, id);
    if (!audit) throw new NotFoundProblem(NO_SUCH_AUDIT);
    return audit;
  }

  /**
   * Changes who may read the audit's shared page (privacy, password, a new share
   * token) and its schedule. The rules that depend on the stored audit are judged
   * with the field errors under its lock, so one 422 names every bad field.
   */
  async update(
    accountId: string,
    id: string,
    body: UpdateSiteAuditDto,
  ): Promise<AuditWithQueue> {
    const errors = fieldErrorsOfUpdate(body, AUDIT_UPDATE_FIELDS);
    const passwordHash = await shareSettings.hashOfSentPassword(body, errors);
    const changed = await this.audits.changeLocked(
      accountId,
      id,
      (stored, scheduled) =>
        this.decideChange(stored, body, errors, passwordHash, scheduled),
    );
    if (!changed) throw new NotFoundProblem(NO_SUCH_AUDIT);
    return this.withQueue(changed);
  }

  private decideChange(
    stored: SiteAudit,
    body: UpdateSiteAuditDto,
    errors: FieldErrors,
    passwordHash: string | null,
    scheduled: number,
  ): AuditChange {
    shareSettings.judgePasswordRuleOn(stored, body, errors);
    throwIfInvalid(errors);
    return {
      ...shareSettings.shareChangeOf(stored, body, passwordHash),
      ...schedules.scheduleChangeOf(
        stored.schedule,
        body.schedule,
        this.clock.now(),
        () => this.refuseSchedules(scheduled),
      ),
    };
  }

  /** Deletes the audit and all of it; a running one stops first (its jobs find nothing). */
  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.audits.delete(accountId, id))) {
      throw new NotFoundProblem(NO_SUCH_AUDIT);
    }
  }

  /**
   * Stops a queued or running audit: no request to the site from now on, the pages
   * so far are kept and judged. 409 when it has stopped already.
   */
  async cancel(accountId: string, id: string): Promise<AuditWithQueue> {
    const before = await this.find(accountId, id);
    if (hasStopped(before)) {
      throw new ProblemException(
        409,
        `This site audit has already stopped (${before.status}).`,
      );
    }
    const audit = await this.audits.cancel(accountId, id);
    if (!audit) throw new NotFoundProblem(NO_SUCH_AUDIT);
    await this.crawler.afterCancel(audit.id);
    return this.withQueue(audit);
  }

  /** 409 naming SCHEDULES_PER_ACCOUNT when the account cannot schedule one more audit. */
  private refuseSchedules(scheduled: number): void {
    schedules.refuseSchedulesPastCap('site audits', scheduled, 1, this.config);
  }

  /**
   * Starts the due scheduled audits: each a new audit of its site, settings and
   * privacy, within the account's in-flight limit; its next run moves on by its period.
   */
  async startDue(due: schedules.DueRuns): Promise<schedules.StartedRuns> {
    const { started, taken } = await this.audits.startDueSchedules(
      due,
      this.config.siteAuditsInFlightPerAccount,
    );
    for (const id of started) await this.crawler.start(id);
    return { started: started.length, taken };
  }

  private async withQueue(audit: SiteAudit): Promise<AuditWithQueue> {
    return {
      audit,
      queued:
        audit.stoppedAt === null ? await this.audits.queuedCount(audit.id) : 0,
    };
  }
}
