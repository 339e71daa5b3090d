/** How often a report is analysed again by itself; null when never. */
export const SCHEDULES = ['daily', 'weekly'] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** What a request may ask: a schedule, or `off`. */
export const SCHEDULE_SETTINGS = [...SCHEDULES, 'off'] as const;
export type ScheduleSetting = (typeof SCHEDULE_SETTINGS)[number];

const DAY_MS = 24 * 60 * 60_000;
export const SCHEDULE_PERIOD_MS: Record<Schedule, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/** The schedule a setting stores: null for off. */
export function scheduleOf(setting: ScheduleSetting): Schedule | null {
  return setting === 'off' ? null : setting;
}

/** The first run of a schedule set now: one period from now. */
export function firstRunAt(schedule: Schedule, now: Date): Date {
  return new Date(now.getTime() + SCHEDULE_PERIOD_MS[schedule]);
}

/**
 * The run after the one due at `due`: whole periods on from `due` (so runs keep their
 * time of day), and strictly after `now`, so runs missed while the service was down
 * are not made up one after another.
 */
export function nextRunAfter(schedule: Schedule, due: Date, now: Date): Date {
  const period = SCHEDULE_PERIOD_MS[schedule];
  const behind = Math.max(0, now.getTime() - due.getTime());
  const periods = Math.floor(behind / period) + 1;
  return new Date(due.getTime() + periods * period);
}
