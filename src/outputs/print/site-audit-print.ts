import { gauge } from '../../sharing/results-html.js';
import { escapeHtml, escapeWithCode } from '../../common/html-page.js';
import {
  LAB_BAND_NAMES,
  LAB_METRIC_NAMES,
  labFigure,
} from '../../lab/index.js';
import { answerOf } from '../../site-audits/findings/targets.js';
import {
  barChart,
  depthBars,
  statusBars,
  scoreChart,
} from '../../common/svg-charts.js';
import type { DocumentFinding, SiteAuditDocument } from '../audit-document.js';
import {
  count,
  cover,
  longDate,
  plural,
  factsSection,
  printDocument,
  scoreTrend,
} from './print-frame.js';
import { whyItMatters } from './why-it-matters.js';

/** Findings the summary names. */
export const TOP_FINDINGS = 5;
/** Example pages (or targets) each finding shows where it is explained. */
const EXAMPLES_SHOWN = 5;
/** Pages each finding lists in the appendix; the CSV export has them all. */
export const APPENDIX_PAGES = 25;
/** Changes since the previous audit that the document lists. */
const CHANGES_SHOWN = 30;
/** Templates the print lists, the biggest first; the templates route lists them all. */
const TEMPLATES_SHOWN = 20;
/** Templates a template finding names in the print; the rest are counted. */
const TEMPLATES_PER_FINDING = 10;

/** A site audit as the document an agency sends (docs/outputs.md, "The PDF"). */
export function siteAuditPrint(document: SiteAuditDocument): string {
  const { audit, branding } = document;
  const site = hostOf(audit.url);
  const body = [
    cover({
      branding,
      kind: 'Site audit',
      target: audit.url,
      date: audit.finished_at ? longDate(audit.finished_at) : null,
      score: audit.score,
      rating: audit.result,
      gauge:
        audit.score !== null && audit.result
          ? gauge(audit.score, audit.result)
          : '',
    }),
    summarySection(document, site),
    findingsSection(document),
    templatesSection(document),
    structuredDataSection(document),
    accessibilitySection(document),
    changesSection(document),
    appendixSection(document),
    methodSection(document),
  ].join('\n');
  return printDocument({
    title: `Site audit of ${site}, ${audit.finished_at ? longDate(audit.finished_at) : 'unfinished'}`,
    subject: `SEO audit of ${audit.url}: score ${audit.score ?? 'none'}, ${plural(audit.progress.pages_crawled, 'page')} crawled`,
    branding,
    body,
  });
}

function hostOf(url: string): string {
  return URL.parse(url)?.host ?? url;
}

/** The score and its trend, what was crawled, and the five problems that matter most. */
function summarySection(document: SiteAuditDocument, site: string): string {
  const top = document.findings.slice(0, TOP_FINDINGS);
  const list = top.length
    ? `<p>The ${top.length === 1 ? 'problem' : `${top.length} problems`} that matter most:</p>
<ol class="top-five">${top.map((finding) => `<li><strong>${escapeHtml(finding.title)}</strong> (${reachOf(finding)}). ${escapeWithCode(finding.advice)}</li>`).join('')}</ol>`
    : '<p>The audit found no problem on any page.</p>';
  return `<section>
<h2>Summary</h2>
<p>${escapeHtml(scoreSentence(document, site))}</p>
<p>${escapeHtml(crawlSentence(document))}</p>
${list}
${summaryCharts(document)}
</section>`;
}

function scoreSentence({ audit, previous }: SiteAuditDocument, site: string) {
  if (audit.score === null) {
    return `${site} has no score: the audit found no HTML page it could judge.`;
  }
  return scoreTrend(
    site,
    audit.score,
    audit.result ?? '',
    previous,
    'This is the first completed audit of this site, so there is no trend yet.',
  );
}

function crawlSentence({ audit, findings }: SiteAuditDocument): string {
  const { progress } = audit;
  const failed =
    progress.pages_failed > 0
      ? `, of which ${plural(progress.pages_failed, 'page')} could not be read`
      : '';
  const incomplete = audit.incomplete
    ? ` The audit is incomplete: ${audit.incomplete.reason}`
    : '';
  return `The audit crawled ${plural(progress.pages_crawled, 'page')}${failed}, and found ${plural(findings.length, 'kind of problem', 'kinds of problem')}.${incomplete}`;
}

