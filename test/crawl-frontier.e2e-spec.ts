import { PAGE_FACT_NAMES, pageFact } from '../src/analysis/index.js';
import type { RecordedPageFacts } from '../src/analysis/index.js';
import { urlHash } from '../src/crawler/crawl.js';
import { bareRecord } from '../src/crawler/frontier/crawl-records.js';
import type {
  ClaimedPage,
  DecidedDiscovery,
  PageReading,
} from '../src/crawler/frontier/crawl-records.js';
import { distinctDiscoveries } from '../src/crawler/frontier/frontier-decisions.js';
import { FrontierRepository } from '../src/crawler/frontier/frontier.repository.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * The frontier's write path against a real database: batches of pages that all link
 * to each other, to a shared menu and to themselves, each naming some URLs several
 * ways, settled at once from many connections. None may deadlock, fail on a
 * duplicate key, or write a URL or a link twice. On the PostgreSQL of DATABASE_URL
 * (the embedded default serialises its sessions, so there it checks the writes alone).
 */

const SITE = 'http://127.0.0.1:9';
const PAGES = 60;
const MENU = 40;

function discovery(
  url: string,
  fields: Partial<DecidedDiscovery> = {},
): DecidedDiscovery {
  return {
    url,
    hash: urlHash(url),
    inScope: true,
    crawlable: true,
    via: 'link',
    depth: 2,
    position: 0,
    refusal: null,
    ...fields,
  };
}

