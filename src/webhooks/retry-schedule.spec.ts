import {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  loadConfig,
} from '../config/config.js';
import { delayBeforeAttempt, scheduleSpanMs } from './retry-schedule.js';

describe('the webhook retry schedule', () => {
  it('is Standard Webhooks’ by default: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    const schedule = loadConfig({}).webhookRetryDelaysMs;
    expect(schedule).toEqual(DEFAULT_WEBHOOK_RETRY_DELAYS_MS);
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (attempt) => delayBeforeAttempt(schedule, attempt)! / 60_000,
    );
    expect(minutes).toEqual([0, 5 / 60, 5, 30, 120, 300, 600, 600]);
    expect(delayBeforeAttempt(schedule, 9)).toBeNull();
    // About a day of retries, as the issue asks.
    const hours = scheduleSpanMs(schedule) / 3_600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(28);
  });

  it('no attempt 0 or below', () => {
    expect(delayBeforeAttempt([0, 10], 0)).toBeNull();
    expect(delayBeforeAttempt([0, 10], -1)).toBeNull();
  });

  it('is set by WEBHOOK_RETRY_DELAYS_MS, and a bad value is a configuration problem', () => {
    const schedule = loadConfig({
      WEBHOOK_RETRY_DELAYS_MS: '0, 10,20',
    }).webhookRetryDelaysMs;
    expect(schedule).toEqual([0, 10, 20]);
    expect(delayBeforeAttempt(schedule, 3)).toBe(20);
    expect(delayBeforeAttempt(schedule, 4)).toBeNull();
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS_MS: '0,soon' })).toThrow(
      /WEBHOOK_RETRY_DELAYS_MS must be a comma list/,
    );
    expect(() =>
      loadConfig({ WEBHOOK_RETRY_DELAYS_MS: String(8 * 24 * 3_600_000) }),
    ).toThrow(/WEBHOOK_RETRY_DELAYS_MS/);
  });
});
