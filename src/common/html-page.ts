import { createHash } from 'node:crypto';
import { visibleBidiControls } from './bidi-controls.js';

/**
 * The HTML pages the service serves to people (shared reports and site audits, the
 * check catalogue): one layout and stylesheet, no script, and headers that keep them
 * private, unframeable and free of anything but their own stylesheet.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML, with every character that could start markup escaped and every bidi control shown, not obeyed. */
export function escapeHtml(text: unknown): string {
  return visibleBidiControls(String(text)).replace(
    /[&<>"']/g,
    (c) => ESCAPES[c],
  );
}

/** Escaped text in which what is written in `backticks` (as check advice writes code) is set as code. */
export function escapeWithCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const STYLESHEET = `
:root{--fg:#1c2430;--muted:#5b6675;--line:#e3e7ec;--bg:#f6f8fa;--card:#fff;--good:#1a7f37;--decent:#9a6700;--bad:#cf222e;--accent:#1c2430}
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
.advice{margin:6px 0 0;font-size:14px}
.advice code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
form{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
input[type=password]{flex:1 1 220px;font:inherit;padding:8px 10px;border:1px solid var(--line);border-radius:6px}
button{font:inherit;padding:8px 16px;border:0;border-radius:6px;background:var(--fg);color:#fff;cursor:pointer}
.error{color:var(--bad);margin:8px 0 0}
.score-history svg{display:block;width:100%;max-width:640px;height:auto}
.score-history text{font-family:system-ui,sans-serif}
.charts{display:grid;grid-template-columns:minmax(0,1fr);gap:16px;margin-top:16px}
@media (min-width:800px){.charts{grid-template-columns:repeat(2,minmax(0,1fr))}}
.chart h2{margin:0 0 8px}
.chart svg{display:block;width:100%;max-width:640px;height:auto}
.chart text{font-family:system-ui,sans-serif}
ul.issues{list-style:none;margin:0;padding:0}
ul.issues>li{padding:10px 0;border-top:1px solid var(--line)}
ul.issues>li:first-child{border-top:0}
ul.affected{margin:6px 0 0;padding-left:20px;font-size:14px}
ul.affected li{margin:2px 0}
.wrap,ul.issues a{overflow-wrap:anywhere}
nav.pager{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:12px;margin-top:12px}
footer{margin-top:32px;font-size:.85rem;color:var(--muted)}
.brand{display:flex;align-items:center;gap:8px;margin:0 0 8px;padding-bottom:4px;border-bottom:3px solid var(--accent);font-weight:600;color:var(--accent)}
.brand img{max-height:32px;max-width:160px}
@media (max-width:560px){.brand{font-size:14px;line-height:1.3}.brand img{max-height:22px}}
.audit-summary{display:flex;gap:16px;align-items:center}
.audit-summary .gauge{width:64px;height:64px}
.counts{list-style:none;margin:4px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:2px 14px;font-size:14px}
.reach{margin-top:4px;font-size:14px}
.findings{display:grid;grid-template-columns:minmax(0,1fr);gap:0 16px;align-items:start}
ul.host{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px;font-size:14px}
ul.host>li{border:1px solid var(--line);border-left:3px solid var(--muted);border-radius:6px;padding:2px 8px}
ul.host>li.high{border-left-color:var(--bad)}ul.host>li.medium{border-left-color:var(--decent)}
ul.host>li:has(details[open]){flex-basis:100%}
ul.host summary{cursor:pointer}
ul.host .gist{display:none}
ul.host details p{margin:6px 0 0}
@media (max-width:799px){.audit-summary .rating{font-size:1.25rem}.counts .affected,ul.host .importance{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}ul.host summary{list-style:none}ul.host summary::-webkit-details-marker{display:none}ul.host{gap:5px;font-size:13px}ul.host>li{padding:1px 6px}ul.host summary .check-title{font-weight:400}}
@media (min-width:800px){.audit-summary{gap:24px}.audit-summary .gauge{width:96px;height:96px}.findings{grid-template-columns:minmax(0,1fr) minmax(0,2fr)}ul.host{display:block}ul.host>li{border:0;border-top:1px solid var(--line);border-radius:0;padding:6px 0}ul.host>li:first-child{border-top:0}ul.host .gist{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;color:var(--muted)}ul.host details[open] .gist{display:none}}
@media (max-width:560px){body{font-size:15px}main{padding:16px 12px 32px}.summary{gap:16px}h2{margin-top:20px}.card{padding:12px}header .muted{font-size:14px}}
@media print{body{background:#fff}.card{border:0;padding:0}form,footer{display:none}ul.checks>li{break-inside:avoid}}
`;

/** The Content-Security-Policy of every shared page: no script, this stylesheet only. */
export const PAGE_CSP = [
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
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, no-store',
};

/** Whose page it is: an account's branding, as its share pages print it. */
export interface PageBrand {
  name: string;
  logo: { dataUri: string } | null;
  /** `#rgb` or `#rrggbb`, as branding accepts it. */
  accentColor: string;
  footer: string | null;
  showProductName: boolean;
}

/** The product's name, on its own pages and where an account asks for it. */
const PRODUCT = 'Report analysis service';

/** The style blocks of a page: the stylesheet, and a brand's colour when it has one. */
function styleBlocksOf(html: string): string[] {
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
}

/** The Content-Security-Policy of a page: its own style blocks by their hashes, no script. */
export function pageCspFor(html: string): string {
  const hashes = styleBlocksOf(html).map(
    (style) =>
      `'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  );
  return PAGE_CSP.replace(
    /style-src [^;]+/,
    `style-src ${hashes.length ? hashes.join(' ') : "'none'"}`,
  );
}

/** The headers of a page, its CSP allowing the style blocks it carries. */
export function pageHeadersFor(html: string): Record<string, string> {
  return { ...PAGE_HEADERS, 'Content-Security-Policy': pageCspFor(html) };
}

/** The brand's bar above the page, its colour, and its footer; the product's own without one. */
function brandParts(brand: PageBrand | undefined) {
  if (!brand) return { head: '', bar: '', footer: PRODUCT };
  const logo = brand.logo
    ? `<img src="${escapeHtml(brand.logo.dataUri)}" alt="">`
    : '';
  const colour = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(brand.accentColor)
    ? `<style>:root{--accent:${brand.accentColor}}</style>`
    : '';
  return {
    head: colour,
    bar: `<div class="brand">${logo}<span>${escapeHtml(brand.name)}</span></div>`,
    footer: [
      escapeHtml(brand.footer ?? brand.name),
      brand.showProductName ? `Made with ${PRODUCT}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

/** A whole page: its title, then the body in the layout every page shares. */
export function pageLayout(
  title: string,
  body: string,
  brand?: PageBrand,
): string {
  const parts = brandParts(brand);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${ICON}">
<title>${escapeHtml(title)}</title>
<style>${STYLESHEET}</style>
${parts.head}
</head>
<body>
<main>
${parts.bar}
${body}
<footer>${parts.footer}</footer>
</main>
</body>
</html>`;
}
