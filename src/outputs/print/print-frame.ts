import { escapeHtml } from '../../common/html-page.js';
import type { Branding } from '../audit-document.js';
import { printStyles } from './print-styles.js';

/**
 * What every printed document shares: the HTML shell, the cover, the running header and
 * footer. Self-contained: styles inline, the logo a data: URI, no script, no reference
 * the print could fetch (print-pdf.ts refuses any it tries).
 */

/** The product's own name, shown only when the account asks for it. */
export const PRODUCT_NAME = 'Report analysis service';

/** A date for people: 28 November 2026. */
export function longDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A whole number with thousands separated: 21,663. */
export function count(n: number): string {
  return n.toLocaleString('en-GB');
}

/** `n things`, singular for one. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** The whole document: its metadata, its styles in the account's colour, its sections. */
export function printDocument(input: {
  title: string;
  subject: string;
  branding: Branding;
  body: string;
}): string {
  const { title, subject, branding, body } = input;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<meta name="author" content="${escapeHtml(branding.name)}">
<meta name="description" content="${escapeHtml(subject)}">
<style>${printStyles(branding.accentColor)}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** The cover: the account's logo and name, what was audited, when, and its score. */
export function cover(input: {
  branding: Branding;
  kind: string;
  target: string;
  date: string | null;
  score: number | null;
  rating: string | null;
  gauge: string;
}): string {
  const { branding } = input;
  const logo = branding.logo
    ? `<img class="logo" src="${escapeHtml(branding.logo.dataUri)}" alt="${escapeHtml(branding.name)}">`
    : '';
  const score =
    input.score === null
      ? '<p class="cover-score">No score: the audit found no page to judge.</p>'
      : `<div class="cover-score">${input.gauge}<p>Score ${input.score} out of 100, rated ${escapeHtml(input.rating ?? '')}</p></div>`;
  return `<section class="cover">
<div class="brand">${logo}<p class="brand-name">${escapeHtml(branding.name)}</p></div>
<h1>${escapeHtml(input.kind)} <span class="cover-target">${escapeHtml(input.target)}</span></h1>
${input.date ? `<p class="cover-date">${escapeHtml(input.date)}</p>` : ''}
${score}
${branding.contact ? `<p class="contact">${escapeHtml(branding.contact)}</p>` : ''}
</section>`;
}

/** Chromium's running header: who made the document and of what. Inline styles only. */
export function headerTemplate(branding: Branding, target: string): string {
  return `<div style="font-family:'Liberation Sans',Arial,sans-serif;font-size:8px;color:#5b6675;width:100%;margin:0 16mm;display:flex;justify-content:space-between"><span>${escapeHtml(branding.name)}</span><span>${escapeHtml(target)}</span></div>`;
}

/** The running footer: the account's footer text, the product's name if asked, the page. */
export function footerTemplate(branding: Branding): string {
  const left = [
    branding.footer ?? branding.name,
    branding.showProductName ? `Made with ${PRODUCT_NAME}` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
  return `<div style="font-family:'Liberation Sans',Arial,sans-serif;font-size:8px;color:#5b6675;width:100%;margin:0 16mm;display:flex;justify-content:space-between"><span>${escapeHtml(left)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

/** The score in plain words, and its trend against the previous audit or run of the same URL. */
export function scoreTrend(
  subject: string,
  score: number,
  rating: string,
  previous: { score: number | null; finished_at: string } | null,
  firstTime: string,
): string {
  const now = `${subject} scores ${score} out of 100, which is rated ${rating}.`;
  if (!previous || previous.score === null) return `${now} ${firstTime}`;
  const delta = score - previous.score;
  const trend =
    delta === 0
      ? 'the same as'
      : `${Math.abs(delta)} ${Math.abs(delta) === 1 ? 'point' : 'points'} ${delta > 0 ? 'more than' : 'less than'}`;
  return `${now} That is ${trend} on ${longDate(previous.finished_at)} (${previous.score}).`;
}

/** A section of facts, one a row: how an audit was made. */
export function factsSection(
  title: string,
  rows: ReadonlyArray<[string, string]>,
): string {
  return `<section>
<h2>${escapeHtml(title)}</h2>
<table><tbody>
${rows.map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</tbody></table>
</section>`;
}
