import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { ApiClient } from './support/api-client.js';
import type { FixtureSite } from './support/fixture-server.js';
import {
  BIDI_TITLE,
  LINKED,
  LONG_FROM_DEEPER,
  LONG_FROM_START,
  LONG_PATHS,
  MANY_LINKS,
  MARKDOWN_PATH,
  startHostileRobotsSite,
  startHostileSite,
  startTrapSite,
  TRAPS,
} from './support/hostile-site.js';
import type { HostileSite } from './support/hostile-site.js';
import { sharePath } from './support/shared-audits.js';
import { runCli } from './support/service-process.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import {
  allPages,
  createAudit,
  readAudit,
  runAudit,
} from './support/site-audits.js';
import type { AuditBody, PageBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';
import { LINKS_MAX } from '../src/crawler/pipeline/stored-bounds.js';

/**
 * Sites built to hang, poison or stall an audit (issue 28), served from 127.0.0.1: on
 * PostgreSQL with an API and 2 worker processes on Redis, and on the embedded default.
 * Each audit finishes, never as `internal`; each odd page is judged or recorded with
 * its reason; no page is asked more than a few times; a page's stored texts and its
 * API answer stay under 1 MB.
 */

/** The page timeout of these audits (the default); the slow pages answer well after it. */
const DEADLINE_MS = 15_000;
const SLOW_MS = DEADLINE_MS + 5_000;
const MB = 1_000_000;
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const AUDIT_TIMEOUT_MS = 4 * 60_000;
const SETTINGS = {
  ANALYZER_DEADLINE_MS: String(DEADLINE_MS),
  ANALYSIS_RETRY_DELAY_MS: '50',
  RATE_LIMIT_PER_MINUTE: '100000',
};

/** A deployment under test: who asks it, where it stores, what it logged. */
interface Deployment {
  client(): Promise<ApiClient>;
  anonymous: TestApp['anonymous'];
  db(): DataSource;
  logs(): string;
}

/** Everything this process writes to stdout and stderr from now until restore(). */
function captureOutput(): { text(): string; restore(): void } {
  let text = '';
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write;
    const capture = (chunk: unknown, ...rest: unknown[]): boolean => {
      text += String(chunk);
      return (write as (...a: unknown[]) => boolean).call(
        stream,
        chunk,
        ...rest,
      );
    };
    stream.write = capture;
    return () => {
      stream.write = write;
    };
  });
  return {
    text: () => text,
    restore: () => restores.forEach((restore) => restore()),
  };
}

