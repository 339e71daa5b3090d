import { escapeHtml, pageLayout } from '../../common/html-page.js';
import { resultsSection } from '../../sharing/results-html.js';
import {
  passwordPage as sharedPasswordPage,
  sharedProblemPages,
} from '../../sharing/shared-page.js';
import type { Report } from '../report.entity.js';
import type { ScorePoint } from '../runs/report-runs.repository.js';
import { scoreChart } from './score-chart.js';

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
<p class="muted">${generated}</p>
</header>`;
}

/** The score history under its heading; nothing when there are not two runs to join. */
function historySection(history: readonly ScorePoint[]): string {
  const chart = scoreChart(history);
  return chart
    ? `<h2>Score history</h2>\n<div class="card score-history">${chart}</div>\n`
    : '';
}

/** A shared report's page; `history` is the scores of its kept completed runs, oldest first. */
export function reportPage(
  report: Report,
  history: readonly ScorePoint[] = [],
): string {
  let body: string;
  if (report.results) {
    body = resultsSection(report.results, historySection(history));
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
  return pageLayout(`Report: ${report.url}`, `${header(report)}\n${body}`);
}

export function passwordPage(report: Report, wrongPassword: boolean): string {
  return sharedPasswordPage('report', `/r/${report.shareToken}`, wrongPassword);
}

/** The address of a shared page: /r/ and one segment (Express routes a trailing slash there too). */
export const SHARED_PAGE_PATH = /^\/r\/[^/]+\/?$/;

/** Errors of a shared page answer as pages, since people open them in a browser. */
export const sharedProblemPage = sharedProblemPages('report');
