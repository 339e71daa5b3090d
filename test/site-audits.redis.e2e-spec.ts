import { html, startFixtureSite } from './support/fixture-server.js';
import type {
  FixtureHandler,
  FixtureSite,
  SiteRequest,
} from './support/fixture-server.js';
import { startAuditFixtureSite } from './support/audit-fixture-site.js';
import type { AuditFixtureSite } from './support/audit-fixture-site.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import {
  allPages,
  createAudit,
  expectContractCrawl,
  finishedAudit,
  readAudit,
  runAudit,
} from './support/site-audits.js';
import { waitUntil } from './support/wait.js';

/**
 * Site audits scaled out: an API process adds the jobs, worker processes on Redis
 * crawl (with the host's turns in Redis). The contract site found exactly, and a
 * worker SIGKILLed mid-crawl losing and duplicating no page.
 */
describe('site audits on Redis workers', () => {
  let d: ScaledOut;
  let elsewhere: FixtureSite;
  let site: AuditFixtureSite;

  beforeAll(async () => {
    elsewhere = await startFixtureSite({
      '/elsewhere': (_q, r) =>
        html(r, '<!doctype html><title>Elsewhere</title>'),
    });
    site = await startAuditFixtureSite(elsewhere.origin);
    d = await startScaledOut({
      ANALYSIS_RETRY_DELAY_MS: '50',
      // The tests poll their audits.
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await d?.close();
    await site?.close();
    await elsewhere?.close();
  });

  it('finds every page and every site check of the contract site exactly', async () => {
    const { key } = await d.api.newAccount();
    const audit = await runAudit(d.api.as(key), { url: site.url('/') });
    await expectContractCrawl(d.api.as(key), site, audit);
  }, 120_000);

  it('SIGKILL of the worker mid-crawl: another worker finishes it, no page lost or doubled', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => `/slow/${i}`);
    const requests: SiteRequest[] = [];
    const routes: Record<string, FixtureHandler> = {
      '/': (_q, r) =>
        html(
          r,
          `<!doctype html><title>Home</title>${paths.map((p) => `<a href="${p}">${p}</a>`).join(' ')}`,
        ),
    };
    for (const path of paths) {
      routes[path] = (_q, r) => {
        setTimeout(
          () =>
            html(r, `<!doctype html><title>Page ${path}</title><p>${path}</p>`),
          150,
        );
      };
    }
    const slow = await startFixtureSite(routes, { requests });
    try {
      const { key } = await d.api.newAccount();
      const client = d.api.as(key);
      const id = await createAudit(client, {
        url: slow.url('/'),
        sitemaps: false,
      });
      await waitUntil(
        () => readAudit(client, id),
        (a) => a.progress.pages_crawled >= 8,
        30_000,
        50,
      );
      await d.worker.kill();
      const mid = await readAudit(client, id);
      expect(mid.status).toBe('running');
      await d.addWorker();
      const audit = await finishedAudit(client, id, 90_000);
      expect(audit).toMatchObject({ status: 'completed', stop_reason: 'done' });
      const pages = await allPages(client, id);
      expect(pages.map((p) => p.url.slice(slow.origin.length)).sort()).toEqual(
        ['/', ...paths].sort(),
      );
      expect(
        pages
          .filter((p) => p.status_code !== 200)
          .map((p) => [p.url, p.status_code, p.error]),
      ).toEqual([]);
      expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
      // Only a page in flight at the kill may have been asked again.
      const asked = new Map<string, number>();
      for (const r of requests) asked.set(r.path, (asked.get(r.path) ?? 0) + 1);
      const again = [...asked.values()].filter((n) => n > 1).length;
      expect(again).toBeLessThanOrEqual(8);
    } finally {
      await slow.close();
    }
  }, 150_000);
});
