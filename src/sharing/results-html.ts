import { CATEGORIES, CATEGORY_NAMES, ratingOf } from '../analysis/index.js';
import type {
  AnalysisResults,
  CheckResult,
  Rating,
} from '../analysis/index.js';
import { escapeHtml, escapeWithCode } from '../common/html-page.js';

/**
 * The results of page checks as shared pages show them (a report's page, a page of a
 * site audit). Everything that came from the analysed site (URLs, titles, messages,
 * evidence) goes through escapeHtml.
 */

/** The score as a ring, coloured by its rating. */
export function gauge(score: number, rating: Rating): string {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.max(0, Math.min(100, score)) / 100) * circumference;
  const colour = { good: '#1a7f37', decent: '#9a6700', bad: '#cf222e' }[rating];
  return `<svg class="gauge" width="132" height="132" viewBox="0 0 132 132" role="img" aria-label="Score ${score} of 100">
<circle cx="66" cy="66" r="${radius}" fill="none" stroke="#e3e7ec" stroke-width="14"/>
<circle cx="66" cy="66" r="${radius}" fill="none" stroke="${colour}" stroke-width="14" stroke-linecap="round" stroke-dasharray="${filled.toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 66 66)"/>
<text x="66" y="76" text-anchor="middle">${score}</text>
</svg>`;
}

/** One piece of evidence on one line: an object as "key: value" pairs. */
function inlineText(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${inlineText(item)}`)
      .join(', ');
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/** A check's evidence for people: a list as a list, a record as terms, else a line. */
export function evidenceHtml(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    return `<ul class="evidence">${value.map((item) => `<li><code>${escapeHtml(inlineText(item))}</code></li>`).join('')}</ul>`;
  }
  if (typeof value === 'object') {
    return `<dl class="evidence">${Object.entries(value)
      .map(
        ([key, item]) =>
          `<dt>${escapeHtml(key)}</dt><dd><code>${escapeHtml(inlineText(item))}</code></dd>`,
      )
      .join('')}</dl>`;
  }
  return `<p class="evidence"><code>${escapeHtml(inlineText(value))}</code></p>`;
}

/** A failed check's advice, and a link to its section of the check catalogue. */
function adviceHtml(check: CheckResult): string {
  if (!check.advice) return '';
  const more = check.doc_url
    ? ` <a href="${escapeHtml(check.doc_url)}">More on this check</a>`
    : '';
  return `<p class="advice">${escapeWithCode(check.advice)}${more}</p>`;
}

function checkItem(check: CheckResult): string {
  const [mark, tone, label] =
    check.passed === false
      ? ['✗', 'bad', 'Failed']
      : check.passed
        ? ['✓', 'good', 'Passed']
        : ['–', 'muted', 'Not applicable'];
  return `<li>
<span class="mark ${tone}" aria-hidden="true">${mark}</span>
<div><span class="visually-hidden">${label}: </span><span class="check-title">${escapeHtml(check.title)}</span><span class="importance">${escapeHtml(check.importance)}</span>
<div class="muted">${escapeHtml(check.message)}</div>
${evidenceHtml(check.value)}${adviceHtml(check)}</div>
</li>`;
}

/** Accessibility, beside the score: its check when the page was rendered, else why no rule ran. */
function accessibilityGroup(results: AnalysisResults): string {
  const checks = results.checks.filter((c) => c.category === 'accessibility');
  const audit = results.accessibility;
  const heading = `<h2>${CATEGORY_NAMES.accessibility} <span class="muted">(in no score)</span></h2>`;
  if (checks.length > 0) {
    return `${heading}
<div class="card"><ul class="checks">
${checks.map(checkItem).join('\n')}
</ul></div>`;
  }
  if (audit && !audit.ran) {
    return `${heading}
<div class="card"><p class="muted">No rule ran: ${escapeHtml(audit.reason)}.</p></div>`;
  }
  return '';
}

function rank(check: CheckResult): number {
  return check.passed === false ? 0 : check.passed ? 1 : 2;
}

/** The score, the categories, every check (failed first) and the page facts; `history` goes under the summary. */
export function resultsSection(results: AnalysisResults, history = ''): string {
  const { rating } = results;
  const categories = CATEGORIES.map((category) => {
    const summary = results.categories[category];
    const score = summary.score;
    const tone = score === null ? 'muted' : ratingOf(score);
    return `<div><span class="muted">${CATEGORY_NAMES[category]}</span><strong class="${tone}">${score ?? 'n/a'}</strong><span class="muted">${summary.passed} passed, ${summary.failed} failed</span></div>`;
  }).join('\n');
  const groups = CATEGORIES.map((category) => {
    const checks = results.checks
      .filter((c) => c.category === category)
      .sort((a, b) => rank(a) - rank(b));
    return `<h2>${CATEGORY_NAMES[category]}</h2>
<div class="card"><ul class="checks">
${checks.map(checkItem).join('\n')}
</ul></div>`;
  }).join('\n');
  const accessibility = accessibilityGroup(results);
  const page = results.page;
  const redirects = page.redirects.length
    ? page.redirects.map((r) => `${r.status_code} ${r.url}`).join(' → ')
    : 'none';
  return `<section class="card summary">
${gauge(results.score, rating)}
<div><div class="rating ${rating}">${rating}</div><div class="muted">Score ${results.score} of 100</div></div>
<div class="categories">
${categories}
</div>
</section>
${history}${groups}
${accessibility}
<h2>Page facts</h2>
<div class="card"><dl class="facts">
<dt>Final URL</dt><dd>${escapeHtml(page.final_url)}</dd>
<dt>Status</dt><dd>${page.status_code}</dd>
<dt>Redirects</dt><dd>${escapeHtml(redirects)}</dd>
<dt>Content type</dt><dd>${escapeHtml(page.content_type)}</dd>
<dt>Compression</dt><dd>${escapeHtml(page.encoding ?? 'none')}</dd>
<dt>Time to first byte</dt><dd>${page.ttfb_ms} ms</dd>
<dt>Load time</dt><dd>${page.load_time_ms} ms</dd>
<dt>HTML size</dt><dd>${page.html_bytes.toLocaleString('en')} bytes (${page.transfer_bytes.toLocaleString('en')} transferred)</dd>
<dt>Elements</dt><dd>${page.dom_elements.toLocaleString('en')}</dd>
<dt>Words</dt><dd>${page.words.toLocaleString('en')}</dd>
</dl></div>`;
}
