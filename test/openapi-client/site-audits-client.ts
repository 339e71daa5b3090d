import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type SiteAuditView = components['schemas']['SiteAuditView'];
type AuditIssueView = components['schemas']['AuditIssueView'];
type AuditChangeView = components['schemas']['AuditChangeView'];

/** A line about one change of a diff: one case per type, so a new one fails to compile. */
export function describeChange(change: AuditChangeView): string {
  const pages = `${change.pages} page${change.pages === 1 ? '' : 's'}`;
  switch (change.type) {
    case 'issue_appeared':
      return `${change.check_id ?? '?'} appeared on ${pages}`;
    case 'issue_fixed':
      return `${change.check_id ?? '?'} fixed on ${pages}`;
    case 'page_added':
      return `${pages} added`;
    case 'page_removed':
      return `${pages} removed`;
    case 'status_code':
    case 'redirect_to':
    case 'indexable':
    case 'noindex':
    case 'title':
    case 'meta_description':
    case 'canonical':
    case 'hreflang':
      return `${change.type} changed on ${pages}`;
    default: {
      const unknownType: never = change.type;
      return unknownType;
    }
  }
}

/** What a person is told of an audit that stopped: one case per reason, so a new one fails to compile. */
export function explainStop(reason: SiteAuditView['stop_reason']): string {
  switch (reason) {
    case 'done':
      return 'Every page in scope was crawled.';
    case 'max_pages':
      return 'The crawl reached max_pages.';
    case 'cancelled':
      return 'The audit was cancelled.';
    case 'error':
      return 'The audit failed.';
    case null:
      return 'The crawl goes on.';
    default: {
      const unknownReason: never = reason;
      return unknownReason;
    }
  }
}

export interface AuditTrip {
  created: SiteAuditView;
  finished: SiteAuditView;
  listed: number;
  pages: number;
  firstPageChecks: number;
  issues: AuditIssueView[];
  affected: string[];
  links: number;
  /** The audit once made public with a rotated token, and what its share page answered. */
  shared: SiteAuditView;
  sharePageStatus: number;
  sharePageType: string | null;
  /** The answer to an update the password rule refuses. */
  refusedUpdateStatus: number;
  pagesCsv: string;
  issuesCsvType: string | null;
  diffStatus: number;
  changes: string[];
  cancelStatus: number;
  deletedStatus: number;
}

/**
 * A site audit through a client typed by docs/openapi.json alone: create, wait, read
 * its pages, one page's checks, its issues and one issue's pages, its links, its CSV
 * exports and its diff, an update that shares it (and its share page), a refused
 * update, then a refused cancel and a delete. It must compile under --strict with no cast.
 */
export async function siteAuditRoundTrip(
  baseUrl: string,
  apiKey: string,
  siteUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AuditTrip> {
  const client = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${apiKey}` },
    fetch: fetchImpl,
  });

  const created = await client.POST('/api/v1/site-audits', {
    body: { url: siteUrl, max_pages: 20, sitemaps: false },
  });
  if (!created.data) {
    throw new Error(`create answered ${created.response.status}`);
  }
  const id = created.data.data.id;

  let finished = created.data.data;
  for (let i = 0; i < 300 && finished.finished_at === null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const read = await client.GET('/api/v1/site-audits/{id}', {
      params: { path: { id } },
    });
    if (!read.data) throw new Error(`get answered ${read.response.status}`);
    finished = read.data.data;
  }

  const listed = await client.GET('/api/v1/site-audits', {
    params: { query: { status: 'completed', per_page: 10 } },
  });
  if (!listed.data) throw new Error(`list answered ${listed.response.status}`);

  const pages = await client.GET('/api/v1/site-audits/{id}/pages', {
    params: { path: { id }, query: { sort_by: 'depth', per_page: 100 } },
  });
  if (!pages.data) throw new Error(`pages answered ${pages.response.status}`);
  const [first] = pages.data.data;

  const page = await client.GET('/api/v1/site-audits/{id}/pages/{page_id}', {
    params: { path: { id, page_id: first.id } },
  });
  if (!page.data) throw new Error(`page answered ${page.response.status}`);

  const issues = await client.GET('/api/v1/site-audits/{id}/issues', {
    params: { path: { id } },
  });
  if (!issues.data)
    throw new Error(`issues answered ${issues.response.status}`);
  const worst = issues.data.data[0];

  const affected = worst
    ? await client.GET('/api/v1/site-audits/{id}/issues/{check_id}', {
        params: { path: { id, check_id: worst.id }, query: { per_page: 100 } },
      })
    : null;

  const links = await client.GET('/api/v1/site-audits/{id}/links', {
    params: { path: { id }, query: { status: 'ok' } },
  });
  if (!links.data) throw new Error(`links answered ${links.response.status}`);

  const pagesCsv = await client.GET('/api/v1/site-audits/{id}/pages.csv', {
    params: { path: { id } },
    parseAs: 'text',
  });
  if (pagesCsv.data === undefined) {
    throw new Error(`pages.csv answered ${pagesCsv.response.status}`);
  }
  const issuesCsv = await client.GET('/api/v1/site-audits/{id}/issues.csv', {
    params: { path: { id } },
    parseAs: 'text',
  });

  // The first audit of its site: nothing to compare with (404).
  const diff = await client.GET('/api/v1/site-audits/{id}/diff', {
    params: { path: { id }, query: { pages_per_change: 10 } },
  });

  const updated = await client.PUT('/api/v1/site-audits/{id}', {
    params: { path: { id } },
    body: { privacy: 0, rotate_share_token: 1, schedule: 'off' },
  });
  if (!updated.data) {
    throw new Error(`update answered ${updated.response.status}`);
  }
  const shareUrl = updated.data.data.share_url;
  if (shareUrl === null) throw new Error('a public audit has a share_url');
  const token = new URL(shareUrl).pathname.split('/')[2];
  const sharePage = await client.GET('/s/{token}', {
    params: { path: { token } },
    parseAs: 'text',
  });
  // Privacy 2 needs a password the audit does not have.
  const refusedUpdate = await client.PUT('/api/v1/site-audits/{id}', {
    params: { path: { id } },
    body: { privacy: 2 },
  });

  const cancel = await client.POST('/api/v1/site-audits/{id}/cancel', {
    params: { path: { id } },
  });
  const deleted = await client.DELETE('/api/v1/site-audits/{id}', {
    params: { path: { id } },
  });

  return {
    created: created.data.data,
    finished,
    listed: listed.data.meta.total,
    pages: pages.data.meta.total,
    firstPageChecks: page.data.data.results?.checks.length ?? 0,
    issues: issues.data.data,
    affected: affected?.data?.data.map((one) => one.url) ?? [],
    links: links.data.meta.total,
    shared: updated.data.data,
    sharePageStatus: sharePage.response.status,
    sharePageType: sharePage.response.headers.get('content-type'),
    refusedUpdateStatus: refusedUpdate.response.status,
    pagesCsv: pagesCsv.data,
    issuesCsvType: issuesCsv.response.headers.get('content-type'),
    diffStatus: diff.response.status,
    changes: diff.data?.data.changes.map(describeChange) ?? [],
    cancelStatus: cancel.response.status,
    deletedStatus: deleted.response.status,
  };
}
