/**
 * The wait before attempt `attempt` (1 for the first) of a delivery under
 * `schedule` (WEBHOOK_RETRY_DELAYS_MS, one wait per attempt); null when the
 * schedule has no such attempt and the delivery has failed for good.
 */
export function delayBeforeAttempt(
  schedule: readonly number[],
  attempt: number,
): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) return null;
  return schedule[attempt - 1] ?? null;
}

/** From the first attempt to the last, if every one fails. */
export function scheduleSpanMs(schedule: readonly number[]): number {
  return schedule.reduce((sum, delay) => sum + delay, 0);
}
