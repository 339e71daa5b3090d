import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { ScheduleTick } from '../schedules/schedule-tick.js';
import type { ScheduledWork } from '../schedules/schedule-tick.js';
import { ReportSubjects } from './report-subjects.js';
import { ReportsRepository } from './reports.repository.js';
/** Scheduled reports taken in one transaction; a tick takes batches until none is due. */
const TICK_BATCH = 100;
/** Batches of one tick at most, so a tick ends; what is left is due at the next. */
const TICK_BATCHES = 50;
/** A schedule whose account is busy is tried again this much later. */
const BUSY_POSTPONE_MS = 60_000;

/**
 * Reports' schedules: at each schedule tick (every SCHEDULE_TICK_MS) the runs of the
 * scheduled reports that are due start, as re-run requests do, the account's
 * in-flight cap included; each report's next run moves on by its period.
 */
@Injectable()
export class ReportSchedules implements ScheduledWork, OnModuleInit {
  readonly name = 'reports';

  constructor(
    private readonly reports: ReportsRepository,
    private readonly subjects: ReportSubjects,
    private readonly ticks: ScheduleTick,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.ticks.register(this);
  }

  /**
   * Starts the due runs, every account's first before any account's second, in
   * batches until none is due; answers how many started. Database errors propagate
   * (the tick runs again).
   */
  async tick(): Promise<number> {
    const now = this.clock.now();
    let count = 0;
    for (let batch = 0; batch < TICK_BATCHES; batch++) {
      const { started, taken } = await this.reports.runDueSchedules(
        now,
        TICK_BATCH,
        this.config.analysesInFlightPerAccount,
        new Date(now.getTime() + BUSY_POSTPONE_MS),
      );
      await this.subjects.dispatchPlaced(started);
      count += started.length;
      if (taken < TICK_BATCH) break;
    }
    return count;
  }
}
