import { renderSummary } from '../exports/export-columns.js';
import { IMPORTANCES } from '../../analysis/index.js';
import type { Importance } from '../../analysis/index.js';
import {
  escapeHtml,
  escapeWithCode,
  pageLayout,
} from '../../common/html-page.js';
import type { PageBrand } from '../../common/html-page.js';
import {
  evidenceHtml,
  gauge,
  resultsSection,
} from '../../sharing/results-html.js';
import type { AuditTemplate } from '../findings/findings.js';
import type { SiteAudit } from '../site-audit.js';
import type {
  AffectedPage,
  AuditIssue,
  AuditPageWithResults,
} from '../site-audit-pages.service.js';
import { answerOf } from '../findings/targets.js';
import type { FindingTarget } from '../findings/targets.js';
import { barChart } from '../../common/svg-charts.js';
import type { Bar } from '../../common/svg-charts.js';

/**
 * Server-rendered pages of a shared site audit. Everything that came from the crawled
 * site (URLs, titles, messages, evidence) goes through escapeHtml; the pages carry no
 * script, and their stylesheet is allowed by its hash in the Content-Security-Policy.
 * Links go only to the audit's own pages, never to the crawled site.
 */

/** An issue with the first of the pages it affects. */
export interface IssueWithPages extends AuditIssue {
  affected: AffectedPage[];
}

/** Where a list stands: this page of so many. */
export interface Paging {
  page: number;
  lastPage: number;
}

/** What the summary page of an audit shows. */
export interface AuditSummary {
  audit: SiteAudit;
  /** Every issue, highest priority first (for the counts by importance). */
  issues: AuditIssue[];
  /** The host's findings: one fact each, shown first and compact. */
  host: AuditIssue[];
  /** The other issues of this page of the list, with their first affected pages. */
  shown: IssueWithPages[];
  paging: Paging;
  statusCodes: Bar[];
  depths: Bar[];
  /** Its templates, the biggest first (empty before the judgement). */
  templates: AuditTemplate[];
  /** The account's branding, as its share pages print it. */
  brand?: PageBrand;
}

const base = (audit: SiteAudit) => `/s/${escapeHtml(audit.shareToken)}`;

function when(date: Date | null): string {
  return date ? `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC` : '';
}

function header(audit: SiteAudit, title: string, back = ''): string {
  const finished = audit.finishedAt
    ? `Audited ${when(audit.finishedAt)}`
    : `Started ${when(audit.startedAt ?? audit.createdAt)}`;
  return `<header>
${back}<h1>${title}</h1>
<p class="muted">${finished} · ${audit.crawled.toLocaleString('en')} pages crawled${audit.finishedAt ? ` · <a href="${base(audit)}/export/pdf" download>Download PDF</a>` : ''}</p>
</header>`;
}

/** A link back to the audit's summary. */
function backLink(audit: SiteAudit): string {
  return `<p><a href="${base(audit)}">← Site audit of <span class="wrap">${escapeHtml(audit.url)}</span></a></p>\n`;
}

/** Previous and next links of a paginated list; nothing when it fits one page. */
function pager(path: string, paging: Paging): string {
  if (paging.lastPage <= 1) return '';
  const link = (page: number, rel: string, text: string) =>
    page >= 1 && page <= paging.lastPage
      ? `<a href="${path}${path.includes('?') ? '&amp;' : '?'}page=${page}" rel="${rel}">${text}</a>`
      : '<span></span>';
  return `<nav class="pager" aria-label="Pages">
${link(paging.page - 1, 'prev', '← Previous')}
<span class="muted">Page ${paging.page} of ${paging.lastPage}</span>
${link(paging.page + 1, 'next', 'Next →')}
</nav>`;
}

const IMPORTANCE_TONE: Record<Importance, string> = {
  high: 'bad',
  medium: 'decent',
  low: 'muted',
};

