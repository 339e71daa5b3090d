import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { ReportAnalyses } from './report-analyses.js';
import { ReportsRepository } from './reports.repository.js';

/** The queue of the schedule tick, a repeating job. */
const QUEUE = 'schedule-ticks';
const TICK_KEY = 'schedule-tick';
/** Scheduled reports started in one tick at most; the rest wait for the next. */
const TICK_BATCH = 100;
/** A schedule whose account is busy is tried again this much later. */
const BUSY_POSTPONE_MS = 60_000;

/**
 * Schedules: a repeating job (every SCHEDULE_TICK_MS) starts the runs of the
 * scheduled reports that are due, as re-run requests do, the account's in-flight
 * cap included; each report's next run moves on by its period.
 */
@Injectable()
export class ReportSchedules implements OnApplicationBootstrap {
  private readonly logger = new Logger('ReportSchedules');

  constructor(
    private readonly reports: ReportsRepository,
    private readonly analyses: ReportAnalyses,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.consumes) return;
    this.jobs.work(QUEUE, async () => void (await this.tick()), 1);
    await this.jobs
      .repeat(QUEUE, TICK_KEY, this.config.scheduleTickMs)
      .catch((error: Error) =>
        this.logger.warn(
          `Schedule tick not set up (another process may have): ${error.message}`,
        ),
      );
  }

  /** Starts the due runs; answers how many started. Database errors propagate (the tick runs again). */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const started = await this.reports.runDueSchedules(
      now,
      TICK_BATCH,
      this.config.analysesInFlightPerAccount,
      new Date(now.getTime() + BUSY_POSTPONE_MS),
    );
    for (const { id, run } of started) await this.analyses.dispatch(id, run);
    return started.length;
  }
}
