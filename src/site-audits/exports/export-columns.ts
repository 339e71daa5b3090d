import type { Importance, RenderOutcome } from '../../analysis/index.js';
import type { FindingScope } from '../findings/findings.js';
import type { AuditPageRow } from '../site-audit-pages.repository.js';
import { evidenceCell } from './audit-csv.js';
import type { CsvColumn } from './audit-csv.js';

/** One affected page of one check, as issues.csv writes it. */
export interface IssueExportRow {
  check_id: string;
  scope: FindingScope;
  importance: Importance;
  page_id: number;
  url: string;
  status_code: number | null;
  depth: number | null;
  template: string | null;
  value: unknown;
}

/** issues.csv: one row per affected page and check, by page in crawl order, then the page's checks. */
export const ISSUE_COLUMNS: ReadonlyArray<CsvColumn<IssueExportRow>> = [
  {
    header: 'issue_id',
    description: 'the page or site check id (docs/checks.md)',
    value: (row) => row.check_id,
  },
  {
    header: 'scope',
    description:
      "`host`, `template`, `site` or `page`: the scope of the finding of `/issues` this page is of (a check failing as some templates' and on other pages is a `template` finding on the pages of those templates and a `page` finding on the others)",
    value: (row) => row.scope,
  },
  {
    header: 'importance',
    description: '`high`, `medium` or `low`',
    value: (row) => row.importance,
  },
  {
    header: 'page_id',
    description: "the page's id in the audit (its place in crawl order)",
    value: (row) => row.page_id,
  },
  { header: 'url', description: "the page's URL", value: (row) => row.url },
  {
    header: 'status_code',
    description:
      'its answer; empty when its request failed or robots.txt blocked it',
    value: (row) => row.status_code,
  },
  {
    header: 'depth',
    description:
      'fewest followed links from the start page; empty when reached only through a sitemap, a canonical or hreflang',
    value: (row) => row.depth,
  },
  {
    header: 'template',
    description:
      "the page's template (`/templates`), empty for a page that is not HTML answered 2xx",
    value: (row) => row.template,
  },
  {
    header: 'evidence',
    description:
      "the check's evidence for the page (`value` of `/issues/{check_id}`): text as it is, anything else as JSON, empty when none",
    value: (row) => evidenceCell(row.value),
  },
];

/** pages.csv: one row per page in crawl order, the fields `/pages` answers. */
export const PAGE_COLUMNS: ReadonlyArray<CsvColumn<AuditPageRow>> = [
  {
    header: 'id',
    description: "the page's id in the audit",
    value: (p) => p.id,
  },
  { header: 'url', description: 'its URL', value: (p) => p.url },
  {
    header: 'status_code',
    description: 'its answer; empty when none',
    value: (p) => p.status_code,
  },
  {
    header: 'redirect_to',
    description: "a 3xx answer's target",
    value: (p) => p.redirect_to,
  },
  {
    header: 'content_type',
    description: 'the Content-Type of its answer',
    value: (p) => p.content_type,
  },
  {
    header: 'depth',
    description: 'fewest followed links from the start page; empty when none',
    value: (p) => p.depth,
  },
  {
    header: 'inlinks',
    description: 'distinct other pages with a followed link to it',
    value: (p) => p.inlinks,
  },
  {
    header: 'outlinks',
    description: 'distinct http(s) targets of its links',
    value: (p) => p.outlinks,
  },
  {
    header: 'in_sitemap',
    description: '`true` or `false`',
    value: (p) => p.in_sitemap,
  },
  {
    header: 'blocked_by_robots',
    description: '`true` or `false`',
    value: (p) => p.blocked_by_robots,
  },
  {
    header: 'indexable',
    description: '`true` or `false`',
    value: (p) => p.indexable,
  },
  { header: 'title', description: 'its `<title>`', value: (p) => p.title },
  {
    header: 'canonical',
    description: 'its canonical URL',
    value: (p) => p.canonical,
  },
  {
    header: 'score',
    description: 'HTML pages: 0 to 100',
    value: (p) => p.score,
  },
  {
    header: 'result',
    description: '`good`, `decent` or `bad`',
    value: (p) => p.result,
  },
  {
    header: 'failed_checks',
    description:
      'ids of the page and site checks it fails, separated by spaces',
    value: (p) => p.failed_checks.join(' '),
  },
  {
    header: 'error',
    description: 'why its request failed',
    value: (p) => p.error,
  },
  {
    header: 'template',
    description:
      'its template (`/templates`): its URL pattern, and `(layout n)` where one pattern has several; empty for a page that is not HTML answered 2xx',
    value: (p) => p.template?.name ?? null,
  },
  {
    header: 'render',
    description:
      'on a rendered audit, what the render met: `rendered` (with `not settled`, dialogs, windows blocked and script errors when there were any), or why the browser gave no page (`page_unresponsive`, `page_crashed`…: its raw HTML was judged); empty when the audit does not render',
    value: (p) => renderSummary(p.render),
  },
];

/** What a render met, in a few words for a cell. */
export function renderSummary(render: RenderOutcome | null): string | null {
  if (render === null) return null;
  if (render.status !== 'rendered') return render.status;
  return [
    'rendered',
    ...(render.settled === false ? ['not settled'] : []),
    ...(render.dialogs > 0 ? [`${render.dialogs} dialogs dismissed`] : []),
    ...(render.windows_blocked > 0
      ? [`${render.windows_blocked} windows blocked`]
      : []),
    ...(render.script_errors > 0
      ? [`${render.script_errors} script errors`]
      : []),
  ].join('; ');
}