/** The score, the rating and the issues counted by importance, in a band short enough for a phone's first screen. */
function summarySection(audit: SiteAudit, issues: AuditIssue[]): string {
  const scored =
    audit.score !== null && audit.result !== null
      ? `${gauge(audit.score, audit.result)}
<div><div class="rating ${audit.result}">${audit.result}</div><div class="muted">Score ${audit.score} of 100</div>`
      : `<div><div class="rating">No score</div><div class="muted">${
          audit.finishedAt ? 'No HTML page was judged.' : 'Not judged yet.'
        }</div>`;
  const counts = IMPORTANCES.map((importance) => {
    const of = issues.filter((issue) => issue.importance === importance);
    const pages = of.reduce((sum, issue) => sum + issue.pages, 0);
    return `<li><strong class="${of.length ? IMPORTANCE_TONE[importance] : 'good'}">${of.length}</strong> ${importance}<span class="muted affected"> (${pages.toLocaleString('en')} affected)</span></li>`;
  }).join('\n');
  return `<section class="card audit-summary">
${scored}
<ul class="counts" aria-label="Issues by importance">
${counts}
</ul></div>
</section>`;
}

function chartsSection(statusCodes: Bar[], depths: Bar[]): string {
  if (statusCodes.length === 0) return '';
  return `<div class="charts">
<div class="card chart"><h2>Status codes</h2>${barChart('status-codes', 'Pages by status code', statusCodes)}</div>
<div class="card chart"><h2>Click depth</h2>${barChart('click-depth', 'Pages by click depth from the start page', depths)}</div>
</div>`;
}

function pageLink(audit: SiteAudit, page: AffectedPage): string {
  return `<a href="${base(audit)}/pages/${page.page_id}">${escapeHtml(page.url)}</a>`;
}

/** Where an issue lives, in words, with how many pages it touches. */
function reachOf(issue: AuditIssue): string {
  const pages = `${issue.pages.toLocaleString('en')} ${issue.pages === 1 ? 'page' : 'pages'}`;
  switch (issue.scope) {
    case 'host':
      return `the host, once (seen on ${pages})`;
    case 'template':
      return issue.templates.length === 0
        ? `the template, once (${pages})`
        : `${issue.templates.length === 1 ? 'one template' : `${issue.templates.length} templates`}, once each (${pages})`;
    case 'site':
      return `${pages}, across the site`;
    default:
      return pages;
  }
}

/** Templates a finding shows by name; the others are counted. */
const FINDING_TEMPLATES_SHOWN = 5;

/** The templates a template finding names, each with how many of its pages fail. */
function templatesOf(issue: AuditIssue): string {
  if (issue.templates.length === 0) return '';
  const rest = issue.templates.slice(FINDING_TEMPLATES_SHOWN);
  const more =
    rest.length > 0
      ? `<li class="muted">and ${rest.length.toLocaleString('en')} more ${rest.length === 1 ? 'template' : 'templates'}, ${rest.reduce((n, t) => n + t.failing, 0).toLocaleString('en')} pages</li>`
      : '';
  return `<ul class="templates">${issue.templates
    .slice(0, FINDING_TEMPLATES_SHOWN)
    .map(
      (t) =>
        `<li>Template <code class="wrap">${escapeHtml(t.name)}</code>: ${t.failing.toLocaleString('en')} of its ${t.pages.toLocaleString('en')} ${t.pages === 1 ? 'page' : 'pages'}</li>`,
    )
    .join('')}${more}</ul>`;
}

/** The share page of one finding's pages: a split check's template and page findings apart. */
function issuePath(audit: SiteAudit, issue: AuditIssue): string {
  const path = `${base(audit)}/issues/${escapeHtml(issue.id)}`;
  return issue.scope === 'template' || issue.scope === 'page'
    ? `${path}?scope=${issue.scope}`
    : path;
}

function adviceOf(issue: AuditIssue): string {
  return issue.advice
    ? `<p class="advice">${escapeWithCode(issue.advice)} <a href="/docs/checks#${escapeHtml(issue.id)}">More on this check</a></p>`
    : '';
}