function summaryCharts(document: SiteAuditDocument): string {
  const charts = [
    document.history.length >= 2
      ? chart(
          'Score over the last audits',
          scoreChart(
            document.history.map((point) => ({
              run: point.id,
              score: point.score,
              finishedAt: new Date(point.finished_at),
            })),
          ),
        )
      : '',
    chart(
      'Pages by status code',
      barChart(
        'print-status',
        'Pages by status code',
        statusBars(document.statusCodes),
      ),
    ),
    chart(
      'Pages by click depth',
      barChart(
        'print-depth',
        'Pages by click depth',
        depthBars(document.depths),
      ),
    ),
  ].filter((part) => part !== '');
  return charts.length ? `<div class="charts">${charts.join('')}</div>` : '';
}

function chart(title: string, svg: string): string {
  return svg
    ? `<figure class="chart"><h4>${escapeHtml(title)}</h4>${svg}</figure>`
    : '';
}

/** Where a finding lives, in words, with how many pages it touches. */
function reachOf(finding: DocumentFinding): string {
  const pages = plural(finding.pages, 'page');
  switch (finding.scope) {
    case 'host':
      return `the server, once: seen on ${pages}`;
    case 'template':
      return finding.templates.length > 1
        ? `${finding.templates.length} templates, once each: ${pages}`
        : `one template, once: ${pages}`;
    case 'site':
      return `${pages}, across the site`;
    default:
      return pages;
  }
}

/** Every finding in priority order: why it matters, how to fix it, where. */
function findingsSection({ findings }: SiteAuditDocument): string {
  if (findings.length === 0) return '';
  return `<section>
<h2>Findings</h2>
<p>${plural(findings.length, 'finding')}, the most important first: importance times how many pages each touches.</p>
${findings.map((finding, i) => findingItem(finding, i + 1)).join('\n')}
</section>`;
}

function findingItem(finding: DocumentFinding, rank: number): string {
  return `<div class="finding">
<h3>${rank}. ${escapeHtml(finding.title)}</h3>
<p class="finding-meta">${escapeHtml(finding.importance)} importance · ${escapeHtml(reachOf(finding))} · priority ${finding.priority}</p>
<p><span class="label">Why it matters.</span> ${escapeHtml(whyItMatters(finding.category, finding.importance))}${finding.explains ? ` ${escapeWithCode(finding.explains)}` : ''}</p>
<p><span class="label">How to fix it.</span> ${escapeWithCode(finding.advice)}</p>
${templatesOf(finding)}${examplesOf(finding)}
</div>`;
}

/** A template finding's templates, each with how many of its pages fail; past 10, counted. */
function templatesOf(finding: DocumentFinding): string {
  if (finding.templates.length === 0) return '';
  const shown = finding.templates.slice(0, TEMPLATES_PER_FINDING);
  const rest = finding.templates.slice(TEMPLATES_PER_FINDING);
  return `<table><thead><tr><th>Template</th><th class="n">Pages failing</th></tr></thead><tbody>
${shown.map((t) => `<tr><td><code>${escapeHtml(t.name)}</code></td><td class="n">${count(t.failing)} of ${count(t.pages)}</td></tr>`).join('\n')}
</tbody></table>${
    rest.length > 0
      ? `<p class="more">and ${plural(rest.length, 'more template')}, ${plural(
          rest.reduce((n, t) => n + t.failing, 0),
          'page',
        )}</p>`
      : ''
  }`;
}

function examplesOf(finding: DocumentFinding): string {
  if (finding.targets && finding.targets.length > 0) {
    const shown = finding.targets.slice(0, EXAMPLES_SHOWN);
    const more = finding.targets.length - shown.length;
    return `<table><thead><tr><th>Target</th><th>Answer</th><th class="n">Linked from</th></tr></thead><tbody>
${shown.map((target) => `<tr><td class="url">${escapeHtml(target.url)}</td><td>${escapeHtml(answerOf(target, finding.id))}</td><td class="n">${plural(target.sources.length, 'page')}</td></tr>`).join('\n')}
</tbody></table>${more > 0 ? `<p class="more">and ${plural(more, 'more target')}</p>` : ''}`;
  }
  const shown = finding.urls.slice(0, EXAMPLES_SHOWN);
  if (shown.length === 0) return '';
  return `<p class="label">For example:</p><ul>${shown.map((url) => `<li class="url">${escapeHtml(url)}</li>`).join('')}</ul>`;
}

