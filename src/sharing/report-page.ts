import { createHash } from 'node:crypto';
import { ratingOf } from '../analysis/score.js';
import { CATEGORIES } from '../analysis/types.js';
import type {
  AnalysisResults,
  Category,
  CheckResult,
} from '../analysis/types.js';
import type { ProblemDocument } from '../common/problem.js';
import type { Report } from '../reports/report.entity.js';

/**
 * Server-rendered pages of a shared report. Everything that came from the analysed
 * site (URLs, titles, messages, evidence) goes through escapeHtml; the pages carry no
 * script, and their stylesheet is allowed by its hash in the Content-Security-Policy.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const CATEGORY_NAMES: Record<Category, string> = {
  seo: 'Search engines',
  performance: 'Performance',
  security: 'Security',
  miscellaneous: 'Miscellaneous',
};

const STYLESHEET = `
:root{--fg:#1c2430;--muted:#5b6675;--line:#e3e7ec;--bg:#f6f8fa;--card:#fff;--good:#1a7f37;--decent:#9a6700;--bad:#cf222e}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.25rem;margin:0 0 4px;word-break:break-all}
h2{font-size:1.1rem;margin:32px 0 8px}
.muted{color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px}
.summary{display:flex;flex-wrap:wrap;gap:24px;align-items:center}
.gauge{flex:0 0 auto}
.gauge text{font:700 28px system-ui,sans-serif;fill:var(--fg)}
.rating{font-size:1.5rem;font-weight:700;text-transform:capitalize}
.good{color:var(--good)}.decent{color:var(--decent)}.bad{color:var(--bad)}
.categories{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px;flex:1 1 320px}
@media (min-width:800px){.categories{grid-template-columns:repeat(4,minmax(0,1fr))}}
.categories div{border:1px solid var(--line);border-radius:8px;padding:8px 12px}
.categories strong{display:block;font-size:1.4rem}
ul.checks{list-style:none;margin:0;padding:0}
ul.checks>li{display:grid;grid-template-columns:28px 1fr;gap:4px 8px;padding:10px 0;border-top:1px solid var(--line)}
ul.checks>li:first-child{border-top:0}
.mark{font-weight:700;text-align:center}
.check-title{font-weight:600}
.importance{font-size:.8rem;color:var(--muted);margin-left:6px}
.evidence{margin:6px 0 0;padding:0;font-size:13px}
.evidence code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);border-radius:4px;padding:1px 5px;overflow-wrap:anywhere;white-space:pre-wrap}
ul.evidence{list-style:none;display:flex;flex-direction:column;align-items:flex-start;gap:3px}
dl.evidence{display:grid;grid-template-columns:max-content 1fr;gap:3px 10px}
dl.evidence dt{color:var(--muted)}dl.evidence dd{margin:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
form{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
input[type=password]{flex:1 1 220px;font:inherit;padding:8px 10px;border:1px solid var(--line);border-radius:6px}
button{font:inherit;padding:8px 16px;border:0;border-radius:6px;background:var(--fg);color:#fff;cursor:pointer}
.error{color:var(--bad);margin:8px 0 0}
footer{margin-top:32px;font-size:.85rem;color:var(--muted)}
@media (max-width:560px){body{font-size:15px}main{padding:16px 12px 32px}.summary{gap:16px}}
@media print{body{background:#fff}.card{border:0;padding:0}form,footer{display:none}ul.checks>li{break-inside:avoid}}
`;

/** The Content-Security-Policy of every shared page: no script, this stylesheet only. */
export const SHARED_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`,
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** An inline icon, so browsers do not ask the service for /favicon.ico and log a 404. */
const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#1f7a4d"/></svg>',
  );

/** The headers of every shared page, error pages included. */
export const SHARED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': SHARED_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
};

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${ICON}">
<title>${escapeHtml(title)}</title>
<style>${STYLESHEET}</style>
</head>
<body>
<main>
${body}
<footer>Report analysis service</footer>
</main>
</body>
</html>`;
}

function gauge(score: number): string {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.max(0, Math.min(100, score)) / 100) * circumference;
  const colour = { good: '#1a7f37', decent: '#9a6700', bad: '#cf222e' }[
    ratingOf(score)
  ];
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
function evidenceHtml(value: unknown): string {
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
${evidenceHtml(check.value)}</div>
</li>`;
}

function rank(check: CheckResult): number {
  return check.passed === false ? 0 : check.passed ? 1 : 2;
}

function resultsSection(results: AnalysisResults): string {
  const rating = ratingOf(results.score);
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
  const page = results.page;
  const redirects = page.redirects.length
    ? page.redirects.map((r) => `${r.status_code} ${r.url}`).join(' → ')
    : 'none';
  return `<section class="card summary">
${gauge(results.score)}
<div><div class="rating ${rating}">${rating}</div><div class="muted">Score ${results.score} of 100</div></div>
<div class="categories">
${categories}
</div>
</section>
${groups}
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

function header(report: Report): string {
  const generated = report.generatedAt
    ? `Generated ${report.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`
    : 'Not generated yet';
  return `<header>
<h1>${escapeHtml(report.url)}</h1>
<p class="muted">${generated}</p>
</header>`;
}

export function reportPage(report: Report): string {
  let body: string;
  if (report.results) {
    body = resultsSection(report.results);
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
  return layout(`Report: ${report.url}`, `${header(report)}\n${body}`);
}

export function passwordPage(report: Report, wrongPassword: boolean): string {
  return layout(
    'Password required',
    `<header><h1>This report is protected</h1>
<p class="muted">Enter the password you were given to read report ${escapeHtml(report.id)}.</p></header>
<section class="card">
<form method="post" action="/r/${escapeHtml(report.id)}">
<label for="password" class="muted">Password</label>
<input id="password" name="password" type="password" required maxlength="128" autocomplete="current-password" autofocus>
<button type="submit">Open report</button>
</form>
${wrongPassword ? '<p class="error" role="alert">That password is not right.</p>' : ''}
</section>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(
    title,
    `<header><h1>${escapeHtml(title)}</h1></header><section class="card"><p>${escapeHtml(message)}</p></section>`,
  );
}

const PROBLEM_PAGE_TEXT: Record<number, [string, string]> = {
  404: ['Report not found', 'There is no report at this address.'],
  429: ['Too many attempts', 'Too many wrong passwords. Try again later.'],
  503: [
    'Unavailable',
    'The service cannot reach its database. Try again shortly.',
  ],
};

/** Errors under /r/ answer as pages, since people open them in a browser. */
export function sharedProblemPage(
  path: string,
  problem: ProblemDocument,
): { html: string; headers: Record<string, string> } | null {
  if (path !== '/r' && !path.startsWith('/r/')) return null;
  const [title, message] = PROBLEM_PAGE_TEXT[problem.status] ?? [
    problem.title,
    problem.detail,
  ];
  return {
    html: messagePage(title, message),
    headers: { ...SHARED_PAGE_HEADERS },
  };
}