/** What the issue is, how to fix it, then where: the advice is on a phone's first screen. */
function issueItem(audit: SiteAudit, issue: IssueWithPages): string {
  const more =
    issue.pages > issue.affected.length
      ? `<p><a href="${issuePath(audit, issue)}">All ${issue.pages.toLocaleString('en')} pages</a></p>`
      : '';
  return `<li>
<div><span class="check-title">${escapeHtml(issue.title)}</span><span class="importance">${escapeHtml(issue.importance)}</span></div>
${adviceOf(issue)}
${templatesOf(issue)}<div class="muted reach">${reachOf(issue)} · priority ${issue.priority} · <code>${escapeHtml(issue.id)}</code></div>
<ul class="affected">${issue.affected.map((page) => `<li>${pageLink(audit, page)}</li>`).join('')}</ul>
${more}</li>`;
}

/**
 * The host's findings, compact: a title and the start of its advice each (on a phone,
 * titles only), the whole advice and its pages a tap away; a dozen of them leave room
 * for the top issues on the first screen.
 */
function hostSection(audit: SiteAudit, host: AuditIssue[]): string {
  if (host.length === 0) return '';
  return `<section class="host-facts">
<h2 id="host">The host: ${host.length} ${host.length === 1 ? 'fact' : 'facts'} to fix once</h2>
<div class="card"><ul class="host">
${host
  .map(
    (
      issue,
    ) => `<li class="${escapeHtml(issue.importance)}"><details><summary><span class="check-title">${escapeHtml(issue.title)}</span><span class="importance">${escapeHtml(issue.importance)}</span><span class="gist">${escapeWithCode(issue.advice)}</span></summary>
${adviceOf(issue)}
<p class="muted">${reachOf(issue)} · priority ${issue.priority} · <code>${escapeHtml(issue.id)}</code> · <a href="${base(audit)}/issues/${escapeHtml(issue.id)}">The pages</a></p></details></li>`,
  )
  .join('\n')}
</ul></div>
</section>`;
}

function statusNote(audit: SiteAudit): string {
  if (audit.status === 'failed') {
    return `<p class="card error">The audit failed (${escapeHtml(audit.error?.code ?? 'unknown')}): ${escapeHtml(audit.error?.message ?? '')}</p>\n`;
  }
  if (audit.finishedAt === null) {
    return `<p class="card">The audit is ${escapeHtml(audit.status)}. Its issues are judged once the crawl stops; reload this page later.</p>\n`;
  }
  return '';
}

/**
 * The summary page: score, issues by importance, the host's facts beside the issues
 * (highest priority first, each with its advice and first pages), then the two charts.
 */
export function auditPage(summary: AuditSummary): string {
  const { audit, issues, host, shown, paging } = summary;
  const hostFacts = paging.page === 1 ? hostSection(audit, host) : '';
  const list =
    audit.finishedAt === null
      ? ''
      : shown.length === 0
        ? host.length === 0
          ? '<h2>Issues</h2>\n<div class="card"><p>No page fails any check.</p></div>'
          : ''
        : `<section class="issue-list">
<h2 id="issues">Issues, highest priority first</h2>
<div class="card"><ul class="issues">
${shown.map((issue) => issueItem(audit, issue)).join('\n')}
</ul>
${pager(base(audit), paging)}</div>
</section>`;
  const findings =
    hostFacts && list
      ? `<div class="findings">\n${hostFacts}\n${list}\n</div>`
      : `${hostFacts}${list}`;
  return pageLayout(
    `Site audit: ${audit.url}`,
    `${header(audit, `Site audit of <span class="wrap">${escapeHtml(audit.url)}</span>`)}
${statusNote(audit)}${summarySection(audit, issues)}
${findings}
${paging.page === 1 ? templatesSection(summary.templates) + structuredDataSection(audit) + accessibilitySection(audit) : ''}${chartsSection(summary.statusCodes, summary.depths)}`,
    summary.brand,
  );
}

/** Templates the summary lists; the rest are counted. */
const TEMPLATES_SHOWN = 10;

