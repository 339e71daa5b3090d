import { diffAudits, settingsWarnings } from './audit-diff.js';
import type { DiffPage } from './audit-diff.js';

const ORIGIN = 'https://example.com';

function page(path: string, fields: Partial<DiffPage> = {}): DiffPage {
  return {
    url: `${ORIGIN}${path}`,
    html: true,
    status_code: 200,
    redirect_to: null,
    indexable: true,
    noindex: false,
    title: `Title of ${path}`,
    meta_description: `About ${path}`,
    canonical: null,
    hreflang: [],
    failed_checks: [],
    response_ms: 120,
    ...fields,
  };
}

const summary = (changes: ReturnType<typeof diffAudits>) =>
  changes.map((c) => [c.type, c.check_id, c.pages]);

describe('diffAudits', () => {
  it('finds no change between two audits of an unchanged site', () => {
    const pages = [
      page('/', { failed_checks: ['title_length'] }),
      page('/a', { hreflang: [{ lang: 'en', url: `${ORIGIN}/a` }] }),
      page('/gone', { html: false, status_code: 404, indexable: false }),
    ];
    expect(diffAudits(pages, structuredClone(pages).reverse(), 100)).toEqual(
      [],
    );
  });

  it('reports each kind of change once with every page it touches, in a fixed order', () => {
    const before = [
      page('/'),
      page('/title'),
      page('/noindex'),
      page('/canonical'),
      page('/to-404'),
      page('/redirected'),
      page('/removed'),
      page('/links', { failed_checks: ['broken_link_x'] }),
      page('/hreflang', { hreflang: [{ lang: 'en', url: `${ORIGIN}/en` }] }),
      page('/description'),
    ];
    const after = [
      page('/'),
      page('/title', { title: 'A new title' }),
      page('/noindex', { noindex: true, indexable: false }),
      page('/canonical', { canonical: `${ORIGIN}/other`, indexable: false }),
      page('/to-404', {
        html: false,
        status_code: 404,
        indexable: false,
        title: null,
      }),
      page('/redirected', {
        html: false,
        status_code: 301,
        redirect_to: `${ORIGIN}/`,
        indexable: false,
      }),
      page('/added'),
      page('/links', { failed_checks: ['broken_link'] }),
      page('/hreflang', { hreflang: [{ lang: 'fr', url: `${ORIGIN}/fr` }] }),
      page('/description', { meta_description: null }),
    ];
    const changes = diffAudits(before, after, 100);
    expect(summary(changes)).toEqual([
      ['issue_appeared', 'broken_link', 1],
      ['issue_fixed', 'broken_link_x', 1],
      ['page_added', null, 1],
      ['page_removed', null, 1],
      ['status_code', null, 2],
      ['redirect_to', null, 1],
      ['indexable', null, 4],
      ['noindex', null, 1],
      ['title', null, 1],
      ['meta_description', null, 1],
      ['canonical', null, 1],
      ['hreflang', null, 1],
    ]);
    const byType = new Map(changes.map((c) => [c.type, c]));
    expect(byType.get('status_code')?.items).toEqual([
      { url: `${ORIGIN}/redirected`, before: 200, after: 301 },
      { url: `${ORIGIN}/to-404`, before: 200, after: 404 },
    ]);
    expect(byType.get('meta_description')?.items).toEqual([
      {
        url: `${ORIGIN}/description`,
        before: 'About /description',
        after: null,
      },
    ]);
    expect(byType.get('page_added')?.items).toEqual([
      { url: `${ORIGIN}/added`, before: null, after: 200 },
    ]);
    expect(byType.get('hreflang')?.items[0]).toMatchObject({
      before: [{ lang: 'en', url: `${ORIGIN}/en` }],
      after: [{ lang: 'fr', url: `${ORIGIN}/fr` }],
    });
    // A page that stopped being HTML is not said to have lost its title.
    expect(byType.get('title')?.items.map((i) => i.url)).toEqual([
      `${ORIGIN}/title`,
    ]);
  });

  it('counts a template change on 500 pages as one change of 500 pages, listing up to the cap', () => {
    const paths = Array.from({ length: 500 }, (_, i) => `/p${1000 + i}`);
    const before = paths.map((p) => page(p, { title: 'Shop | Old' }));
    const after = paths.map((p) =>
      page(p, { title: 'Shop | New', failed_checks: ['duplicate_title'] }),
    );
    const changes = diffAudits(before, after, 10);
    expect(summary(changes)).toEqual([
      ['issue_appeared', 'duplicate_title', 500],
      ['title', null, 500],
    ]);
    expect(changes[1].items).toHaveLength(10);
    expect(changes[1].items[0]).toEqual({
      url: `${ORIGIN}/p1000`,
      before: 'Shop | Old',
      after: 'Shop | New',
    });
  });

  it("counts an added page's issues as appeared, and a removed page as one change, nothing fixed on it", () => {
    const changes = diffAudits(
      [page('/old', { failed_checks: ['title'] })],
      [page('/new', { failed_checks: ['title', 'h1'] })],
      100,
    );
    expect(summary(changes)).toEqual([
      ['issue_appeared', 'h1', 1],
      ['issue_appeared', 'title', 1],
      ['page_added', null, 1],
      ['page_removed', null, 1],
    ]);
  });

  it('makes a page that turned 404 or redirected one change of its status, never a list of checks it "fixed"', () => {
    const failing = { failed_checks: ['title', 'h1', 'meta_description'] };
    const changes = diffAudits(
      [
        page('/to-404', failing),
        page('/moved', failing),
        page('/kept', failing),
      ],
      [
        page('/to-404', {
          html: false,
          status_code: 404,
          indexable: false,
          failed_checks: [],
        }),
        page('/moved', {
          html: false,
          status_code: 301,
          redirect_to: `${ORIGIN}/kept`,
          indexable: false,
          failed_checks: [],
        }),
        page('/kept', { failed_checks: ['title', 'h1'] }),
      ],
      100,
    );
    expect(summary(changes)).toEqual([
      ['issue_fixed', 'meta_description', 1],
      ['status_code', null, 2],
      ['redirect_to', null, 1],
      ['indexable', null, 2],
    ]);
    expect(changes.find((c) => c.type === 'status_code')!.items).toEqual([
      { url: `${ORIGIN}/moved`, before: 200, after: 301 },
      { url: `${ORIGIN}/to-404`, before: 200, after: 404 },
    ]);
  });

  it('counts a response_time change only beyond the margin: a flap under load is none', () => {
    const fast = (path: string, ms: number) => page(path, { response_ms: ms });
    const slow = (path: string, ms: number) =>
      page(path, { response_ms: ms, failed_checks: ['response_time'] });
    const changes = diffAudits(
      [
        fast('/flap', 700),
        slow('/fixed', 900),
        slow('/stays', 850),
        fast('/worse', 300),
      ],
      [
        slow('/flap', 950),
        fast('/fixed', 300),
        fast('/stays', 700),
        slow('/worse', 1500),
      ],
      10,
    );
    expect(summary(changes)).toEqual([
      ['issue_appeared', 'response_time', 1],
      ['issue_fixed', 'response_time', 1],
    ]);
    expect(changes[0].items[0].url).toBe(`${ORIGIN}/worse`);
    expect(changes[1].items[0].url).toBe(`${ORIGIN}/fixed`);
  });
});

describe('settingsWarnings', () => {
  const settings = {
    max_pages: 500,
    max_depth: 10,
    include: [],
    exclude: [],
    respect_robots: true,
    sitemaps: true,
  };

  it('names each setting the audits were made with differently, and nothing when alike', () => {
    expect(settingsWarnings(settings, { ...settings })).toEqual([]);
    const warnings = settingsWarnings(settings, {
      ...settings,
      max_pages: 300,
      exclude: ['/shop/'],
    });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /different settings: max_pages 500 then, 300 now/,
    );
    expect(warnings[1]).toMatch(/exclude none then, \/shop\/ now/);
  });
});
