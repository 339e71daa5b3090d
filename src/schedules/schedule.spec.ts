import { firstRunAt, nextRunAfter } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('schedules', () => {
  it('runs first one period after it is set', () => {
    expect(firstRunAt('daily', at('2026-11-23T10:00:00.000Z'))).toEqual(
      at('2026-11-24T10:00:00.000Z'),
    );
    expect(firstRunAt('weekly', at('2026-11-23T10:00:00.000Z'))).toEqual(
      at('2026-11-30T10:00:00.000Z'),
    );
  });

  it('advances from the due time, not from when the tick ran', () => {
    expect(
      nextRunAfter(
        'daily',
        at('2026-11-24T10:00:00.000Z'),
        at('2026-11-24T10:00:45.000Z'),
      ),
    ).toEqual(at('2026-11-25T10:00:00.000Z'));
  });

  it('skips the runs missed while down: the next one is strictly in the future', () => {
    expect(
      nextRunAfter(
        'daily',
        at('2026-11-24T10:00:00.000Z'),
        at('2026-11-29T12:00:00.000Z'),
      ),
    ).toEqual(at('2026-11-30T10:00:00.000Z'));
    // Due exactly now: the next is a whole period on.
    expect(
      nextRunAfter(
        'weekly',
        at('2026-11-24T10:00:00.000Z'),
        at('2026-11-24T10:00:00.000Z'),
      ),
    ).toEqual(at('2026-12-01T10:00:00.000Z'));
  });
});