/** The site's templates, the biggest first: where a template finding's fix is made. */
function templatesSection(templates: AuditTemplate[]): string {
  if (templates.length === 0) return '';
  const more = templates.length - TEMPLATES_SHOWN;
  return `<section>
<h2 id="templates">Templates</h2>
<div class="card"><p class="muted">The pages grouped by URL pattern and layout, the biggest first: a defect on nearly every page of one is one fix in it.</p>
<ul class="templates">${templates
    .slice(0, TEMPLATES_SHOWN)
    .map(
      (t) =>
        `<li><code class="wrap">${escapeHtml(t.name)}</code>: ${t.pageCount.toLocaleString('en')} ${t.pageCount === 1 ? 'page' : 'pages'}</li>`,
    )
    .join(
      '',
    )}${more > 0 ? `<li class="muted">and ${more.toLocaleString('en')} more, of fewer pages</li>` : ''}</ul></div>
</section>`;
}

/** Types the summary lists; the rest are counted. */
const STRUCTURED_DATA_TYPES_SHOWN = 15;

/** The schema.org types of the site's structured data, with the pages carrying each. */
function structuredDataSection(audit: SiteAudit): string {
  const types = audit.structuredData;
  if (types === null) return '';
  const more = types.length - STRUCTURED_DATA_TYPES_SHOWN;
  const list =
    types.length === 0
      ? '<p>No page has structured data (JSON-LD, microdata or RDFa).</p>'
      : `<ul class="templates">${types
          .slice(0, STRUCTURED_DATA_TYPES_SHOWN)
          .map(
            (t) =>
              `<li><code class="wrap">${escapeHtml(t.type)}</code>: ${t.pages.toLocaleString('en')} ${t.pages === 1 ? 'page' : 'pages'}</li>`,
          )
          .join(
            '',
          )}${more > 0 ? `<li class="muted">and ${more.toLocaleString('en')} more types</li>` : ''}</ul>`;
  return `<section>
<h2 id="structured-data">Structured data</h2>
<div class="card"><p class="muted">The types of the pages' structured data, the most carried first: the findings say which items are broken or cannot show as rich results.</p>
${list}</div>
</section>`;
}

/** Rules the summary lists; the rest are counted. */
const ACCESSIBILITY_RULES_SHOWN = 15;

/** What axe-core found on the rendered pages, in no score: each rule with its pages. */
function accessibilitySection(audit: SiteAudit): string {
  const summary = audit.accessibility;
  if (summary === null) return '';
  const audited = summary.pages_audited;
  const body =
    audited === 0
      ? '<p>No page was rendered in a browser, so no accessibility rule ran (set <code>render</code> to audit them).</p>'
      : `<p class="muted">axe-core's WCAG 2.0–2.2 A and AA rules on the ${audited.toLocaleString('en')} rendered ${audited === 1 ? 'page' : 'pages'}; in no score.</p>
${
  summary.rules.length === 0
    ? '<p>No rule is violated.</p>'
    : `<ul class="templates">${summary.rules
        .slice(0, ACCESSIBILITY_RULES_SHOWN)
        .map(
          (r) =>
            `<li><code class="wrap">${escapeHtml(r.rule)}</code>: ${r.pages.toLocaleString('en')} ${r.pages === 1 ? 'page' : 'pages'}</li>`,
        )
        .join(
          '',
        )}${summary.rules.length > ACCESSIBILITY_RULES_SHOWN ? `<li class="muted">and ${(summary.rules.length - ACCESSIBILITY_RULES_SHOWN).toLocaleString('en')} more rules</li>` : ''}</ul>`
}`;
  return `<section>
<h2 id="accessibility">Accessibility</h2>
<div class="card">${body}</div>
</section>`;
}

/**
 * The pages one issue affects, with the evidence for each, a page of them; for a link or
 * canonical finding, its targets instead, each once with every page pointing at it.
 */
export function issuePage(
  audit: SiteAudit,
  issue: AuditIssue,
  affected: AffectedPage[],
  paging: Paging,
  targets: FindingTarget[] | null = null,
  brand?: PageBrand,
): string {
  const items = affected
    .map(
      (page) =>
        `<li><div>${pageLink(audit, page)}</div>${evidenceHtml(page.value)}</li>`,
    )
    .join('\n');
  const list = targets
    ? targetsSection(targets, issue.id)
    : `<h2>The pages</h2>
<section class="card">
<ul class="issues">
${items || '<li>No page on this page of the list.</li>'}
</ul>`;
  return pageLayout(
    `${issue.title}: ${audit.url}`,
    `${header(audit, escapeHtml(issue.title), backLink(audit))}
<section class="card">
<p class="muted">${escapeHtml(issue.importance)} importance · ${reachOf(issue)} · priority ${issue.priority} · <code>${escapeHtml(issue.id)}</code></p>
${adviceOf(issue)}
${templatesOf(issue)}</section>
${list}
${pager(issuePath(audit, issue), paging)}
</section>`,
    brand,
  );
}

