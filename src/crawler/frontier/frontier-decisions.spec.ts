import type { KeyedDiscovery } from './crawl-records.js';
import {
  batchDiscoveries,
  combined,
  distinctDiscoveries,
  nextStep,
  placeWave,
} from './frontier-decisions.js';
import type { CrawlStanding } from './frontier-decisions.js';

const mention = (
  hash: string,
  fields: Partial<KeyedDiscovery> = {},
): KeyedDiscovery => ({
  url: `https://site.test/${hash}`,
  hash,
  inScope: true,
  crawlable: true,
  via: 'link',
  depth: 1,
  position: 0,
  ...fields,
});

describe('how the mentions of one URL combine', () => {
  const order = (
    depth: number | null,
    parentPlace: number | null,
    position: number | null,
    fields: Partial<ReturnType<typeof combined>> = {},
  ) => ({
    crawlable: true,
    via: 'link',
    depth,
    parentPlace,
    position,
    ...fields,
  });

  it('keeps the earliest breadth-first place: depth, then parent, then link', () => {
    expect(combined(order(2, 5, 3), order(1, 9, 9))).toMatchObject({
      depth: 1,
      parentPlace: 9,
    });
    expect(combined(order(2, 5, 3), order(2, 4, 9))).toMatchObject({
      parentPlace: 4,
      position: 9,
    });
    expect(combined(order(2, 5, 3), order(2, 5, 1))).toMatchObject({
      position: 1,
    });
    expect(combined(order(2, 5, 3), order(3, 1, 0))).toEqual(order(2, 5, 3));
    expect(combined(order(null, 1, null), order(4, 9, 9))).toMatchObject({
      depth: 4,
    });
  });

  it('is crawlable if any mention is, and keeps the first way it came unless a later one gives it a depth', () => {
    const nofollow = order(null, 1, null, { crawlable: false, via: null });
    expect(combined(nofollow, order(2, 3, 0))).toMatchObject({
      crawlable: true,
      via: 'link',
    });
    const canonical = order(null, 1, null, { via: 'canonical' });
    expect(combined(canonical, order(2, 3, 0)).via).toBe('link');
    expect(combined(order(2, 3, 0), { ...canonical, depth: null }).via).toBe(
      'link',
    );
  });

  it('does not depend on the order the mentions come in, for the breadth-first place', () => {
    const a = order(2, 5, 3);
    const b = order(2, 4, 7);
    const c = order(3, 1, 1);
    const ab = combined(combined(a, b), c);
    const ba = combined(combined(c, b), a);
    expect([ab.depth, ab.parentPlace, ab.position]).toEqual([
      ba.depth,
      ba.parentPlace,
      ba.position,
    ]);
  });
});

describe('the URLs one page makes known', () => {
  it('names each URL once, however often and however it is named, in key order', () => {
    const distinct = distinctDiscoveries([
      mention('30', { position: 4 }),
      mention('10', { via: 'canonical', depth: null, position: null }),
      mention('30', { position: 1 }),
      mention('10', { position: 7 }),
      mention('-5', { crawlable: false, via: null, depth: null }),
      mention('-5', { position: 2 }),
    ]);
    expect(distinct.map((d) => d.hash)).toEqual(['-5', '10', '30']);
    expect(distinct[0]).toMatchObject({
      crawlable: true,
      depth: 1,
      position: 2,
    });
    expect(distinct[1]).toMatchObject({ via: 'link', depth: 1, position: 7 });
    expect(distinct[2]).toMatchObject({ position: 1 });
  });

  it('orders keys as numbers, as the database does', () => {
    const hashes = ['9223372036854775807', '-9223372036854775808', '2', '10'];
    expect(
      distinctDiscoveries(hashes.map((h) => mention(h))).map((d) => d.hash),
    ).toEqual(['-9223372036854775808', '2', '10', '9223372036854775807']);
  });
});

describe('placing a wave', () => {
  const rows = (...urls: string[]) =>
    urls.map((url, i) => ({ key: String(i), url }));
  const refusal = (url: string) =>
    url.startsWith('/blocked')
      ? ('blocked' as const)
      : url.startsWith('/long')
        ? ('skipped' as const)
        : null;

  it('queues while the budget lasts, blocked and skipped pages costing none', () => {
    const placement = placeWave(
      rows('/a', '/blocked1', '/b', '/long1', '/c'),
      3,
      refusal,
    );
    expect(placement.placed.map((p) => p.state)).toEqual([
      'queued',
      'blocked',
      'queued',
      'skipped',
      'queued',
    ]);
    expect(placement).toMatchObject({ queued: 3, cut: false });
  });

  it('cuts the wave at the first page past the budget: the pages are a breadth-first prefix', () => {
    const placement = placeWave(
      rows('/a', '/b', '/blocked1', '/c'),
      1,
      refusal,
    );
    expect(placement.placed.map((p) => p.key)).toEqual(['0']);
    expect(placement).toMatchObject({ queued: 1, cut: true });
  });
});

describe('the next step of a crawl', () => {
  const standing = (fields: Partial<CrawlStanding> = {}): CrawlStanding => ({
    stopping: false,
    queued: 0,
    flying: 0,
    probing: 0,
    budget: 10,
    linkPhase: true,
    nextDepth: 1,
    maxDepth: 10,
    nothingLeft: false,
    ...fields,
  });

  it.each([
    ['its wave is still requested', { queued: 3 }, 'wait'],
    ['pages are in flight', { flying: 1 }, 'wait'],
    ['links lead deeper', {}, 'link-wave'],
    ['max_depth is reached', { nextDepth: 11 }, 'named-wave'],
    ['the links are done', { linkPhase: false }, 'named-wave'],
    ['nothing is left', { nothingLeft: true }, 'stop'],
    ['max_pages is reached', { budget: 0 }, 'stop'],
    [
      'nothing is left but probes are asked',
      { nothingLeft: true, probing: 2 },
      'wait',
    ],
    [
      'a cancel is asked with pages in flight',
      { stopping: true, flying: 1 },
      'wait',
    ],
    [
      'a cancel is asked with nothing in flight',
      { stopping: true, queued: 5 },
      'cancel',
    ],
  ] as const)('when %s: %s', (_when, fields, step) => {
    expect(nextStep(standing(fields))).toBe(step);
  });
});

describe('the mentions of a batch of pages', () => {
  it('name each URL of a crawl once, placed by the page that gives it its earliest place', () => {
    const batch = batchDiscoveries([
      {
        auditId: '2',
        place: 7,
        discoveries: [{ ...mention('5', { position: 0 }), refusal: null }],
      },
      {
        auditId: '2',
        place: 3,
        discoveries: [
          { ...mention('5', { position: 9 }), refusal: null },
          { ...mention('4'), refusal: 'blocked' },
        ],
      },
      {
        auditId: '1',
        place: 1,
        discoveries: [{ ...mention('5'), refusal: null }],
      },
    ]);
    expect(
      batch.map((d) => [d.auditId, d.hash, d.parentPlace, d.position]),
    ).toEqual([
      ['1', '5', 1, 0],
      ['2', '4', 3, 0],
      ['2', '5', 3, 9],
    ]);
    expect(batch[1].refusal).toBe('blocked');
  });
});
