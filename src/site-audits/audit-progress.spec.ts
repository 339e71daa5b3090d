import { elapsedMsOf, progressFigures } from './audit-progress.js';

describe('progressFigures', () => {
  it('counts the pages known as crawled and queued, bounded by max_pages, and the time left from the pace so far', () => {
    expect(
      progressFigures({
        crawled: 50,
        queued: 400,
        maxPages: 150,
        elapsedMs: 60_000,
      }),
    ).toEqual({ pagesKnown: 150, percentDone: 33, timeLeftMs: 120_000 });
    expect(
      progressFigures({
        crawled: 57,
        queued: 93,
        maxPages: 500,
        elapsedMs: 75_000,
      }),
    ).toEqual({ pagesKnown: 150, percentDone: 38, timeLeftMs: 122_368 });
  });

  it('has no time left to say before a page is crawled, and none left once nothing is queued', () => {
    expect(
      progressFigures({ crawled: 0, queued: 1, maxPages: 10, elapsedMs: 900 }),
    ).toEqual({ pagesKnown: 1, percentDone: 0, timeLeftMs: null });
    expect(
      progressFigures({ crawled: 0, queued: 0, maxPages: 10, elapsedMs: 900 }),
    ).toEqual({ pagesKnown: 0, percentDone: 0, timeLeftMs: null });
    expect(
      progressFigures({ crawled: 4, queued: 0, maxPages: 4, elapsedMs: 3_000 }),
    ).toEqual({ pagesKnown: 4, percentDone: 100, timeLeftMs: 0 });
  });

  it('never knows fewer pages than it crawled', () => {
    expect(
      progressFigures({ crawled: 12, queued: 0, maxPages: 10, elapsedMs: 1 }),
    ).toMatchObject({ pagesKnown: 12, percentDone: 100 });
  });
});

describe('elapsedMsOf', () => {
  const created = new Date('2026-11-26T10:00:00.000Z');

  it('runs until the audit is judged, then stays', () => {
    const now = new Date('2026-11-26T10:01:15.000Z');
    expect(elapsedMsOf(created, null, now)).toBe(75_000);
    expect(
      elapsedMsOf(created, new Date('2026-11-26T10:00:03.400Z'), now),
    ).toBe(3_400);
  });

  it('is never negative when the database stamped creation by a clock ahead of ours', () => {
    expect(
      elapsedMsOf(created, null, new Date('2026-11-26T09:59:59.990Z')),
    ).toBe(0);
  });
});
