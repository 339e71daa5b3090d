import type { ProblemDocument } from '../../common/problem.js';
import type { FindingTarget } from '../../site-audits/findings/targets.js';
import type { AuditIssueView } from '../../site-audits/site-audit-page.view.js';
import type { SiteAuditView } from '../../site-audits/site-audit.view.js';

import type { FindingScope } from '../../site-audits/findings/findings.js';
import type { TemplateView } from '../../site-audits/templates/template.view.js';
/**
 * What `audit-site` asks of site audits, whether over the HTTP API (here) or of the
 * service in this process (in-process-site-audits.ts, loaded only when it runs: the
 * command line starts faster without the whole service).
 */
export interface SiteAuditClient {
  /** Where the audit can be read afterwards (the API's address), or null when it goes with the process. */
  readonly where: string | null;
  create(url: string, fields: AuditFields): Promise<SiteAuditView>;
  get(id: number): Promise<SiteAuditView>;
  cancel(id: number): Promise<void>;
  /** GET /site-audits/{id}/issues: every check that affects a page, most pages first. */
  issues(id: number): Promise<AuditIssueView[]>;
  /** The URLs of every page a finding affects, in crawl order (`scope` picks a split check's finding). */
  affectedUrls(
    id: number,
    checkId: string,
    scope: FindingScope,
  ): Promise<string[]>;
  /** GET /site-audits/{id}/issues/{check_id}/targets: each target of a link or canonical finding. */
  targets(id: number, checkId: string): Promise<FindingTarget[]>;
  /** GET /site-audits/{id}/templates: its templates and their lab metrics. */
  templates(id: number): Promise<TemplateView[]>;
  /** GET /site-audits/{id}/export/{format}: the audit as that output format writes it. */
  export(id: number, format: string): Promise<Buffer>;
}

/** What the command line sets of a new audit, as the API's fields. */
export interface AuditFields {
  max_pages?: number;
  render?: boolean | 'auto';
  lab?: boolean;
  lab_runs?: number;
}

/** Pages read at a time when every affected page is wanted: the lists' largest page. */
export const AFFECTED_PER_READ = 1000;

/** The service refused a request: its problem document says why. */
export class SiteAuditRefused extends Error {
  constructor(readonly problem: ProblemDocument) {
    super(describeProblem(problem));
  }
}

/** The service could not be reached at all (not running, wrong address). */
export class ServiceUnreachable extends Error {}

/** One line for a person: the detail, then each field's messages. */
export function describeProblem(problem: ProblemDocument): string {
  const fields = Object.entries(problem.errors ?? {}).map(
    ([field, messages]) => ` ${field}: ${messages.join(' ')}`,
  );
  return `${problem.status} ${problem.title}: ${problem.detail}${fields.join('')}`;
}

/** `http://host:3000` and `http://host:3000/api/v1/` both name the API at /api/v1. */
export function apiBaseOf(given: string): string {
  const trimmed = given.replace(/\/+$/, '');
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
}

/** Every item of a list read AFFECTED_PER_READ at a time, page after page. */
async function everyPage<T>(
  read: (page: number) => Promise<T[]>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const got = await read(page);
    items.push(...got);
    if (got.length < AFFECTED_PER_READ) return items;
  }
}

/** The API of a running service, with an API key. */
export function httpSiteAuditClient(
  apiBase: string,
  key: string,
): SiteAuditClient {
  const base = apiBaseOf(apiBase);

  /** A refusal as the service wrote it, or a problem made of the status when it wrote none. */
  function refusal(
    response: Response,
    text: string,
    what: string,
  ): SiteAuditRefused {
    let problem: Partial<ProblemDocument> | null = null;
    try {
      if (text !== '') problem = JSON.parse(text) as ProblemDocument;
    } catch {
      // Not a problem document: the status speaks for it.
    }
    return new SiteAuditRefused({
      type: problem?.type ?? 'about:blank',
      title: problem?.title ?? response.statusText,
      status: response.status,
      detail:
        problem?.detail ??
        `${what} answered ${response.status}, not a problem document.`,
      ...(problem?.errors ? { errors: problem.errors } : {}),
    });
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } })
        .cause;
      throw new ServiceUnreachable(
        `Could not reach the service at ${base} (${cause?.code ?? cause?.message ?? (error as Error).message}). Is it running, and is that its address?`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      throw refusal(response, text, `${method} ${base}${path}`);
    }
    return (JSON.parse(text) as { data: T }).data;
  }

  return {
    where: base,
    create: (url, fields) => call('POST', '/site-audits', { url, ...fields }),
    get: (id) => call('GET', `/site-audits/${id}`),
    cancel: async (id) => {
      await call('POST', `/site-audits/${id}/cancel`);
    },
    issues: (id) => call('GET', `/site-audits/${id}/issues`),
    targets: (id, checkId) =>
      everyPage((page) =>
        call<FindingTarget[]>(
          'GET',
          `/site-audits/${id}/issues/${encodeURIComponent(checkId)}/targets?per_page=${AFFECTED_PER_READ}&page=${page}`,
        ),
      ),
    templates: (id) => call('GET', `/site-audits/${id}/templates`),
    export: async (id, format) => {
      const path = `/site-audits/${id}/export/${encodeURIComponent(format)}`;
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(120_000),
      }).catch((error: unknown) => {
        throw new ServiceUnreachable(
          `Could not reach the service at ${base} (${(error as Error).message}).`,
        );
      });
      if (!response.ok) {
        throw refusal(response, await response.text(), `GET ${base}${path}`);
      }
      return Buffer.from(await response.arrayBuffer());
    },
    affectedUrls: async (id, checkId, scope) =>
      (
        await everyPage((page) =>
          call<Array<{ url: string }>>(
            'GET',
            `/site-audits/${id}/issues/${encodeURIComponent(checkId)}?per_page=${AFFECTED_PER_READ}&page=${page}${finding(scope)}`,
          ),
        )
      ).map((row) => row.url),
  };
}

/** The query naming which of a split check's findings (template or page) a list is of. */
function finding(scope: FindingScope): string {
  return scope === 'template' || scope === 'page' ? `&scope=${scope}` : '';
}
