import { encodeCursor } from '../src/reports/list-cursor.js';
import { seedReports } from './support/seed.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

describe('GET /api/v1/reports (list)', () => {
  let t: TestApp;
  let key: string;
  let ids: number[];

  beforeAll(async () => {
    t = await startTestApp();
    const account = await t.newAccount();
    key = account.key;
    const hour = (h: number) => new Date(Date.UTC(2026, 10, 20, h));
    // Rows in creation order; ids grow with it.
    ids = await seedReports(t.dataSource, account.accountId, [
      { url: 'https://alpha.example/a', score: 90, generatedAt: hour(3) },
      {
        url: 'https://www.Beta.example/100%_off',
        score: 60,
        generatedAt: hour(1),
      },
      { url: 'https://gamma.example/c', score: 30, generatedAt: hour(2) },
      { url: 'https://alpha.example/d', score: null, status: 'failed' },
      { url: 'https://beta.example/e', score: 85, generatedAt: hour(1) },
      {
        url: 'https://delta.example/back\\slash',
        score: 55,
        generatedAt: hour(5),
      },
    ]);
  });
  afterAll(() => t.close());

  const list = (query = '') =>
    t
      .as(key)
      .get(`/api/v1/reports${query}`)
      .set('Host', 'reports.example.test');

  const SORT_ORDERS: Array<[string, string, number[]]> = [
    ['id', 'asc', [0, 1, 2, 3, 4, 5]],
    ['id', 'desc', [5, 4, 3, 2, 1, 0]],
    // generated_at ties (1 and 4 at hour 1) broken by id in the same direction; null last
    ['generated_at', 'asc', [1, 4, 2, 0, 5, 3]],
    ['generated_at', 'desc', [5, 0, 2, 4, 1, 3]],
    ['url', 'asc', [0, 3, 4, 5, 2, 1]],
    ['url', 'desc', [1, 2, 5, 4, 3, 0]],
    // good > decent > bad; ties by id; no result last both ways
    ['result', 'desc', [4, 0, 5, 1, 2, 3]],
    ['result', 'asc', [2, 1, 5, 0, 4, 3]],
  ];

  const idsOf = (body: { data: Array<{ id: number }> }) =>
    body.data.map((r) => r.id);

  it('lists newest first by default, without results, in the envelope', async () => {
    const res = await list().expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(idsOf(res.body)).toEqual([...ids].reverse());
    expect(res.body.data[0]).not.toHaveProperty('results');
    expect(res.body.data[0]).toEqual({
      id: ids[5],
      url: 'https://delta.example/back\\slash',
      project: 'delta.example',
      status: 'completed',
      result: 'decent',
      score: 55,
      privacy: 1,
      render: false,
      lab: false,
      generated_at: '2026-11-20T05:00:00.000Z',
      created_at: expect.stringMatching(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      ),
      updated_at: expect.stringMatching(/Z$/),
      error: null,
      share_url: null,
      schedule: null,
      next_run_at: null,
    });
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      to: 6,
      last_page: 1,
      per_page: 10,
      total: 6,
      total_is_exact: true,
      next_cursor: null,
      prev_cursor: null,
      path: 'http://reports.example.test/api/v1/reports',
    });
    expect(res.body.links).toEqual({
      first: 'http://reports.example.test/api/v1/reports?page=1',
      last: 'http://reports.example.test/api/v1/reports?page=1',
      prev: null,
      next: null,
    });
  });

  it.each(SORT_ORDERS)(
    'sorts by %s %s with its tie-break and nulls last',
    async (sortBy, sort, order) => {
      const res = await list(`?sort_by=${sortBy}&sort=${sort}`).expect(200);
      expect(idsOf(res.body)).toEqual(order.map((i) => ids[i]));
    },
  );

  it('searches url case-insensitively with %, _ and \\ literal', async () => {
    expect(idsOf((await list('?search=ALPHA').expect(200)).body)).toEqual([
      ids[3],
      ids[0],
    ]);
    expect(idsOf((await list('?search=100%25_').expect(200)).body)).toEqual([
      ids[1],
    ]);
    expect(idsOf((await list('?search=0%25_').expect(200)).body)).toEqual([
      ids[1],
    ]);
    // As wildcards, "a%e" and "a_e" would match alpha.example, beta.example...
    expect(idsOf((await list('?search=a%25e').expect(200)).body)).toEqual([]);
    expect(idsOf((await list('?search=a_e').expect(200)).body)).toEqual([]);
    expect(idsOf((await list('?search=k%5Cs').expect(200)).body)).toEqual([
      ids[5],
    ]);
    expect(
      idsOf((await list('?search=&search_by=url').expect(200)).body),
    ).toHaveLength(6);
  });

  it('filters by project (exact, case-insensitive) and result', async () => {
    expect(
      idsOf((await list('?project=BETA.example').expect(200)).body),
    ).toEqual([ids[4], ids[1]]);
    expect(idsOf((await list('?project=beta').expect(200)).body)).toEqual([]);
    expect(idsOf((await list('?result=good').expect(200)).body)).toEqual([
      ids[4],
      ids[0],
    ]);
    expect(
      idsOf((await list('?result=bad&project=gamma.example').expect(200)).body),
    ).toEqual([ids[2]]);
    expect(
      idsOf((await list('?result=&project=').expect(200)).body),
    ).toHaveLength(6);
  });

  it.each(SORT_ORDERS)(
    'sorts the matches of a search by %s %s in the same order',
    async (sortBy, sort, order) => {
      // Every seeded url holds "example": the search keeps all, in the same order.
      const res = await list(
        `?search=example&sort_by=${sortBy}&sort=${sort}`,
      ).expect(200);
      expect(idsOf(res.body)).toEqual(order.map((i) => ids[i]));
    },
  );

  it('breaks ties of equal URLs by id in the direction of the sort', async () => {
    const dupes = await t.newAccount();
    const seeded = await seedReports(t.dataSource, dupes.accountId, [
      { url: 'https://same.example/', score: 70 },
      { url: 'https://other.example/', score: 70 },
      { url: 'https://same.example/', score: 40 },
      { url: 'https://same.example/', score: 90 },
    ]);
    const sorted = async (sort: string) =>
      idsOf(
        (
          await t
            .as(dupes.key)
            .get(`/api/v1/reports?sort_by=url&sort=${sort}`)
            .expect(200)
        ).body,
      );
    expect(await sorted('asc')).toEqual([1, 0, 2, 3].map((i) => seeded[i]));
    expect(await sorted('desc')).toEqual([3, 2, 0, 1].map((i) => seeded[i]));
  });

  it('paginates with meta and links that keep the other parameters', async () => {
    const extra = await t.newAccount();
    await seedReports(
      t.dataSource,
      extra.accountId,
      Array.from({ length: 23 }, (_, i) => ({
        url: `https://many.example/${i}`,
        score: 70,
      })),
    );
    const page = (q: string) =>
      t
        .as(extra.key)
        .get(`/api/v1/reports${q}`)
        .set('Host', 'api.reports.example.test:8080');
    const second = await page(
      '?per_page=10&page=2&sort=asc&unknown=kept',
    ).expect(200);
    expect(second.body.data).toHaveLength(10);
    expect(second.body.meta).toMatchObject({
      current_page: 2,
      from: 11,
      to: 20,
      last_page: 3,
      per_page: 10,
      total: 23,
      total_is_exact: true,
      path: 'http://api.reports.example.test:8080/api/v1/reports',
    });
    const base =
      'http://api.reports.example.test:8080/api/v1/reports?per_page=10&page=';
    expect(second.body.links).toEqual({
      first: `${base}1&sort=asc&unknown=kept`,
      last: `${base}3&sort=asc&unknown=kept`,
      prev: `${base}1&sort=asc&unknown=kept`,
      next: `${base}3&sort=asc&unknown=kept`,
    });
    const last = await page('?per_page=10&page=3').expect(200);
    expect(last.body.meta).toMatchObject({ from: 21, to: 23 });
    expect(last.body.links.next).toBeNull();
    const past = await page('?page=9').expect(200);
    expect(past.body.data).toEqual([]);
    // From past the end, prev leads back to the last page that has reports.
    expect(past.body.links.prev).toBe(
      'http://api.reports.example.test:8080/api/v1/reports?page=3',
    );
    expect(past.body.links.next).toBeNull();
    expect(past.body.meta).toMatchObject({
      current_page: 9,
      from: null,
      to: null,
      total: 23,
      total_is_exact: true,
      last_page: 3,
    });
    const wide = await page('?per_page=25').expect(200);
    expect(wide.body.data).toHaveLength(23);
  });

  describe('cursor pagination', () => {
    let walker: { key: string; accountId: string };
    const hour = (h: number) => new Date(Date.UTC(2026, 10, 21, h));

    beforeAll(async () => {
      walker = await t.newAccount();
      // 27 reports: repeated urls, generated_at and results (ties by id), 5 never
      // analysed (nulls last), two projects.
      const ids = await seedReports(
        t.dataSource,
        walker.accountId,
        Array.from({ length: 27 }, (_, i) => ({
          url: `https://${i % 3 ? 'walk' : 'other'}.example/${i % 7}`,
          score: i % 6 === 5 ? null : (i * 37) % 101,
          status: i % 6 === 5 ? ('queued' as const) : undefined,
          generatedAt: i % 6 === 5 ? null : hour(i % 4),
        })),
      );
      // Microseconds apart, which a JS Date cannot tell: the cursor must.
      await t.dataSource.query(
        `UPDATE reports SET generated_at = generated_at + make_interval(secs => $2)
         WHERE id = $1`,
        [ids[4], 0.000003],
      );
    });

    const get = (q: string) =>
      t
        .as(walker.key)
        .get(`/api/v1/reports${q}`)
        .set('Host', 'reports.example.test');
    const relative = (link: string) =>
      link.replace('http://reports.example.test/api/v1/reports', '');

    /** Every id of the list, page by page by number. */
    async function byNumber(params: string): Promise<number[]> {
      const ids: number[] = [];
      for (let page = 1; page <= 3; page++) {
        ids.push(...idsOf((await get(`?${params}&page=${page}`)).body));
      }
      return ids;
    }

    it.each(
      SORT_ORDERS.flatMap(([sortBy, sort]) =>
        ['', '&result=good', '&project=walk.example', '&search=walk'].map(
          (filter) => `per_page=10&sort_by=${sortBy}&sort=${sort}${filter}`,
        ),
      ),
    )(
      '%s: links.next then links.prev walk the list numbered pages give',
      async (params) => {
        const expected = await byNumber(params);
        // A numbered first page links page 2 by number and gives the cursor to it.
        const first = await get(`?${params}&unknown=kept`).expect(200);
        const forward = [...idsOf(first.body)];
        expect(first.body.meta.prev_cursor).toBeNull();
        const pages = [first.body];
        if (first.body.links.next === null) {
          // A list of one page (some filters here): no cursor onward.
          expect(first.body.meta.next_cursor).toBeNull();
          expect(forward).toEqual(expected);
          return;
        }
        let body = (
          await get(
            `?${params}&unknown=kept&cursor=${first.body.meta.next_cursor}`,
          ).expect(200)
        ).body;
        forward.push(...idsOf(body));
        pages.push(body);
        while (body.links.next) {
          const next = new URL(body.links.next);
          expect(next.searchParams.get('cursor')).toBe(body.meta.next_cursor);
          expect(next.searchParams.has('page')).toBe(false);
          expect(next.searchParams.get('unknown')).toBe('kept');
          body = (await get(relative(body.links.next)).expect(200)).body;
          expect(body.meta).toMatchObject({
            current_page: null,
            from: null,
            to: null,
            total: expected.length,
            total_is_exact: true,
          });
          forward.push(...idsOf(body));
          pages.push(body);
          expect(pages.length).toBeLessThan(5);
        }
        expect(forward).toEqual(expected);
        expect(body.meta.next_cursor).toBeNull();
        // Back from the last page, each prev page is the page before it.
        for (let i = pages.length - 1; i > 0; i--) {
          expect(pages[i].links.prev).not.toBeNull();
          const prev = (await get(relative(pages[i].links.prev)).expect(200))
            .body;
          expect(idsOf(prev)).toEqual(idsOf(pages[i - 1]));
        }
      },
    );

    it('gives a numbered page cursors that continue from it', async () => {
      const params = 'per_page=10&sort_by=generated_at&sort=asc';
      const expected = await byNumber(params);
      const second = (await get(`?${params}&page=2`).expect(200)).body;
      expect(second.links.next).toContain('page=3');
      const after = await get(
        `?${params}&cursor=${second.meta.next_cursor}`,
      ).expect(200);
      expect(idsOf(after.body)).toEqual(expected.slice(20));
      const before = await get(
        `?${params}&cursor=${second.meta.prev_cursor}`,
      ).expect(200);
      expect(idsOf(before.body)).toEqual(expected.slice(0, 10));
      expect(before.body.meta.prev_cursor).toBeNull();
    });

    it.each([
      ['not base64url', 'a+b/c='],
      ['not JSON', Buffer.from('nope').toString('base64url')],
      ['JSON of another shape', Buffer.from('[1,2]').toString('base64url')],
      [
        'a value the sort key cannot have',
        encodeCursor({
          sortBy: 'generated_at',
          value: 'yesterday',
          id: '1',
          towards: 'next',
        }),
      ],
      [
        'made for another sort_by',
        encodeCursor({ sortBy: 'url', value: 'x', id: '1', towards: 'next' }),
      ],
    ])(
      'refuses a cursor that is %s with 422 naming cursor',
      async (_what, c) => {
        const res = await get(`?sort_by=generated_at&cursor=${c}`).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['cursor']);
      },
    );
  });

  it('answers an empty account with last_page 1', async () => {
    const empty = await t.newAccount();
    const res = await t.as(empty.key).get('/api/v1/reports').expect(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({
      total: 0,
      total_is_exact: true,
      last_page: 1,
      from: null,
      to: null,
    });
  });

  it.each([
    ['per_page=20', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['sort=up', 'sort'],
    ['sort_by=score', 'sort_by'],
    ['search_by=project', 'search_by'],
    // Under 3 characters a term has no trigram to find it by.
    ['search=ab', 'search'],
    ['search=a', 'search'],
    ['search=%25_', 'search'],
    ['result=great', 'result'],
    ['result=good&result=bad', 'result'],
  ])('refuses %s with 422 naming %s', async (query, name) => {
    const res = await list(`?${query}`).expect(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([name]);
  });

  it('names every bad parameter at once', async () => {
    const res = await list('?per_page=7&sort=sideways&result=meh').expect(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'per_page',
      'result',
      'sort',
    ]);
    expect(res.body).toMatchObject({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
    });
  });
});