/** The templates, biggest first; with lab, each one's medians as measured on its representatives. */
function templatesSection({ audit, templates }: SiteAuditDocument): string {
  if (!templates || templates.length === 0) return '';
  if (!audit.settings.lab) {
    const shown = templates.slice(0, TEMPLATES_SHOWN);
    const more = templates.length - shown.length;
    return `<section>
<h2>Templates</h2>
<p>The site's HTML pages grouped by their URL pattern and layout, the biggest first: a defect on nearly every page of one is one fix in it.</p>
<table><thead><tr><th>Template</th><th class="n">Pages</th></tr></thead><tbody>
${shown.map((template) => `<tr><td><code>${escapeHtml(template.name)}</code></td><td class="n">${count(template.pages)}</td></tr>`).join('\n')}
</tbody></table>${more > 0 ? `<p class="more">and ${plural(more, 'more template')}, of fewer pages</p>` : ''}
</section>`;
  }
  const rows = templates.map((template) => {
    const metrics = template.metrics
      .map(
        (metric) =>
          `${escapeHtml(LAB_METRIC_NAMES[metric.id])} ${escapeHtml(labFigure(metric.value, metric.unit))} (${escapeHtml(LAB_BAND_NAMES[metric.band])})`,
      )
      .join('<br>');
    return `<tr><td>${escapeHtml(template.name)}<br><code>${escapeHtml(template.pattern)}</code></td><td class="n">${count(template.pages)}</td><td>${metrics || escapeHtml(template.verdict)}</td></tr>`;
  });
  return `<section>
<h2>Templates and lab metrics</h2>
<p>The site's pages grouped by their URL pattern and layout; each template's speed measured in a lab browser on its representative pages.</p>
<table><thead><tr><th>Template</th><th class="n">Pages</th><th>Median lab metrics</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
}

/** Types of structured data the print lists, the most carried first; the API lists 100. */
const STRUCTURED_DATA_TYPES_SHOWN = 15;

/** The schema.org types of the site's structured data, with the pages carrying each. */
function structuredDataSection({ audit }: SiteAuditDocument): string {
  const types = audit.structured_data;
  if (!types) return '';
  if (types.length === 0) {
    return `<section>
<h2>Structured data</h2>
<p>No page has structured data (JSON-LD, microdata or RDFa): search engines show none of its pages as a rich result.</p>
</section>`;
  }
  const shown = types.slice(0, STRUCTURED_DATA_TYPES_SHOWN);
  const more = types.length - shown.length;
  return `<section>
<h2>Structured data</h2>
<p>The types of the pages' structured data, the most carried first; the findings say which items are broken or cannot show as rich results.</p>
<table><thead><tr><th>Type</th><th class="n">Pages</th></tr></thead><tbody>
${shown.map((t) => `<tr><td><code>${escapeHtml(t.type)}</code></td><td class="n">${count(t.pages)}</td></tr>`).join('\n')}
</tbody></table>${more > 0 ? `<p class="more">and ${plural(more, 'more type')}</p>` : ''}
</section>`;
}

/** The axe-core rules the rendered pages violate, with their pages; in no score. */
function accessibilitySection({ audit }: SiteAuditDocument): string {
  const summary = audit.accessibility;
  if (!summary || summary.pages_audited === 0) return '';
  const shown = summary.rules.slice(0, STRUCTURED_DATA_TYPES_SHOWN);
  const more = summary.rules.length - shown.length;
  return `<section>
<h2>Accessibility</h2>
<p>axe-core's WCAG 2.0–2.2 A and AA rules on the ${plural(summary.pages_audited, 'rendered page')}, in no score${summary.rules.length === 0 ? ': no rule is violated.' : ', each rule violated with its pages, the most first.'}</p>
${
  shown.length === 0
    ? ''
    : `<table><thead><tr><th>Rule</th><th class="n">Pages</th></tr></thead><tbody>
${shown.map((r) => `<tr><td><code>${escapeHtml(r.rule)}</code></td><td class="n">${count(r.pages)}</td></tr>`).join('\n')}
</tbody></table>${more > 0 ? `<p class="more">and ${plural(more, 'more rule')}</p>` : ''}`
}
</section>`;
}

/** What changed since the previous completed audit of the same start URL. */
function changesSection({ previous }: SiteAuditDocument): string {
  if (!previous) {
    return `<section>
<h2>Changes since the last audit</h2>
<p>This is the first completed audit of this start URL: the next audit will show what changed.</p>
</section>`;
  }
  const shown = previous.changes.slice(0, CHANGES_SHOWN);
  const more = previous.changes.length - shown.length;
  const rows = shown.map(
    (change) =>
      `<tr><td>${escapeHtml(change.type.replaceAll('_', ' '))}${change.check_id ? `: <code>${escapeHtml(change.check_id)}</code>` : ''}</td><td class="n">${count(change.pages)}</td><td>${change.items.map((item) => `<span class="url">${escapeHtml(item.url)}</span>`).join('<br>')}</td></tr>`,
  );
  return `<section>
<h2>Changes since the last audit</h2>
<p>Against the audit of ${escapeHtml(longDate(previous.finished_at))}${previous.score !== null ? `, which scored ${previous.score}` : ''}.</p>
${
  shown.length
    ? `<table><thead><tr><th>Change</th><th class="n">Pages</th><th>For example</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>${more > 0 ? `<p class="more">and ${plural(more, 'more change')}</p>` : ''}`
    : '<p>Nothing changed on the pages the two audits compare.</p>'
}
</section>`;
}

/** The pages each finding affects, capped; the CSV export lists them all. */
function appendixSection({ audit, findings }: SiteAuditDocument): string {
  const listed = findings.filter((finding) => finding.urls.length > 0);
  if (listed.length === 0) return '';
  return `<section>
<h2>Appendix: affected pages</h2>
<p>Up to ${APPENDIX_PAGES} pages per finding, in crawl order. Every affected page of every finding is in the CSV export of this audit (<code>site-audit-${audit.id}-issues.csv</code>).</p>
${listed
  .map((finding) => {
    const shown = finding.urls.slice(0, APPENDIX_PAGES);
    const more = finding.pages - shown.length;
    return `<h3>${escapeHtml(finding.title)} (${plural(finding.pages, 'page')})</h3>
<ul>${shown.map((url) => `<li class="url">${escapeHtml(url)}</li>`).join('')}</ul>
${more > 0 ? `<p class="more">and ${plural(more, 'more page')}: see the CSV export.</p>` : ''}`;
  })
  .join('\n')}
</section>`;
}

/** The settings, user agent, limits and dates the audit ran with. */
function methodSection({ audit, userAgent, generatedAt }: SiteAuditDocument) {
  const { settings } = audit;
  const rows: Array<[string, string]> = [
    ['Start URL', audit.url],
    ['Started', audit.started_at ? longDate(audit.started_at) : 'not started'],
    [
      'Finished',
      audit.finished_at ? longDate(audit.finished_at) : 'not finished',
    ],
    ['Pages crawled', count(audit.progress.pages_crawled)],
    ['Page limit', count(settings.max_pages)],
    ['Depth limit', `${settings.max_depth} clicks from the start URL`],
    ['Included paths', settings.include.join(', ') || 'all'],
    ['Excluded paths', settings.exclude.join(', ') || 'none'],
    ['robots.txt', settings.respect_robots ? 'obeyed' : 'not obeyed'],
    ['Sitemaps', settings.sitemaps ? 'read' : 'not read'],
    ['JavaScript rendering', renderWords(settings.render)],
    [
      'Lab measurements',
      settings.lab ? `yes, ${settings.lab_runs ?? 1} runs a page` : 'no',
    ],
    ['User agent', userAgent],
    ['Why the crawl stopped', audit.stop_reason?.replaceAll('_', ' ') ?? '—'],
    ['This document', longDate(generatedAt)],
  ];
  return factsSection('How this audit was made', rows);
}

function renderWords(render: boolean | 'auto'): string {
  if (render === 'auto') return 'where it changes what a page says';
  return render ? 'every page' : 'none: the HTML as served';
}
