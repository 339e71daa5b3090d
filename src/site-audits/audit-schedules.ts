import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import { ScheduleTick } from '../schedules/schedule-tick.js';
import type { ScheduledWork } from '../schedules/schedule-tick.js';
import { Crawler } from '../crawler/crawler.js';
import { shareTokenFor } from '../sharing/share-token.js';
import { SiteAuditsRepository } from './site-audits.repository.js';

/** Scheduled audits taken in one transaction; a tick takes batches until none is due. */
const TICK_BATCH = 100;
/** Batches of one tick at most, so a tick ends; what is left is due at the next. */
const TICK_BATCHES = 50;
/** A schedule whose account has its audits in flight is tried again this much later. */
const BUSY_POSTPONE_MS = 60_000;

/**
 * Site audits' schedules: at each schedule tick, every scheduled audit that is due
 * starts a new audit of its site, settings and privacy, the account's in-flight
 * limit applied; its next run moves on by its period.
 */
@Injectable()
export class AuditSchedules implements ScheduledWork, OnModuleInit {
  readonly name = 'site audits';

  constructor(
    private readonly audits: SiteAuditsRepository,
    private readonly crawler: Crawler,
    private readonly ticks: ScheduleTick,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.ticks.register(this);
  }

  /** Starts the due audits, in batches until none is due; answers how many started. */
  async tick(): Promise<number> {
    const now = this.clock.now();
    let count = 0;
    for (let batch = 0; batch < TICK_BATCHES; batch++) {
      const { started, taken } = await this.audits.startDueSchedules(
        now,
        TICK_BATCH,
        this.config.siteAuditsInFlightPerAccount,
        new Date(now.getTime() + BUSY_POSTPONE_MS),
        shareTokenFor,
      );
      for (const id of started) await this.crawler.start(id);
      count += started.length;
      if (taken < TICK_BATCH) break;
    }
    return count;
  }
}
