import { DiscoveryService } from '@nestjs/core';
import { LimitReachedProblem } from '../common/problem.js';
import type { AppConfig } from '../config/config.js';
import { firstRunAt, scheduleOf } from './schedule.js';
import type { Schedule, ScheduleSetting } from './schedule.js';

/*
 * What a schedulable kind (reports, site audits) uses of schedules: how it declares
 * itself to the tick, and the rules of the schedule its rows keep. A feature imports
 * it whole (`import * as schedules`).
 */

/** The runs a tick asks a kind to start: those due by `now`, `limit` at most. */
export interface DueRuns {
  now: Date;
  limit: number;
  /** When a due row whose account is busy is tried again. */
  postponeBusyTo: Date;
}

/** What a kind answers: runs started, and due rows taken (started or postponed). */
export interface StartedRuns {
  started: number;
  taken: number;
}

/**
 * A kind of thing that runs again by itself (reports, site audits), as a feature
 * declares it to the schedule tick: a provider marked @Schedulable() that starts its
 * due runs. Its rows keep their schedule and next run (ScheduleState below).
 */
export interface SchedulableKind {
  /** Who it is, for the logs: "reports". */
  readonly scheduledName: string;
  /**
   * Takes due rows, oldest first and every account's first before any account's
   * second, starts their runs within the account's in-flight cap (postponing the
   * rest) and moves each row's next run on by its period. Database errors propagate.
   */
  startDue(due: DueRuns): Promise<StartedRuns>;
}

/** Marks a provider as a SchedulableKind: the schedule tick finds it at start-up. */
export const Schedulable = DiscoveryService.createDecorator<void>();

/** A schedulable row's schedule, as it stores it: null when never. */
export interface ScheduleState {
  schedule: Schedule | null;
  nextRunAt: Date | null;
}

/** What a create stores of its schedule setting: the first run one period on, or none. */
export function newScheduleState(
  setting: ScheduleSetting | undefined,
  now: Date,
): ScheduleState {
  const schedule = scheduleOf(setting ?? 'off');
  return { schedule, nextRunAt: schedule ? firstRunAt(schedule, now) : null };
}

/**
 * What an update changes of a stored schedule. `refuseNew` runs when a schedule is
 * set where there was none (the account's cap may refuse it); re-sending the
 * schedule a row has keeps its next run.
 */
export function scheduleChangeOf(
  stored: Schedule | null,
  setting: ScheduleSetting | undefined,
  now: Date,
  refuseNew: () => void,
): Partial<ScheduleState> {
  if (setting === undefined) return {};
  const schedule = scheduleOf(setting);
  if (schedule && stored === null) refuseNew();
  if (schedule === stored) return {};
  return {
    schedule,
    nextRunAt: schedule ? firstRunAt(schedule, now) : null,
  };
}

/**
 * 409 naming SCHEDULES_PER_ACCOUNT when `adding` more scheduled `what` would take
 * the account past it.
 */
export function refuseSchedulesPastCap(
  what: string,
  scheduled: number,
  adding: number,
  { schedulesPerAccount: cap }: Pick<AppConfig, 'schedulesPerAccount'>,
): void {
  if (scheduled + adding <= cap) return;
  throw new LimitReachedProblem(
    `This account has ${scheduled} scheduled ${what}; SCHEDULES_PER_ACCOUNT allows ${cap}. Turn a schedule off (schedule=off) first.`,
    'SCHEDULES_PER_ACCOUNT',
    cap,
  );
}
