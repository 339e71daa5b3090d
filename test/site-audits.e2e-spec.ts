import { html, startFixtureSite } from './support/fixture-server.js';
import type {
  FixtureHandler,
  FixtureSite,
  SiteRequest,
} from './support/fixture-server.js';
import { startAuditFixtureSite } from './support/audit-fixture-site.js';
import type { AuditFixtureSite } from './support/audit-fixture-site.js';
import { closedPort } from './support/network.js';
import {
  affectedBy,
  allPages,
  createAudit,
  expectContractCrawl,
  finishedAudit,
  readAudit,
  runAudit,
} from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { ScheduleTick } from '../src/schedules/schedule-tick.js';
import { TestClock } from './support/test-clock.js';
import { waitUntil } from './support/wait.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Site audits end to end on the jobs table (no Redis): on the PostgreSQL of
 * DATABASE_URL, then on the embedded default. The crawl of a fixture site that seeds
 * every site check, the crawl's settings, cancel, tenancy and the address policy.
 */

const page = (title: string, body = '', head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><p>${title}</p>${body}</body></html>`;
const links = (...paths: string[]) =>
  paths.map((p) => `<a href="${p}">to ${p}</a>`).join(' ');

/** A site of HTML pages by path, and text files, that logs every request it answers. */
async function loggedSite(
  pages: Record<string, () => string>,
  texts: Record<string, string> = {},
): Promise<FixtureSite & { requests: SiteRequest[] }> {
  const requests: SiteRequest[] = [];
  const routes: Record<string, FixtureHandler> = {};
  for (const [path, body] of Object.entries(pages)) {
    routes[path] = (_req, res) => html(res, body());
  }
  for (const [path, text] of Object.entries(texts)) {
    routes[path] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(text);
    };
  }
  const site = await startFixtureSite(routes, { requests });
  return { ...site, requests };
}

const pathOf = (site: FixtureSite, url: string) =>
  url.slice(site.origin.length) || '/';

/** The broken_links outcome of the audit's page at `path`, as its page answers it. */
async function brokenLinksOf(
  t: TestApp,
  key: string,
  auditId: number,
  site: FixtureSite,
  path: string,
): Promise<{ passed: boolean | null; message: string; value: unknown }> {
  const pages = await allPages(t.as(key), auditId);
  const found = pages.find((p) => pathOf(site, p.url) === path)!;
  const detail = await t
    .as(key)
    .get(`/api/v1/site-audits/${auditId}/pages/${found.id}`)
    .expect(200);
  return (
    detail.body.data.results.checks as Array<{
      id: string;
      passed: boolean | null;
      message: string;
      value: unknown;
    }>
  ).find((c) => c.id === 'broken_links')!;
}

function describeOn(
  name: string,
  env: Record<string, string | undefined>,
  everything: boolean,
) {
  describe(`site audits on ${name}`, () => {
    let t: TestApp;
    let elsewhere: FixtureSite;
    let site: AuditFixtureSite;
    // Schedules read it; nothing else here minds a clock that stands still.
    const clock = new TestClock();

    beforeAll(async () => {
      elsewhere = await startFixtureSite({
        '/elsewhere': (_q, r) => html(r, page('Elsewhere')),
      });
      site = await startAuditFixtureSite(elsewhere.origin);
      // The tests poll their audits.
      t = await startTestApp(
        {
          RATE_LIMIT_PER_MINUTE: '100000',
          ...env,
        },
        { clock },
      );
    });
    afterAll(async () => {
      await t?.close();
      await site?.close();
      await elsewhere?.close();
    });

    it('finds every page and every site check of the contract site exactly', async () => {
      const { key } = await t.newAccount();
      const audit = await runAudit(t.as(key), { url: site.url('/') });
      await expectContractCrawl(t.as(key), site, audit);
    });

    it('writes once a URL a page names several ways: links, spellings, its canonical, hreflang, a redirect, a sitemap', async () => {
      const requests: SiteRequest[] = [];
      const origin = (req: { headers: { host?: string } }) =>
        `http://${req.headers.host}`;
      const site = await startFixtureSite(
        {
          '/': (req, res) =>
            html(
              res,
              page(
                'Home',
                links('/', '/a', '/a', '/b/../a', '/a#part', '/r', '/A'),
                `<link rel="canonical" href="${origin(req)}/"><link rel="alternate" hreflang="fr" href="${origin(req)}/a">`,
              ),
            ),
          '/a': (_q, res) => html(res, page('A', links('/', '/a'))),
          '/A': (_q, res) => html(res, page('Upper A', links('/a'))),
          '/r': (_q, res) => {
            res.writeHead(301, { location: '/a' });
            res.end();
          },
          '/sitemap.xml': (req, res) => {
            res.writeHead(200, { 'content-type': 'application/xml' });
            const loc = (path: string) =>
              `<url><loc>${origin(req)}${path}</loc></url>`;
            res.end(
              `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${loc('/a')}${loc('/a')}${loc('/')}</urlset>`,
            );
          },
        },
        { requests },
      );
      try {
        const { key } = await t.newAccount();
        const audit = await runAudit(t.as(key), { url: site.url('/') });
        expect(audit).toMatchObject({
          status: 'completed',
          stop_reason: 'done',
          progress: { pages_unprocessed: 0, pages_failed: 0 },
        });
        const pages = await allPages(t.as(key), audit.id);
        expect(pages.map((p) => pathOf(site, p.url)).sort()).toEqual([
          '/',
          '/A',
          '/a',
          '/r',
        ]);
        const asked = requests.map((r) => r.path);
        for (const path of ['/', '/a', '/A', '/r']) {
          expect({
            path,
            times: asked.filter((p) => p === path).length,
          }).toEqual({ path, times: 1 });
        }
      } finally {
        await site.close();
      }
    });

    // The crawl's settings, cancel and tenancy do not depend on the database: once.
    if (!everything) return;

    it('follows a link to a redirect of the site to its end: broken_links names one that ends on a missing page', async () => {
      const site = await startFixtureSite({
        '/': (_q, res) => html(res, page('Home', links('/moved', '/fine'))),
        '/fine': (_q, res) => html(res, page('Fine')),
        '/moved': (_q, res) => {
          res.writeHead(301, { location: '/gone' });
          res.end();
        },
      });
      try {
        const { key } = await t.newAccount();
        const audit = await runAudit(t.as(key), { url: site.url('/') });
        expect(audit.status).toBe('completed');
        // broken_link does not follow the redirect: only broken_links says where it ends.
        expect(audit.issues).toMatchObject({
          redirected_link: 1,
          broken_links: 1,
        });
        expect(audit.issues).not.toHaveProperty('broken_link');
        expect(await brokenLinksOf(t, key, audit.id, site, '/')).toMatchObject({
          passed: false,
          value: [`404 link ${site.url('/moved')}`],
        });
      } finally {
        await site.close();
      }
    });

    it('names each broken link once: a link to a page of the crawl in broken_link, the rest in broken_links', async () => {
      const away = `http://127.0.0.1:${await closedPort()}/away`;
      const site = await startFixtureSite({
        '/': (_q, res) =>
          html(
            res,
            page(
              'Home',
              `${links('/gone', '/moved', '/fine', '/only-internal', away)}<img src="/missing.png" alt="Missing" width="10" height="10">`,
            ),
          ),
        '/fine': (_q, res) => html(res, page('Fine')),
        '/only-internal': (_q, res) =>
          html(res, page('Only internal', links('/', '/gone'))),
        '/moved': (_q, res) => {
          res.writeHead(301, { location: '/gone-too' });
          res.end();
        },
      });
      try {
        const { key } = await t.newAccount();
        const audit = await runAudit(t.as(key), { url: site.url('/') });
        expect(audit.status).toBe('completed');
        expect(audit.issues).toMatchObject({ broken_link: 2, broken_links: 1 });
        const named = await affectedBy(t.as(key), audit.id, 'broken_link');
        expect(
          named
            .map((a) => ({ path: pathOf(site, a.url), value: a.value }))
            .sort((a, b) => a.path.localeCompare(b.path)),
        ).toEqual(
          ['/', '/only-internal'].map((path) => ({
            path,
            value: [
              expect.objectContaining({
                url: site.url('/gone'),
                status_code: 404,
              }),
            ],
          })),
        );
        // What only broken_links knows: a subresource, another site, a redirect's end.
        expect(await brokenLinksOf(t, key, audit.id, site, '/')).toMatchObject({
          passed: false,
          message:
            '3 of 3 URLs probed are broken; 3 links to pages of the crawl are left to the site check broken_link.',
          value: [
            `404 image ${site.url('/missing.png')}`,
            `404 link ${site.url('/moved')}`,
            `connection link ${away}`,
          ],
        });
        // Its only broken link is to a page of the crawl: broken_link names it, broken_links passes.
        expect(
          await brokenLinksOf(t, key, audit.id, site, '/only-internal'),
        ).toMatchObject({
          passed: true,
          message:
            'The 2 links probed lead to pages of the crawl, left to the site check broken_link.',
        });
      } finally {
        await site.close();
      }
    });

    it('finds no broken_links on a site whose only broken links are to its own pages', async () => {
      const site = await startFixtureSite({
        '/': (_q, res) => html(res, page('Home', links('/a', '/gone'))),
        '/a': (_q, res) =>
          html(res, page('A', links('/', '/gone', '/also-gone'))),
      });
      try {
        const { key } = await t.newAccount();
        const audit = await runAudit(t.as(key), { url: site.url('/') });
        expect(audit.status).toBe('completed');
        expect(audit.issues?.broken_link).toBe(2);
        expect(audit.issues).not.toHaveProperty('broken_links');
        const findings = (
          await t
            .as(key)
            .get(`/api/v1/site-audits/${audit.id}/issues`)
            .expect(200)
        ).body.data as Array<{ id: string }>;
        expect(findings.map((f) => f.id)).toContain('broken_link');
        expect(findings.map((f) => f.id)).not.toContain('broken_links');
      } finally {
        await site.close();
      }
    });

    it('stops at max_pages, in breadth-first order', async () => {
      const site = await loggedSite({
        '/': () => page('Home', links('/p1', '/p2', '/p3', '/p4', '/p5')),
        '/p1': () => page('P1', links('/p1/deeper')),
        '/p2': () => page('P2'),
        '/p3': () => page('P3'),
        '/p4': () => page('P4'),
        '/p5': () => page('P5'),
        '/p1/deeper': () => page('Deeper'),
      });
      try {
        const { key } = await t.newAccount();
        const audit = await runAudit(t.as(key), {
          url: site.url('/'),
          max_pages: 4,
        });
        expect(audit).toMatchObject({
          status: 'completed',
          stop_reason: 'max_pages',
        });
        // The figures audit-site shows, fixed once judged.
        expect(audit.progress).toMatchObject({
          pages_crawled: 4,
          pages_queued: 0,
          pages_known: 4,
          percent_done: 100,
          time_left_ms: 0,
          elapsed_ms:
            Date.parse(String(audit.finished_at)) -
            Date.parse(audit.created_at),
        });
        const pages = await allPages(t.as(key), audit.id);
        expect(pages.map((p) => pathOf(site, p.url))).toEqual([
          '/',
          '/p1',
          '/p2',
          '/p3',
        ]);
        // Requested at once, they may arrive in any order; none past max_pages.
        expect(
          site.requests
            .filter((r) => r.path.startsWith('/p'))
            .map((r) => r.path)
            .sort(),
        ).toEqual(['/p1', '/p2', '/p3']);
      } finally {
        await site.close();
      }
    });

    it('follows no link of a page at max_depth, and keeps to include and exclude', async () => {
      const site = await loggedSite({
        '/': () => page('Home', links('/blog/', '/shop/', '/blog/drafts/x')),
        '/blog/': () => page('Blog', links('/blog/post', '/shop/item')),
        '/blog/post': () => page('Post', links('/blog/post/comments')),
        '/blog/post/comments': () => page('Comments'),
        '/blog/drafts/x': () => page('Draft'),
        '/shop/': () => page('Shop'),
        '/shop/item': () => page('Item'),
      });
      try {
        const { key } = await t.newAccount();
        const shallow = await runAudit(t.as(key), {
          url: site.url('/'),
          max_depth: 1,
          sitemaps: false,
        });
        expect(
          (await allPages(t.as(key), shallow.id)).map((p) => [
            pathOf(site, p.url),
            p.depth,
          ]),
        ).toEqual([
          ['/', 0],
          ['/blog/', 1],
          ['/shop/', 1],
          ['/blog/drafts/x', 1],
        ]);

        site.requests.length = 0;
        const narrowed = await runAudit(t.as(key), {
          url: site.url('/'),
          include: ['/blog/'],
          exclude: ['/blog/drafts/'],
          sitemaps: false,
        });
        // The start URL is the crawl's way in, whatever include says.
        expect(
          (await allPages(t.as(key), narrowed.id)).map((p) =>
            pathOf(site, p.url),
          ),
        ).toEqual(['/', '/blog/', '/blog/post', '/blog/post/comments']);
        expect(site.requests.map((r) => r.path)).not.toContain(
          '/blog/drafts/x',
        );
      } finally {
        await site.close();
      }
    });

    it('honours robots.txt and its Crawl-delay, and ignores them when told to', async () => {
      const site = await loggedSite(
        {
          '/': () => page('Home', links('/p1', '/secret/page')),
          '/p1': () => page('P1'),
          '/secret/page': () => page('Secret'),
        },
        {
          '/robots.txt': 'User-agent: *\nDisallow: /secret/\nCrawl-delay: 1\n',
        },
      );
      try {
        const { key } = await t.newAccount();
        const polite = await runAudit(t.as(key), {
          url: site.url('/'),
          sitemaps: false,
        });
        const pages = await allPages(t.as(key), polite.id);
        expect(
          pages.map((p) => [
            pathOf(site, p.url),
            p.blocked_by_robots,
            p.status_code,
          ]),
        ).toEqual([
          ['/', false, 200],
          ['/p1', false, 200],
          ['/secret/page', true, null],
        ]);
        const paths = site.requests.map((r) => r.path);
        expect(paths).not.toContain('/secret/page');
        // Every request after robots.txt starts at least the Crawl-delay after the one before.
        const after = site.requests.slice(paths.indexOf('/robots.txt'));
        expect(after.length).toBeGreaterThanOrEqual(4);
        const gaps = after.slice(1).map((r, i) => r.at - after[i].at);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(950);

        site.requests.length = 0;
        const rude = await runAudit(t.as(key), {
          url: site.url('/'),
          sitemaps: false,
          respect_robots: false,
        });
        expect(
          (await allPages(t.as(key), rude.id)).map((p) => [
            pathOf(site, p.url),
            p.blocked_by_robots,
            p.status_code,
          ]),
        ).toContainEqual(['/secret/page', false, 200]);
      } finally {
        await site.close();
      }
    }, 60_000);

    it('cancels: stopped within 10 s, no request after, the pages so far judged', async () => {
      const many = Array.from({ length: 200 }, (_, i) => `/slow/${i}`);
      const requests: SiteRequest[] = [];
      const routes: Record<string, FixtureHandler> = {
        '/': (_q, r) => html(r, page('Home', links(...many))),
      };
      for (const path of many) {
        routes[path] = (_q, r) => {
          setTimeout(() => html(r, page(`Slow ${path}`)), 300);
        };
      }
      const slowSite = await startFixtureSite(routes, { requests });
      try {
        const { key } = await t.newAccount();
        const client = t.as(key);
        const id = await createAudit(client, {
          url: slowSite.url('/'),
          sitemaps: false,
        });
        const before = Date.now();
        const running = await waitUntil(
          () => readAudit(client, id),
          (a) => a.progress.pages_crawled >= 3,
          30_000,
          50,
        );
        // While it runs, the figures audit-site shows: pages known, the pace so far.
        const { progress } = running;
        const known = Math.min(
          progress.pages_crawled + progress.pages_queued,
          running.settings.max_pages,
        );
        expect(known).toBeGreaterThan(progress.pages_crawled);
        expect(progress).toMatchObject({
          pages_known: known,
          percent_done: Math.floor((progress.pages_crawled * 100) / known),
          time_left_ms: Math.round(
            (progress.elapsed_ms * (known - progress.pages_crawled)) /
              progress.pages_crawled,
          ),
        });
        expect(progress.elapsed_ms).toBeGreaterThanOrEqual(
          before - Date.parse(running.created_at) - 1,
        );
        expect(progress.elapsed_ms).toBeLessThanOrEqual(
          Date.now() - Date.parse(running.created_at) + 1,
        );
        const asked = Date.now();
        const res = await client
          .post(`/api/v1/site-audits/${id}/cancel`)
          .expect(202);
        expect(res.body.data.id).toBe(id);
        const cancelled = await waitUntil(
          () => readAudit(client, id),
          (a) => a.status === 'cancelled',
          10_000,
          50,
        );
        expect(cancelled.status).toBe('cancelled');
        const stoppedAt = Date.now();
        expect(stoppedAt - asked).toBeLessThan(10_000);
        const done = await finishedAudit(client, id, 30_000);
        expect(done).toMatchObject({
          status: 'cancelled',
          stop_reason: 'cancelled',
        });
        expect(done.issues).not.toBeNull();
        const pages = await allPages(client, id);
        expect(pages.length).toBeGreaterThanOrEqual(4);
        expect(pages.length).toBeLessThan(201);
        expect(pages.every((p) => p.status_code === 200)).toBe(true);
        expect(requests.filter((r) => r.at > stoppedAt)).toEqual([]);
        await client.post(`/api/v1/site-audits/${id}/cancel`).expect(409);
      } finally {
        await slowSite.close();
      }
    }, 60_000);

    it('lets an account have SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT audits at once, and replays an Idempotency-Key', async () => {
      const slowStart = await startFixtureSite({
        '/': (_q, r) => {
          setTimeout(() => html(r, page('Slow start')), 2_000);
        },
      });
      try {
        const { key } = await t.newAccount();
        const client = t.as(key);
        const first = await client
          .post('/api/v1/site-audits')
          .set('Idempotency-Key', 'audit-1')
          .send({ url: slowStart.url('/') })
          .expect(202);
        const replay = await client
          .post('/api/v1/site-audits')
          .set('Idempotency-Key', 'audit-1')
          .send({ url: slowStart.url('/') })
          .expect(202);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body.data.id).toBe(first.body.data.id);
        const second = await createAudit(client, { url: slowStart.url('/') });
        const refused = await client
          .post('/api/v1/site-audits')
          .send({ url: slowStart.url('/') })
          .expect(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.body.detail).toContain(
          'SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT',
        );
        // Another account is not held by this one's audits.
        const other = await t.newAccount();
        const its = await createAudit(t.as(other.key), {
          url: slowStart.url('/'),
        });
        const running = [
          [key, first.body.data.id as number],
          [key, second],
          [other.key, its],
        ] as const;
        // All within the start page's 2 s, before any of them could end.
        for (const [k, id] of running) {
          await t.as(k).post(`/api/v1/site-audits/${id}/cancel`).expect(202);
        }
        for (const [k, id] of running) await finishedAudit(t.as(k), id, 30_000);
        // Once they have stopped, the account may audit again.
        await createAudit(client, { url: site.url('/'), max_pages: 1 });
      } finally {
        await slowStart.close();
      }
    }, 60_000);

    it('starts a weekly scheduled audit again a week later, as a new audit of the same site', async () => {
      const { key } = await t.newAccount();
      const client = t.as(key);
      const res = await client
        .post('/api/v1/site-audits')
        .send({
          url: site.url('/'),
          max_pages: 3,
          schedule: 'weekly',
          privacy: 0,
        })
        .expect(202);
      const first = res.body.data as {
        id: number;
        schedule: string;
        next_run_at: string;
      };
      expect(first.schedule).toBe('weekly');
      expect(Date.parse(first.next_run_at) - clock.now().getTime()).toBe(
        7 * DAY_MS,
      );
      await finishedAudit(client, first.id);
      const ticks = t.app.get(ScheduleTick);
      clock.advance(6 * DAY_MS);
      await ticks.tick();
      const early = await client.get('/api/v1/site-audits').expect(200);
      expect(early.body.data).toHaveLength(1);

      clock.advance(DAY_MS);
      await ticks.tick();
      const listed = await client.get('/api/v1/site-audits').expect(200);
      const [second] = listed.body.data as Array<{
        id: number;
        url: string;
        scheduled_from: number | null;
        schedule: string | null;
        privacy: number;
        settings: { max_pages: number };
      }>;
      expect(listed.body.data).toHaveLength(2);
      expect(second).toMatchObject({
        url: site.url('/'),
        scheduled_from: first.id,
        schedule: null,
        privacy: 0,
        settings: { max_pages: 3 },
      });
      expect(await finishedAudit(client, second.id)).toMatchObject({
        status: 'completed',
      });
      // The schedule moved on by a week; a tick now starts nothing more.
      const source = await readAudit(client, first.id);
      expect(
        Date.parse((source as unknown as { next_run_at: string }).next_run_at),
      ).toBe(Date.parse(first.next_run_at) + 7 * DAY_MS);
      await ticks.tick();
      expect(
        (await client.get('/api/v1/site-audits').expect(200)).body.data,
      ).toHaveLength(2);
    });

    it('shows another account nothing of an audit: 404 on every route', async () => {
      const owner = await t.newAccount();
      const other = await t.newAccount();
      const audit = await runAudit(t.as(owner.key), {
        url: site.url('/'),
        max_pages: 3,
      });
      const [first] = await allPages(t.as(owner.key), audit.id);
      const base = `/api/v1/site-audits/${audit.id}`;
      const stranger = t.as(other.key);
      for (const path of [
        base,
        `${base}/pages`,
        `${base}/pages/${first.id}`,
        `${base}/issues`,
        `${base}/issues/broken_link`,
        `${base}/links`,
      ]) {
        await stranger.get(path).expect(404);
      }
      await stranger.post(`${base}/cancel`).expect(404);
      await stranger.delete(base).expect(404);
      const listed = await stranger.get('/api/v1/site-audits').expect(200);
      expect(listed.body.data).toEqual([]);
      // And it is all still there for its owner.
      await t.as(owner.key).get(`${base}/pages/${first.id}`).expect(200);
    });

    it('refuses a start URL that redirects to an address the policy refuses', async () => {
      const redirecting = await startFixtureSite({
        '/': (_q, r) => {
          r.writeHead(302, {
            location: `http://127.0.0.2:${redirecting.port}/`,
          });
          r.end();
        },
      });
      try {
        const { key } = await t.newAccount();
        const audit = await runAudit(t.as(key), {
          url: redirecting.url('/'),
        });
        expect(audit.status).toBe('failed');
        expect(audit.error?.code).toBe('blocked');
      } finally {
        await redirecting.close();
      }
    });

    it('deletes an audit with all of it', async () => {
      const { key } = await t.newAccount();
      const audit = await runAudit(t.as(key), {
        url: site.url('/'),
        max_pages: 5,
      });
      await t.as(key).delete(`/api/v1/site-audits/${audit.id}`).expect(204);
      await t.as(key).get(`/api/v1/site-audits/${audit.id}`).expect(404);
      const [{ n }]: Array<{ n: string }> = await t.dataSource.query(
        `SELECT count(*) AS n FROM site_audit_urls WHERE audit_id = $1`,
        [audit.id],
      );
      expect(Number(n)).toBe(0);
    });
  });
}

describeOn(
  process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded default',
  {},
  true,
);
if (process.env.DATABASE_URL) {
  describeOn('the embedded default', { DATABASE_URL: undefined }, false);
}