function hostileSuite(
  name: string,
  deploy: () => Promise<Deployment & { close(): Promise<void> }>,
): void {
  describe(name, () => {
    let d: Deployment & { close(): Promise<void> };
    let hostile: HostileSite;
    let robots: FixtureSite;
    let traps: Awaited<ReturnType<typeof startTrapSite>>;
    let client: ApiClient;
    let audit: AuditBody;
    let pages: PageBody[];
    let output: ReturnType<typeof captureOutput>;
    const pageAt = (path: string) =>
      pages.find((p) => p.url === hostile.site.url(path));

    beforeAll(async () => {
      output = captureOutput();
      hostile = await startHostileSite(SLOW_MS);
      robots = await startHostileRobotsSite();
      traps = await startTrapSite();
      d = await deploy();
      client = await d.client();
      audit = await runAudit(
        client,
        { url: hostile.site.url('/'), max_pages: 40, privacy: 0 },
        AUDIT_TIMEOUT_MS,
      );
      pages = await allPages(client, audit.id);
    }, AUDIT_TIMEOUT_MS + 120_000);
    afterAll(async () => {
      await d?.close();
      await hostile?.close();
      await robots?.close();
      await traps?.close();
      output?.restore();
    });

    it('completes the hostile site, every page judged or recorded with its reason', () => {
      expect(audit).toMatchObject({ status: 'completed', error: null });
      expect(audit.progress.pages_unprocessed).toBe(0);
      expect(
        pages
          .filter((p) => p.status_code === null && p.error === null)
          .map((p) => p.url),
      ).toEqual([]);
      expect(
        pages.filter((p) => p.error === 'service_error').map((p) => p.url),
      ).toEqual([]);
      // The ~2.7 KB URLs, from the start page and from a deeper one: recorded, not asked.
      for (const path of [LONG_FROM_START, LONG_FROM_DEEPER]) {
        expect(pageAt(path)).toMatchObject({
          status_code: null,
          error: 'url_too_long',
        });
      }
      expect(
        hostile.requests.filter((r) => r.path.startsWith('/long-')),
      ).toEqual([]);
      // The start and the deeper page, with U+0000 and raw 0x00 bytes: judged.
      for (const path of ['/', '/deeper']) {
        expect(pageAt(path)).toMatchObject({ status_code: 200 });
        expect(pageAt(path)!.score).not.toBeNull();
        expect(pageAt(path)!.title).toContain('\uFFFD');
      }
      for (const path of LINKED.filter((p) => p !== '/loop1')) {
        expect([path, pageAt(path)?.status_code]).toEqual([path, 200]);
      }
      expect(pageAt('/loop1')).toMatchObject({
        status_code: 301,
        redirect_to: hostile.site.url('/loop2'),
      });
      expect(pageAt('/loop2')).toMatchObject({
        status_code: 301,
        redirect_to: hostile.site.url('/loop1'),
      });
      expect(pageAt('/bidi')!.title).toBe(BIDI_TITLE);
      expect(pageAt(MARKDOWN_PATH)).toMatchObject({ status_code: 200 });
    });

    it('asks every page once', async () => {
      const asked = new Map<string, number>();
      for (const r of hostile.requests)
        asked.set(r.path, (asked.get(r.path) ?? 0) + 1);
      expect([...asked].filter(([, n]) => n > 1)).toEqual([]);
      const [{ most }]: Array<{ most: number }> = await d
        .db()
        .query(
          `SELECT coalesce(max(attempts), 0)::int AS most FROM site_audit_urls WHERE audit_id = $1`,
          [audit.id],
        );
      expect(most).toBeLessThanOrEqual(3);
    });

    it("keeps a page's stored texts and its API answer under 1 MB, and says what was cut", async () => {
      const stored: Array<{ url: string; bytes: number }> = await d.db().query(
        `SELECT u.url, (coalesce(octet_length(u.title), 0) + coalesce(octet_length(u.meta_description), 0)
                 + coalesce(octet_length(u.results::text), 0) + coalesce(octet_length(u.plan::text), 0)
                 + coalesce(octet_length(u.site_checks::text), 0) + coalesce(octet_length(u.rejudged::text), 0)
                 + coalesce((SELECT sum(octet_length(l.anchor)) FROM site_audit_links l
                             WHERE l.audit_id = u.audit_id AND l.from_hash = u.url_hash), 0))::int AS bytes
         FROM site_audit_page_rows u WHERE u.audit_id = $1`,
        [audit.id],
      );
      expect(stored.filter((row) => row.bytes >= MB)).toEqual([]);
      for (const page of pages) {
        const res = await client
          .get(`/api/v1/site-audits/${audit.id}/pages/${page.id}`)
          .expect(200);
        expect([page.url, Buffer.byteLength(res.text) < MB]).toEqual([
          page.url,
          true,
        ]);
      }
      const list = await client
        .get(`/api/v1/site-audits/${audit.id}/pages?per_page=100`)
        .expect(200);
      expect(Buffer.byteLength(list.text)).toBeLessThan(MB);
      for (const path of [
        '/huge-title',
        '/huge-description',
        '/huge-anchors',
      ]) {
        expect([path, pageAt(path)?.texts_cut]).toEqual([path, true]);
      }
      expect(pageAt('/huge-title')!.title).toHaveLength(1_024);
      expect(pageAt('/bidi')).toMatchObject({
        texts_cut: false,
        links_cut: false,
      });
      // The page of 100,000 links: its first 5,000 read, and it says so; or, on a machine
      // too loaded to read it within the page timeout, its answer kept with that reason.
      const many = pageAt('/many-links')!;
      const [{ links }]: Array<{ links: number }> = await d.db().query(
        `SELECT count(*)::int AS links FROM site_audit_links l JOIN site_audit_urls u
           ON u.audit_id = l.audit_id AND u.url_hash = l.from_hash
         WHERE l.audit_id = $1 AND u.url = $2`,
        [audit.id, hostile.site.url('/many-links')],
      );
      expect({ ...many, links }).toMatchObject(
        many.error === null
          ? {
              status_code: 200,
              links_cut: true,
              outlinks: MANY_LINKS,
              links: LINKS_MAX,
            }
          : { status_code: 200, error: 'timeout', links: 0 },
      );
    });

    it('shows bidi controls of crawled text as code points on the share page and in the CSVs', async () => {
      const bidi = pageAt('/bidi')!;
      const { share_url } = (
        await client.get(`/api/v1/site-audits/${audit.id}`).expect(200)
      ).body.data as { share_url: string | null };
      const shared = await d
        .anonymous()
        .get(`${sharePath(share_url)}/pages/${bidi.id}`)
        .expect(200);
      const csv = await client
        .get(`/api/v1/site-audits/${audit.id}/pages.csv`)
        .expect(200);
      for (const text of [shared.text, csv.text]) {
        expect(text).toContain('Invoice [U+202E]gpj.exe[U+202C]');
        expect(text).not.toMatch(BIDI_CONTROL);
      }
    });

    it('fails a start page slower than the page timeout as a timeout, saying so', async () => {
      const slow = await runAudit(client, { url: hostile.slowStart }, 60_000);
      expect(slow.status).toBe('failed');
      expect(slow.error?.code).toBe('timeout');
      expect(slow.error?.message).toBe(
        `The start URL did not answer within the page timeout of ${DEADLINE_MS / 1000} s (ANALYZER_DEADLINE_MS).`,
      );
    }, 90_000);

    it('decides a hostile robots.txt and completes', async () => {
      const done = await runAudit(client, { url: robots.url('/') }, 120_000);
      expect(done).toMatchObject({ status: 'completed', error: null });
      const found = await allPages(client, done.id);
      // The rules end in `$` after `b<n>`: none matches a path of a's, so all are crawled.
      expect(
        found
          .filter((p) => LONG_PATHS.some((path) => p.url === robots.url(path)))
          .map((p) => [p.status_code, p.blocked_by_robots]),
      ).toEqual(LONG_PATHS.map(() => [200, false]));
    }, 150_000);

    it(
      'keeps crawler traps in bounds: endless URLs stop at max_pages, drips and silences time out, storms and bombs are recorded',
      async () => {
        const done = await runAudit(
          client,
          { url: traps.site.url('/'), max_pages: 25 },
          AUDIT_TIMEOUT_MS,
        );
        expect(done).toMatchObject({
          status: 'completed',
          error: null,
          stop_reason: 'max_pages',
        });
        expect(done.progress.pages_unprocessed).toBe(0);
        const found = await allPages(client, done.id);
        expect(found.length).toBeLessThanOrEqual(25);
        const at = (path: string) =>
          found.find((p) => p.url === traps.site.url(path));
        expect(TRAPS.filter((path) => !at(path))).toEqual([]);
        expect(at('/drip')).toMatchObject({ error: 'timeout' });
        expect(at('/never')).toMatchObject({ error: 'timeout' });
        expect(at('/storm/429')).toMatchObject({ status_code: 429 });
        expect(at('/storm/503')).toMatchObject({ status_code: 503 });
        const bomb = at('/bomb')!;
        expect([bomb.error, bomb.truncated]).toEqual(
          bomb.error === null ? [null, true] : ['too_large', false],
        );
        const asked = new Map<string, number>();
        for (const r of traps.requests)
          asked.set(r.path, (asked.get(r.path) ?? 0) + 1);
        for (const path of [
          '/drip',
          '/never',
          '/storm/429',
          '/storm/503',
          '/bomb',
        ]) {
          // A site's own failure is recorded the first time: each asked once.
          expect([path, asked.get(path) ?? 0]).toEqual([path, 1]);
        }
      },
      AUDIT_TIMEOUT_MS + 30_000,
    );

    it('deletes a running audit quietly', async () => {
      const id = await createAudit(client, { url: hostile.slowCrawl });
      await waitUntil(
        () => readAudit(client, id),
        (a) => a.status === 'running' && a.progress.pages_crawled >= 1,
        30_000,
        50,
      );
      await client.delete(`/api/v1/site-audits/${id}`).expect(204);
      await client.get(`/api/v1/site-audits/${id}`).expect(404);
      // The pages in flight when it was deleted answer after SLOW_MS, and are settled then.
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 2_000));
      const logs = `${output.text()}\n${d.logs()}`;
      expect(logs).not.toMatch(/TypeError/);
      expect(logs).not.toMatch(/stopped_at/);
    }, 90_000);
  });
}

