import { escapeHtml, pageLayout } from '../../common/html-page.js';
import type { PageBrand } from '../../common/html-page.js';
import {
  LAB_BAND_NAMES,
  LAB_METRIC_NAMES,
  labFailed,
  labFigure,
} from '../../lab/index.js';
import type { LabBand, LabOutcome } from '../../lab/index.js';
import { resultsSection } from '../../sharing/results-html.js';
import {
  passwordPage as sharedPasswordPage,
  sharedProblemPages,
} from '../../sharing/shared-page.js';
import type { Report } from '../report.entity.js';
import type { ScorePoint } from '../runs/report-runs.repository.js';
import { scoreChart } from '../../common/svg-charts.js';

export { messagePage } from '../../sharing/shared-page.js';

/**
 * Server-rendered pages of a shared report. Everything that came from the analysed
 * site (URLs, titles, messages, evidence) goes through escapeHtml; the pages carry no
 * script, and their stylesheet is allowed by its hash in the Content-Security-Policy.
 */

function header(report: Report): string {
  const generated = report.generatedAt
    ? `Generated ${report.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`
    : 'Not generated yet';
  return `<header>
<h1>${escapeHtml(report.url)}</h1>
<p class="muted">${generated}${report.results ? ` · <a href="/r/${escapeHtml(report.shareToken)}/export/pdf" download>Download PDF</a>` : ''}</p>
</header>`;
}

/** The score history under its heading; nothing when there are not two runs to join. */
function historySection(history: readonly ScorePoint[]): string {
  const chart = scoreChart(history);
  return chart
    ? `<h2>Score history</h2>\n<div class="card score-history">${chart}</div>\n`
    : '';
}

/** A band in the colours of the page's ratings. */
const BAND_TONES: Record<LabBand, string> = {
  good: 'good',
  needs_improvement: 'decent',
  poor: 'bad',
};

/** The lab measurement (lab: true): each metric's median, band and runs, how it was measured, the warnings. */
function labSection(lab: LabOutcome | undefined): string {
  if (!lab) return '';
  if (labFailed(lab)) {
    return `<h2>Lab performance</h2>
<section class="card">
<p class="error">The lab measurement failed: ${escapeHtml(lab.error.message)}</p>
</section>
`;
  }
  const { settings } = lab;
  const rows = lab.metrics
    .map((metric) => {
      const runs =
        metric.runs.length > 1
          ? `runs ${labFigure(metric.spread.min, metric.unit)} to ${labFigure(metric.spread.max, metric.unit)}${metric.wide ? ' (wide)' : ''}`
          : '1 run';
      return `<dt>${LAB_METRIC_NAMES[metric.id]}</dt><dd><strong class="${BAND_TONES[metric.band]}">${labFigure(metric.value, metric.unit)}</strong> ${LAB_BAND_NAMES[metric.band]} <span class="muted">${runs}</span></dd>`;
    })
    .join('\n');
  const warnings = lab.warnings
    .map((warning) => `<p class="error">${escapeHtml(warning)}</p>`)
    .join('\n');
  return `<h2>Lab performance</h2>
<section class="card">
<p>Performance <strong>${lab.performance_score}</strong> of 100 <span class="muted">(the median of ${lab.runs} ${lab.runs === 1 ? 'run' : 'runs'}; ${escapeHtml(settings.tool)} ${escapeHtml(settings.tool_version)}, ${escapeHtml(settings.form_factor)}, ${escapeHtml(settings.throttling_method)} throttling, Chromium ${escapeHtml(settings.browser_version)})</span></p>
<dl class="facts">
${rows}
</dl>
${warnings}
</section>
`;
}

/** A shared report's page; `history` is the scores of its kept completed runs, oldest first. */
export function reportPage(
  report: Report,
  history: readonly ScorePoint[] = [],
  brand?: PageBrand,
): string {
  let body: string;
  if (report.results) {
    body = resultsSection(
      report.results,
      historySection(history) + labSection(report.results.lab),
    );
    if (report.status === 'failed' && report.error) {
      body =
        `<p class="card error">The latest re-run failed (${escapeHtml(report.error.code)}): ${escapeHtml(report.error.message)} This is the previous result.</p>\n` +
        body;
    }
  } else if (report.status === 'failed') {
    body = `<section class="card"><p class="error">The analysis failed (${escapeHtml(report.error?.code ?? 'unknown')}): ${escapeHtml(report.error?.message ?? '')}</p></section>`;
  } else {
    body = `<section class="card"><p>The analysis is ${escapeHtml(report.status)}. Reload this page in a few seconds.</p></section>`;
  }
  return pageLayout(
    `Report: ${report.url}`,
    `${header(report)}\n${body}`,
    brand,
  );
}

export function passwordPage(report: Report, wrongPassword: boolean): string {
  return sharedPasswordPage('report', `/r/${report.shareToken}`, wrongPassword);
}

/** The address of a shared page: /r/ and one segment (Express routes a trailing slash there too). */
export const SHARED_PAGE_PATH = /^\/r\/[^/]+\/?$/;

/** Errors of a shared page answer as pages, since people open them in a browser. */
export const sharedProblemPage = sharedProblemPages('report');
