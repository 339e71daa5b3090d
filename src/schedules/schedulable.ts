import { LimitReachedProblem } from '../common/problem.js';
import type { AppConfig } from '../config/config.js';
import { firstRunAt, scheduleOf } from './schedule.js';
import type { Schedule, ScheduleSetting } from './schedule.js';

/*
 * What a schedulable kind (reports, site audits) uses of schedules: the rules of the
 * schedule its rows keep. A feature imports it whole (`import * as schedules`).
 */

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
