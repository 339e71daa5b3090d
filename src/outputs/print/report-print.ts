import { CATEGORY_NAMES } from '../../analysis/index.js';
import type { CheckResult, Importance } from '../../analysis/index.js';
import { escapeHtml, escapeWithCode } from '../../common/html-page.js';
import {
  LAB_BAND_NAMES,
  LAB_METRIC_NAMES,
  labFailed,
  labFigure,
} from '../../lab/index.js';
import { scoreChart } from '../../common/svg-charts.js';
import { checkEntryOf } from '../../site-audits/findings/findings.js';
import { evidenceHtml, gauge } from '../../sharing/results-html.js';
import type { ReportDocument } from '../report-document.js';
import {
  cover,
  longDate,
  plural,
  factsSection,
  printDocument,
  scoreTrend,
} from './print-frame.js';
import { whyItMatters } from './why-it-matters.js';

const IMPORTANCE_ORDER: Record<Importance, number> = {
  high: 0,
  medium: 1,
  low: 2,
};

/** Failed checks the summary names. */
const TOP_CHECKS = 5;

/** A report as the document an agency sends (docs/outputs.md, "The PDF"). */
export function reportPrint(document: ReportDocument): string {
  const { report, branding } = document;
  const results = report.results!;
  const failed = results.checks
    .filter((check) => check.passed === false)
    .sort(
      (a, b) => IMPORTANCE_ORDER[a.importance] - IMPORTANCE_ORDER[b.importance],
    );
  const body = [
    cover({
      branding,
      kind: 'Page audit',
      target: report.url,
      date: report.generated_at ? longDate(report.generated_at) : null,
      score: results.score,
      rating: results.rating,
      gauge: gauge(results.score, results.rating),
    }),
    summarySection(document, failed),
    failedSection(failed),
    passedSection(results.checks),
    labSection(document),
    methodSection(document),
  ].join('\n');
  return printDocument({
    title: `Page audit of ${report.url}`,
    subject: `SEO audit of ${report.url}: score ${results.score}`,
    branding,
    body,
  });
}

function summarySection(
  document: ReportDocument,
  failed: CheckResult[],
): string {
  const results = document.report.results!;
  const top = failed.slice(0, TOP_CHECKS);
  const categories = Object.entries(results.categories)
    .filter(([, category]) => category.score !== null)
    .map(
      ([id, category]) =>
        `<tr><td>${escapeHtml(CATEGORY_NAMES[id as keyof typeof CATEGORY_NAMES])}</td><td class="n">${category.score}</td><td class="n">${category.passed}</td><td class="n">${category.failed}</td></tr>`,
    );
  const history =
    document.history.length >= 2
      ? `<figure class="chart"><h4>Score over the last runs</h4>${scoreChart(
          document.history.map((point) => ({
            run: point.id,
            score: point.score,
            finishedAt: new Date(point.finished_at),
          })),
        )}</figure>`
      : '';
  return `<section>
<h2>Summary</h2>
<p>${escapeHtml(scoreTrend('The page', results.score, results.rating, document.previous, 'This is its first analysis, so there is no trend yet.'))}</p>
<p>${escapeHtml(`${plural(failed.length, 'check')} failed of ${plural(results.checks.filter((check) => check.passed !== null).length, 'check')} that applied.`)}</p>
${top.length ? `<p>The ${top.length === 1 ? 'problem' : `${top.length} problems`} that matter most:</p><ol class="top-five">${top.map((check) => `<li><strong>${escapeHtml(check.title)}</strong>. ${escapeWithCode(check.advice ?? '')}</li>`).join('')}</ol>` : '<p>Every check that applied passed.</p>'}
<table><thead><tr><th>Category</th><th class="n">Score</th><th class="n">Passed</th><th class="n">Failed</th></tr></thead><tbody>${categories.join('')}</tbody></table>
${history}
</section>`;
}

function failedSection(failed: CheckResult[]): string {
  if (failed.length === 0) return '';
  return `<section>
<h2>Findings</h2>
<p>${plural(failed.length, 'failed check')}, the most important first.</p>
${failed
  .map(
    (check, i) => `<div class="finding">
<h3>${i + 1}. ${escapeHtml(check.title)}</h3>
<p class="finding-meta">${escapeHtml(CATEGORY_NAMES[check.category])} · ${escapeHtml(check.importance)} importance</p>
<p><span class="label">Why it matters.</span> ${escapeHtml(whyItMatters(check.category, check.importance))} ${escapeWithCode(checkEntryOf(check.id)?.explains ?? '')}</p>
<p><span class="label">How to fix it.</span> ${escapeWithCode(check.advice ?? '')}</p>
<p><span class="label">What was found.</span> ${escapeHtml(check.message)}</p>
${evidenceHtml(check.value)}
</div>`,
  )
  .join('\n')}
</section>`;
}

function passedSection(checks: CheckResult[]): string {
  const passed = checks.filter((check) => check.passed === true);
  if (passed.length === 0) return '';
  return `<section>
<h2>Checks passed</h2>
<table><thead><tr><th>Check</th><th>Category</th></tr></thead><tbody>
${passed.map((check) => `<tr><td>${escapeHtml(check.title)}</td><td>${escapeHtml(CATEGORY_NAMES[check.category])}</td></tr>`).join('\n')}
</tbody></table>
</section>`;
}

function labSection({ report }: ReportDocument): string {
  const lab = report.results?.lab;
  if (!lab) return '';
  if (labFailed(lab)) {
    return `<section><h2>Lab metrics</h2><p>The lab measurement gave no figures: ${escapeHtml(lab.error.message)}</p></section>`;
  }
  return `<section>
<h2>Lab metrics</h2>
<p>Measured in a lab browser, the median of ${plural(lab.runs, 'run')}: performance score ${lab.performance_score}.</p>
<table><thead><tr><th>Metric</th><th class="n">Median</th><th>Band</th></tr></thead><tbody>
${lab.metrics.map((metric) => `<tr><td>${escapeHtml(LAB_METRIC_NAMES[metric.id])}</td><td class="n">${escapeHtml(labFigure(metric.value, metric.unit))}</td><td>${escapeHtml(LAB_BAND_NAMES[metric.band])}</td></tr>`).join('\n')}
</tbody></table>
</section>`;
}

function methodSection({ report, userAgent, generatedAt }: ReportDocument) {
  const page = report.results!.page;
  const rows: Array<[string, string]> = [
    ['Page', report.url],
    ['Final URL', page.final_url],
    ['Status code', String(page.status_code)],
    ['Analysed', report.generated_at ? longDate(report.generated_at) : '—'],
    ['JavaScript rendering', report.render ? 'yes' : 'no: the HTML as served'],
    ['Lab measurements', report.lab ? 'yes' : 'no'],
    ['User agent', userAgent],
    ['This document', longDate(generatedAt)],
  ];
  return factsSection('How this audit was made', rows);
}