describe('the frontier under concurrent settles', () => {
  let t: TestApp;
  let frontier: FrontierRepository;

  beforeAll(async () => {
    t = await startTestApp();
    frontier = t.app.get(FrontierRepository, { strict: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A running audit with PAGES pages taken, as the runner takes them. */
  async function runningAudit(): Promise<ClaimedPage[]> {
    const { accountId } = await t.newAccount();
    const [{ id }]: Array<{ id: string }> = await t.dataSource.query(
      `INSERT INTO site_audits (account_id, url, project, settings, status, origin, facts, wave)
       VALUES ($1, $2, '127.0.0.1', $3, 'running', $4, '{}', 1) RETURNING id::text`,
      [
        accountId,
        `${SITE}/`,
        JSON.stringify({
          max_pages: 1000,
          max_depth: 10,
          include: [],
          exclude: [],
          respect_robots: true,
          sitemaps: true,
        }),
        SITE,
      ],
    );
    const pages: ClaimedPage[] = [];
    for (let i = 0; i < PAGES; i++) {
      const url = `${SITE}/p${i}`;
      const [row]: Array<{ key: string }> = await t.dataSource.query(
        `INSERT INTO site_audit_urls (audit_id, url_hash, url, in_scope, state, crawlable, depth, place, wave)
         VALUES ($1, $2, $3, true, 'running', true, 1, $4, 1) RETURNING key::text`,
        [id, urlHash(url), url, i + 1],
      );
      pages.push({
        key: row.key,
        hash: urlHash(url),
        auditId: id,
        accountId,
        url,
        depth: 1,
        place: i + 1,
        attempts: 0,
      });
    }
    return pages;
  }

  /** What page `i` says: every page, the menu, itself, a repeated link, a canonical and an hreflang that are links too. */
  function readingOf(i: number): PageReading {
    const targets = [
      ...Array.from({ length: PAGES }, (_, j) => `${SITE}/p${(i + j) % PAGES}`),
      ...Array.from({ length: MENU }, (_, j) => `${SITE}/menu/${j}`),
      `${SITE}/new/${i}`,
    ];
    const discoveries = [
      ...targets.map((url, position) => discovery(url, { position })),
      discovery(targets[0], { via: 'canonical', depth: null, position: null }),
      discovery(`${SITE}/menu/0`, {
        via: 'hreflang',
        depth: null,
        position: null,
      }),
      discovery(`${SITE}/menu/1`, { position: 99 }),
    ];
    return {
      record: bareRecord({ statusCode: 200, html: true, title: `Page ${i}` }),
      // As a reading gives them: each URL once.
      discoveries: distinctDiscoveries(discoveries).map((d) => ({
        ...d,
        refusal: null,
      })),
      links: targets.map((url, position) => ({
        toHash: urlHash(url),
        followed: true,
        anchor: `to ${url}`,
        position,
      })),
      probeTargets: [
        {
          url: 'http://127.0.0.2:9/out',
          hash: urlHash('http://127.0.0.2:9/out'),
          inScope: false,
        },
      ],
    };
  }

  it('settles batches that name the same URLs at once: no deadlock, each URL and link once', async () => {
    const pages = await runningAudit();
    const auditId = pages[0].auditId;
    // Ten batches of six pages each, all at once, the pages of a batch in another order.
    const batches = Array.from({ length: 10 }, (_, b) =>
      pages
        .slice(b * 6, b * 6 + 6)
        .reverse()
        .map((page) => ({ page, reading: readingOf(page.place - 1) })),
    );
    const results = await Promise.all(
      batches.map((batch) => frontier.settle(batch)),
    );
    expect(results.flatMap((r) => r.settled)).toHaveLength(PAGES);
    // The one outside URL is probed once, by whichever batch took it.
    expect(results.flatMap((r) => r.probes)).toHaveLength(1);

    const [counts]: Array<{
      urls: number;
      distinct: number;
      done: number;
      records: number;
    }> = await t.dataSource.query(
      `SELECT count(*)::int AS urls, count(DISTINCT url)::int AS distinct,
              count(*) FILTER (WHERE state = 'done')::int AS done,
              (SELECT count(*)::int FROM site_audit_page_records r
               JOIN site_audit_urls d ON d.key = r.key WHERE d.audit_id = $1) AS records
       FROM site_audit_urls WHERE audit_id = $1`,
      [auditId],
    );
    // Each settled page has one record, in its own table; the URLs found have none.
    expect(counts).toEqual({
      urls: PAGES + MENU + PAGES + 1,
      distinct: PAGES + MENU + PAGES + 1,
      done: PAGES,
      records: PAGES,
    });
    const [{ links }]: Array<{ links: number }> = await t.dataSource.query(
      `SELECT count(*)::int AS links FROM site_audit_links WHERE audit_id = $1`,
      [auditId],
    );
    expect(links).toBe(PAGES * (PAGES + MENU + 1));
    // A page settled twice (its lease ran out and another took it) is stored once.
    const again = await frontier.settle([
      { page: pages[0], reading: readingOf(0) },
    ]);
    expect(again.settled).toEqual([]);
    const [{ links: after }]: Array<{ links: number }> =
      await t.dataSource.query(
        `SELECT count(*)::int AS links FROM site_audit_links WHERE audit_id = $1`,
        [auditId],
      );
    expect(after).toBe(links);
  });

  it('stores every fact of the page-fact table in its column, as a site check reads it back', async () => {
    // A fact whose migration is missing, or whose column type differs, fails here.
    const columns: Array<{ column_name: string; udt_name: string }> =
      await t.dataSource.query(
        `SELECT column_name, udt_name FROM information_schema.columns
         WHERE table_name = 'site_audit_page_records'`,
      );
    const types = new Map(columns.map((c) => [c.column_name, c.udt_name]));
    const udt = {
      int: 'int4',
      text: 'text',
      boolean: 'bool',
      jsonb: 'jsonb',
      'text[]': '_text',
    };
    for (const name of PAGE_FACT_NAMES) {
      const { column, sql } = pageFact(name);
      expect([name, types.get(column)]).toEqual([name, udt[sql]]);
    }
    const pages = await runningAudit();
    const facts = {
      title: 'A title',
      metaDescription: 'A description',
      canonical: `${SITE}/p0`,
      noindex: true,
      indexable: false,
      hreflang: [{ lang: 'en-GB', url: `${SITE}/p0` }],
      words: 321,
      textDigest: 'digest',
      minhash: 'm1.signature',
      skeleton: 'layout',
      structuredDataTypes: ['Article', 'BreadcrumbList'],
      accessibilityRules: ['image-alt', 'label'],
      robots: ['noindex', 'max-snippet:20'],
    } satisfies RecordedPageFacts;
    const reading = readingOf(0);
    await frontier.settle([
      {
        page: pages[0],
        reading: { ...reading, record: { ...reading.record, ...facts } },
      },
    ]);
    const [row]: Array<Record<string, unknown>> = await t.dataSource.query(
      `SELECT ${PAGE_FACT_NAMES.map((name) => `${pageFact(name).column} AS "${name}"`).join(', ')}
       FROM site_audit_page_rows WHERE key = $1`,
      [pages[0].key],
    );
    expect(row).toEqual(facts);
  });

  it('keeps for each URL its earliest breadth-first place, whatever the order of the settles', async () => {
    const pages = await runningAudit();
    const target = `${SITE}/shared`;
    // Every page links to it, at a position that grows with the page: page 1's link wins.
    const batches = pages.map((page) => [
      {
        page,
        reading: {
          ...readingOf(page.place - 1),
          discoveries: [discovery(target, { position: page.place })],
          links: [],
          probeTargets: [],
        },
      },
    ]);
    await Promise.all(batches.reverse().map((batch) => frontier.settle(batch)));
    const [row]: Array<{
      parent_place: number;
      position: number;
      depth: number;
    }> = await t.dataSource.query(
      `SELECT parent_place, position, depth FROM site_audit_urls
         WHERE audit_id = $1 AND url = $2`,
      [pages[0].auditId, target],
    );
    expect(row).toEqual({ parent_place: 1, position: 1, depth: 2 });
  });
});