/** Sources a target shows at once; the others are a tap away. */
const SOURCES_SHOWN = 20;

/** Each target once (the missing page, the redirect), with its answer and every page pointing at it. */
function targetsSection(targets: FindingTarget[], checkId: string): string {
  const source = (url: string) => `<li class="wrap">${escapeHtml(url)}</li>`;
  const items = targets
    .map((target) => {
      const rest = target.sources.slice(SOURCES_SHOWN);
      const more =
        rest.length > 0
          ? `<details><summary>… and ${rest.length.toLocaleString('en')} more</summary><ul class="affected">${rest.map(source).join('')}</ul></details>`
          : '';
      return `<li>
<div><code class="wrap">${escapeHtml(target.url)}</code> <span class="importance">${escapeHtml(answerOf(target, checkId))}</span></div>
<div class="muted">pointed at by ${target.sources.length.toLocaleString('en')} ${target.sources.length === 1 ? 'page' : 'pages'}</div>
<ul class="affected">${target.sources.slice(0, SOURCES_SHOWN).map(source).join('')}</ul>${more}</li>`;
    })
    .join('\n');
  return `<h2>By target</h2>
<section class="card"><ul class="issues">
${items || '<li>No target on this page of the list.</li>'}
</ul>`;
}

function yesNo(value: boolean): string {
  return value ? 'yes' : 'no';
}

/** One page of the audit: its facts, the site checks it fails, its page checks. */
export function auditPageChecks(
  audit: SiteAudit,
  page: AuditPageWithResults,
  siteCheckTitle: (id: string) => string,
  brand?: PageBrand,
): string {
  const fact = (term: string, value: string | number | null) =>
    value === null || value === ''
      ? ''
      : `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`;
  const facts = [
    fact(
      'Status',
      page.status_code ??
        (page.blocked_by_robots ? 'not requested (robots.txt)' : page.error),
    ),
    fact('Redirects to', page.redirect_to),
    fact('Content type', page.content_type),
    fact('Template', page.template?.name ?? null),
    fact('Title', page.title),
    fact('Canonical', page.canonical),
    fact('Click depth', page.depth ?? 'none (no followed link)'),
    fact('Inlinks', page.inlinks),
    fact('Outlinks', page.outlinks),
    fact('Indexable', yesNo(page.indexable)),
    fact('In a sitemap', yesNo(page.in_sitemap)),
    fact(
      'Rendering',
      page.render === null
        ? null
        : [
            renderSummary(page.render),
            page.render.message ?? page.render.choice?.reason,
          ]
            .filter(Boolean)
            .join(': '),
    ),
  ].join('\n');
  const siteChecks = page.site_checks.length
    ? `<h2>Site checks it fails</h2>
<div class="card"><ul class="checks">
${page.site_checks
  .map(
    (check) => `<li><span class="mark bad" aria-hidden="true">✗</span>
<div><span class="check-title">${escapeHtml(siteCheckTitle(check.id))}</span> <code>${escapeHtml(check.id)}</code>${evidenceHtml(check.value)}</div></li>`,
  )
  .join('\n')}
</ul></div>`
    : '';
  const results = page.results
    ? `<h2>Page checks</h2>\n${resultsSection(page.results)}`
    : '<h2>Page checks</h2>\n<div class="card"><p>Not an HTML page: the page checks judge HTML pages only.</p></div>';
  return pageLayout(
    `Page: ${page.url}`,
    `${header(audit, `<span class="wrap">${escapeHtml(page.url)}</span>`, backLink(audit))}
<div class="card"><dl class="facts">
${facts}
</dl></div>
${siteChecks}
${results}`,
    brand,
  );
}
