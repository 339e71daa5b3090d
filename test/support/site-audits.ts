import type { ApiClient } from './api-client.js';
import {
  EXPECTED_PAGES,
  EXPECTED_SITE_CHECKS,
  NEVER_REQUESTED,
  SITEMAP_REASONS,
} from './audit-fixture-site.js';
import type { AuditFixtureSite } from './audit-fixture-site.js';
import { waitUntil } from './wait.js';

/** An audit as the API answers it (the fields the tests read). */
export interface AuditBody {
  id: number;
  status: string;
  stop_reason: string | null;
  progress: {
    pages_crawled: number;
    pages_queued: number;
    pages_failed: number;
    pages_unprocessed: number;
    pages_known: number;
    percent_done: number;
    elapsed_ms: number;
    time_left_ms: number | null;
  };
  settings: { max_pages: number };
  created_at: string;
  score: number | null;
  result: string | null;
  issues: Record<string, number> | null;
  error: { code: string; message: string } | null;
  finished_at: string | null;
  structured_data?: Array<{ type: string; pages: number }> | null;
  accessibility?: {
    pages_audited: number;
    rules: Array<{ rule: string; pages: number }>;
  } | null;
}

export interface PageBody {
  id: number;
  url: string;
  status_code: number | null;
  redirect_to: string | null;
  depth: number | null;
  inlinks: number;
  in_sitemap: boolean;
  blocked_by_robots: boolean;
  indexable: boolean;
  failed_checks: string[];
  error: string | null;
  score: number | null;
  title?: string | null;
  texts_cut?: boolean;
  links_cut?: boolean;
  truncated?: boolean;
  outlinks?: number;
  template?: { id: number; name: string } | null;
}

/** Creates an audit (202) and answers its id. */
export async function createAudit(
  client: ApiClient,
  body: object,
): Promise<number> {
  const res = await client.post('/api/v1/site-audits').send(body).expect(202);
  return (res.body as { data: AuditBody }).data.id;
}

export async function readAudit(
  client: ApiClient,
  id: number,
): Promise<AuditBody> {
  const res = await client.get(`/api/v1/site-audits/${id}`).expect(200);
  return (res.body as { data: AuditBody }).data;
}

/** Waits until the audit is finished (judged, or failed) and answers it. */
export async function finishedAudit(
  client: ApiClient,
  id: number,
  timeoutMs = 90_000,
): Promise<AuditBody> {
  const audit = await waitUntil(
    () => readAudit(client, id),
    (a) => a.finished_at !== null,
    timeoutMs,
    100,
  );
  if (audit.finished_at === null) {
    throw new Error(`Audit ${id} did not finish: ${JSON.stringify(audit)}`);
  }
  return audit;
}

/** Creates an audit and waits until it is finished. */
export async function runAudit(
  client: ApiClient,
  body: object,
  timeoutMs?: number,
): Promise<AuditBody> {
  return finishedAudit(client, await createAudit(client, body), timeoutMs);
}

/** Every item of a paginated list of the audit, page after page. */
async function everything<T>(client: ApiClient, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const joiner = path.includes('?') ? '&' : '?';
    const res = await client
      .get(`${path}${joiner}per_page=100&page=${page}`)
      .expect(200);
    const body = res.body as { data: T[]; meta: { last_page: number } };
    items.push(...body.data);
    if (page >= body.meta.last_page) return items;
  }
}

export function allPages(client: ApiClient, id: number): Promise<PageBody[]> {
  return everything<PageBody>(client, `/api/v1/site-audits/${id}/pages`);
}

/** The pages a check affects (of one of its findings, with `scope`), with their evidence. */
export function affectedBy(
  client: ApiClient,
  id: number,
  checkId: string,
  scope?: string,
): Promise<Array<{ page_id: number; url: string; value: unknown }>> {
  const part =
    scope === 'template' || scope === 'page' ? `?scope=${scope}` : '';
  return everything(
    client,
    `/api/v1/site-audits/${id}/issues/${checkId}${part}`,
  );
}

/** Paths of absolute URLs of the site, sorted. */
function pathsOf(site: { origin: string }, urls: string[]): string[] {
  return urls.map((url) => url.slice(site.origin.length) || '/').sort();
}

/**
 * What a whole crawl of the audit fixture site must find: every page with its
 * status, depth, inlinks, in_sitemap, blocked_by_robots and indexable, none missing
 * and none extra, in crawl order ids; every site check's pages exactly; no request of
 * what must not be requested.
 */
export async function expectContractCrawl(
  client: ApiClient,
  site: AuditFixtureSite,
  audit: AuditBody,
): Promise<void> {
  expect(audit).toMatchObject({
    status: 'completed',
    stop_reason: 'done',
    error: null,
  });
  const pages = await allPages(client, audit.id);
  const rows = pages.map((page) => [
    page.url.slice(site.origin.length) || '/',
    page.status_code,
    page.depth,
    page.inlinks,
    page.in_sitemap,
    page.blocked_by_robots,
    page.indexable,
  ]);
  const byPath = (a: unknown[], b: unknown[]) =>
    String(a[0]).localeCompare(String(b[0]));
  expect([...rows].sort(byPath)).toEqual([...EXPECTED_PAGES].sort(byPath));
  // Crawl order: ids grow with depth, the pages of no depth last.
  const depthOrder = pages.map((page) => page.depth ?? Infinity);
  expect(depthOrder).toEqual([...depthOrder].sort((a, b) => a - b));
  expect(new Set(pages.map((page) => page.id)).size).toBe(pages.length);
  expect(pages.find((p) => p.url.endsWith('/reset'))?.error).toBe('connection');

  for (const [checkId, expected] of Object.entries(EXPECTED_SITE_CHECKS)) {
    const affected = await affectedBy(client, audit.id, checkId);
    expect({
      checkId,
      pages: pathsOf(
        site,
        affected.map((a) => a.url),
      ),
    }).toEqual({ checkId, pages: [...expected].sort() });
    expect(audit.issues?.[checkId]).toBe(expected.length);
  }
  const reasons = await affectedBy(client, audit.id, 'sitemap_not_indexable');
  expect(
    Object.fromEntries(
      reasons.map((r) => [r.url.slice(site.origin.length), r.value]),
    ),
  ).toEqual(SITEMAP_REASONS);

  const requested = site.requests.map((r) => r.path);
  for (const path of NEVER_REQUESTED) expect(requested).not.toContain(path);
  // Each page requested once (the failing /reset is retried: its attempts).
  const pagePaths = EXPECTED_PAGES.map(([path]) => path).filter(
    (path) => path !== '/reset',
  );
  const counts = new Map<string, number>();
  for (const path of requested) counts.set(path, (counts.get(path) ?? 0) + 1);
  const twice = pagePaths.filter((path) => (counts.get(path) ?? 0) > 1);
  expect(twice).toEqual([]);
  expect(audit.score).not.toBeNull();
}

/** The audit made public, and its share page's HTML as anyone gets it. */
export async function publicSharePage(
  owner: ApiClient,
  anyone: Pick<ApiClient, 'get'>,
  auditId: number,
): Promise<string> {
  const shared = (
    await owner
      .put(`/api/v1/site-audits/${auditId}`)
      .send({ privacy: 0 })
      .expect(200)
  ).body.data as { share_url: string };
  return (await anyone.get(new URL(shared.share_url).pathname).expect(200))
    .text;
}
