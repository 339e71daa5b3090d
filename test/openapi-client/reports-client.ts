import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type ReportView = components['schemas']['ReportView'];
type ReportErrorCode = components['schemas']['ReportErrorView']['code'];

/** What a person is told of a failed analysis: one case per code, so a new code fails to compile. */
export function explainFailure(code: ReportErrorCode): string {
  switch (code) {
    case 'dns':
      return 'The host name does not resolve.';
    case 'timeout':
      return 'The page took too long.';
    case 'connection':
      return 'The connection failed.';
    case 'tls':
      return 'The TLS handshake or certificate failed.';
    case 'http_status':
      return 'The page answered an error without HTML.';
    case 'not_html':
      return 'The answer is not HTML.';
    case 'too_large':
      return 'The page is over 5 MiB.';
    case 'redirect_limit':
      return 'Too many redirects.';
    case 'blocked':
      return 'The address is not allowed.';
    case 'render_failed':
      return 'The browser rendered no page.';
    case 'internal':
      return 'The analyser failed.';
    default: {
      const unknownCode: never = code;
      return unknownCode;
    }
  }
}

export interface RoundTrip {
  created: ReportView;
  listed: number;
  fetched: ReportView;
  failedChecks: string[];
  updated: ReportView;
  deletedStatus: number;
}

/**
 * Create, list, get, update and delete through a client typed by docs/openapi.json
 * alone (openapi-typescript + openapi-fetch): it must compile under --strict with no
 * cast, so the document is what a client needs.
 */
export async function reportsRoundTrip(
  baseUrl: string,
  apiKey: string,
  pageUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RoundTrip> {
  const client = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${apiKey}` },
    fetch: fetchImpl,
  });

  const created = await client.POST('/api/v1/reports', {
    params: { header: { Prefer: 'respond-async' } },
    body: { url: pageUrl, privacy: 2, password: 'hunter22' },
  });
  if (!created.data) {
    throw new Error(`create answered ${created.response.status}`);
  }
  const id = created.data.data.id;

  const listed = await client.GET('/api/v1/reports', {
    params: { query: { sort_by: 'id', sort: 'desc', per_page: 25, page: 1 } },
  });
  if (!listed.data) throw new Error(`list answered ${listed.response.status}`);

  const fetched = await client.GET('/api/v1/reports/{id}', {
    params: { path: { id } },
  });
  if (!fetched.data) {
    throw new Error(`get answered ${fetched.response.status}`);
  }
  const report = fetched.data.data;
  const failedChecks =
    report.results?.checks
      .filter((check) => check.passed === false)
      .map(
        (check) => `${check.id} (${check.category}): ${check.doc_url ?? ''}`,
      ) ?? [];
  if (report.error) failedChecks.push(explainFailure(report.error.code));

  const updated = await client.PUT('/api/v1/reports/{id}', {
    params: { path: { id } },
    body: { privacy: 0 },
  });
  if (!updated.data) {
    throw new Error(
      `update answered ${updated.response.status}: ${updated.error?.detail}`,
    );
  }

  const deleted = await client.DELETE('/api/v1/reports/{id}', {
    params: { path: { id } },
  });

  return {
    created: created.data.data,
    listed: listed.data.meta.total,
    fetched: report,
    failedChecks,
    updated: updated.data.data,
    deletedStatus: deleted.response.status,
  };
}