hostileSuite('on PostgreSQL with an API and 2 workers on Redis', async () => {
  const team: ScaledOut = await startScaledOut(SETTINGS);
  const second = await team.addWorker();
  return {
    client: async () => team.api.as((await team.api.newAccount()).key),
    anonymous: () => team.api.anonymous(),
    db: () => team.api.dataSource,
    logs: () => `${team.worker.output()}\n${second.output()}`,
    close: () => team.close(),
  };
});

hostileSuite('on the embedded default', async () => {
  const t: TestApp = await startTestApp({
    ...SETTINGS,
    DATABASE_URL: undefined,
  });
  return {
    client: async () => t.as((await t.newAccount()).key),
    anonymous: () => t.anonymous(),
    db: () => t.dataSource,
    logs: () => '',
    close: () => t.close(),
  };
});

describe("the gate's Markdown of the hostile site (audit-site --markdown)", () => {
  let hostile: HostileSite;
  let temp: string;

  beforeAll(async () => {
    hostile = await startHostileSite(SLOW_MS);
    temp = await mkdtemp(join(tmpdir(), 'report-service-hostile-gate-'));
  });
  afterAll(async () => {
    await hostile?.close();
    await rm(temp, { recursive: true, force: true });
  });

  it(
    'lists the page named like an image as a link, and no crawled text as markup',
    async () => {
      const markdown = join(temp, 'gate.md');
      const done = await runCli(
        [
          'audit-site',
          hostile.site.url('/'),
          '--max-pages',
          '40',
          '--assert',
          'seo:recommended',
          '--markdown',
          markdown,
        ],
        {
          ...SETTINGS,
          ANALYZER_ALLOW_HOSTS: '127.0.0.1',
          DATABASE_URL: undefined,
          REDIS_URL: undefined,
          REPORT_SERVICE_API: undefined,
          REPORT_SERVICE_KEY: undefined,
          TMPDIR: temp,
        },
      );
      // stderr is no terminal here: progress lines only, nothing else.
      expect({
        status: done.status,
        stderr: done.stderr.replace(/^Site audit \d+ of .* elapsed\n/gm, ''),
      }).toEqual({ status: 1, stderr: '' });
      const md = await readFile(markdown, 'utf8');
      expect(md).toContain(`- <${hostile.site.url(MARKDOWN_PATH)}>`);
      // Outside its autolinks, nothing of the site is an image, a link or HTML.
      const outside = md.replace(/<https?:\/\/[^>]*>/g, '');
      expect(outside).not.toMatch(/!\[|\]\(/);
      expect(outside).not.toMatch(BIDI_CONTROL);
    },
    AUDIT_TIMEOUT_MS,
  );
});
