/**
 * The printed document's styles: A4, fonts every install has (Debian's Liberation and
 * DejaVu, embedded by the print), the account's accent colour, and rules that never
 * leave a heading at the foot of a page or cut a table row in two.
 */
export function printStyles(accent: string): string {
  return `
@page { size: A4; }
:root { --accent: ${accent}; --ink: #1c2430; --muted: #5b6675; --rule: #dfe3e8; }
* { box-sizing: border-box; }
body { font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif; font-size: 10pt; line-height: 1.45; color: var(--ink); margin: 0; }
h1, h2, h3, h4 { break-after: avoid; break-inside: avoid; line-height: 1.2; }
h2 { font-size: 17pt; color: var(--accent); border-bottom: 2px solid var(--accent); padding-bottom: 3pt; margin: 0 0 10pt; break-before: page; }
h3 { font-size: 12pt; margin: 14pt 0 4pt; }
p, li { orphans: 3; widows: 3; }
a { color: var(--ink); text-decoration: none; }
code, .url { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: 8.5pt; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; margin: 6pt 0 10pt; font-size: 9pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th, td { text-align: left; vertical-align: top; padding: 3pt 5pt; border-bottom: 1px solid var(--rule); }
th { color: var(--muted); font-weight: bold; }
td.n, th.n { text-align: right; white-space: nowrap; }
.cover { height: 247mm; display: flex; flex-direction: column; justify-content: space-between; break-after: page; }
.brand { display: flex; align-items: center; gap: 12pt; }
.logo { max-height: 28mm; max-width: 70mm; }
.brand-name { font-size: 15pt; font-weight: bold; color: var(--accent); margin: 0; }
.cover h1 { font-size: 30pt; margin: 0; color: var(--ink); }
.cover-target { display: block; font-size: 16pt; font-weight: normal; color: var(--muted); margin-top: 8pt; overflow-wrap: anywhere; }
.cover-date { font-size: 12pt; color: var(--muted); }
.cover-score { display: flex; align-items: center; gap: 14pt; font-size: 13pt; }
.contact { color: var(--muted); border-top: 1px solid var(--rule); padding-top: 6pt; }
.gauge text { font-size: 30px; font-weight: bold; fill: var(--ink); }
.finding { break-inside: auto; margin-bottom: 10pt; }
.finding-meta { color: var(--muted); margin: 0 0 4pt; }
.label { font-weight: bold; }
.top-five li { margin-bottom: 4pt; }
.charts { display: flex; flex-wrap: wrap; gap: 10pt; break-inside: avoid; }
.chart { flex: 1 1 45%; break-inside: avoid; }
.chart h4 { font-size: 9.5pt; margin: 6pt 0 2pt; color: var(--muted); }
.chart svg { width: 100%; height: auto; }
.more { color: var(--muted); font-style: italic; }
.good { color: #1a7f37; } .decent { color: #9a6700; } .bad { color: #cf222e; }
`;
}
