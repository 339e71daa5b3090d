import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';

/** The queue of the schedule tick, a repeating job. */
const QUEUE = 'schedule-ticks';
const TICK_KEY = 'schedule-tick';

/** What a feature schedules: its tick starts what is due, and answers how much started. */
export interface ScheduledWork {
  /** Who it is, for the logs. */
  readonly name: string;
  /** Starts what is due now; database errors propagate (the tick runs again). */
  tick(): Promise<number>;
}

/**
 * The schedule tick: one repeating job (every SCHEDULE_TICK_MS) that asks every
 * feature with schedules (reports, site audits) to start what is due. Features
 * register their work; the tick knows none of them.
 */
@Injectable()
export class ScheduleTick implements OnApplicationBootstrap {
  private readonly logger = new Logger('ScheduleTick');
  private readonly works: ScheduledWork[] = [];

  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(work: ScheduledWork): void {
    this.works.push(work);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.jobs.consumes) {
      this.jobs.work(QUEUE, async () => void (await this.tick()), {
        concurrency: 1,
      });
    }
    // Declared in every process: each sets it up again if it goes missing, and readiness reports it missing meanwhile.
    await this.jobs
      .repeat(QUEUE, TICK_KEY, this.config.scheduleTickMs)
      .catch((error: Error) =>
        this.logger.warn(
          `Schedule tick not set up (another process may have): ${error.message}`,
        ),
      );
  }

  /**
   * Every feature's due work, one after the other: one failing does not keep the
   * others from theirs, and its error is thrown after (the tick runs again).
   */
  async tick(): Promise<number> {
    let started = 0;
    let failure: Error | null = null;
    for (const work of this.works) {
      try {
        started += await work.tick();
      } catch (error) {
        const cause = error instanceof Error ? error : new Error(String(error));
        this.logger.warn(`Schedules of ${work.name}: ${cause.message}`);
        failure ??= cause;
      }
    }
    if (failure !== null) throw failure;
    return started;
  }
}
