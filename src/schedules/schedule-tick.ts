import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { Schedulable } from './schedulable.js';
import type { SchedulableKind } from './schedulable.js';

/** The queue of the schedule tick, a repeating job. */
const QUEUE = 'schedule-ticks';
const TICK_KEY = 'schedule-tick';
/** Due rows a kind takes in one transaction; a tick takes batches until none is due. */
const TICK_BATCH = 100;
/** Batches of one kind in one tick at most, so a tick ends; what is left is due at the next. */
const TICK_BATCHES = 50;
/** A due row whose account is busy is tried again this much later. */
const BUSY_POSTPONE_MS = 60_000;

/**
 * The schedule tick: one repeating job (every SCHEDULE_TICK_MS) that asks every
 * schedulable kind (reports, site audits: providers marked @Schedulable()) to start
 * its due runs, in batches. The tick knows none of them by name.
 */
@Injectable()
export class ScheduleTick implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('ScheduleTick');
  private kinds: SchedulableKind[] = [];

  constructor(
    private readonly jobs: JobQueue,
    private readonly discovery: DiscoveryService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.kinds = this.discovery
      .getProviders({ metadataKey: Schedulable.KEY })
      .map((wrapper) => wrapper.instance as SchedulableKind)
      .filter((kind) => kind !== undefined && kind !== null);
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
   * Every kind's due runs, one kind after the other: one failing does not keep the
   * others from theirs, and its error is thrown after (the tick runs again).
   * Answers how many runs started.
   */
  async tick(): Promise<number> {
    let started = 0;
    let failure: Error | null = null;
    for (const kind of this.kinds) {
      try {
        started += await this.startDue(kind);
      } catch (error) {
        const cause = error instanceof Error ? error : new Error(String(error));
        this.logger.warn(
          `Schedules of ${kind.scheduledName}: ${cause.message}`,
        );
        failure ??= cause;
      }
    }
    if (failure !== null) throw failure;
    return started;
  }

  /** One kind's due runs, in batches until none is due (or the batches run out). */
  private async startDue(kind: SchedulableKind): Promise<number> {
    const now = this.clock.now();
    const postponeBusyTo = new Date(now.getTime() + BUSY_POSTPONE_MS);
    let count = 0;
    for (let batch = 0; batch < TICK_BATCHES; batch++) {
      const { started, taken } = await kind.startDue({
        now,
        limit: TICK_BATCH,
        postponeBusyTo,
      });
      count += started;
      if (taken < TICK_BATCH) break;
    }
    return count;
  }
}
