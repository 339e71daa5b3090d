import { escapeHtml } from '../../common/html-page.js';

/**
 * An audit's distributions as inline SVG bar charts: no script, no style attribute
 * (the page's Content-Security-Policy allows neither), only presentation attributes;
 * they scale to their container's width, so they fit a phone's screen.
 */

/** One bar: what it counts, how many pages, and its colour. */
export interface Bar {
  label: string;
  pages: number;
  colour?: string;
}

const WIDTH = 320;
const LABEL = 64;
const VALUE = 44;
const ROW = 24;
const BAR = 15;
const PAD = 6;
const PLOT = WIDTH - LABEL - VALUE;

/** A horizontal bar chart of `bars` in their order; empty when there is nothing to count. */
export function barChart(
  id: string,
  title: string,
  bars: readonly Bar[],
): string {
  if (bars.length === 0) return '';
  const most = Math.max(1, ...bars.map((bar) => bar.pages));
  const height = PAD * 2 + bars.length * ROW;
  const rows = bars
    .map((bar, i) => {
      const y = PAD + i * ROW;
      const width = Math.max(bar.pages > 0 ? 2 : 0, (bar.pages / most) * PLOT);
      return `<g><title>${escapeHtml(`${bar.label}: ${bar.pages} pages`)}</title>
<text x="${LABEL - 8}" y="${y + BAR - 2}" text-anchor="end" font-size="12" fill="#1c2430">${escapeHtml(bar.label)}</text>
<rect x="${LABEL}" y="${y}" width="${width.toFixed(1)}" height="${BAR}" rx="2" fill="${bar.colour ?? '#3b6ea5'}"/>
<text x="${(LABEL + width + 6).toFixed(1)}" y="${y + BAR - 2}" font-size="12" fill="#5b6675">${bar.pages}</text></g>`;
    })
    .join('\n');
  const description = `${title}: ${bars.map((bar) => `${bar.label} ${bar.pages}`).join(', ')}.`;
  return `<svg class="bar-chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc">
<title id="${id}-title">${escapeHtml(title)}</title>
<desc id="${id}-desc">${escapeHtml(description)}</desc>
<line x1="${LABEL}" y1="0" x2="${LABEL}" y2="${height}" stroke="#e3e7ec" stroke-width="1"/>
${rows}
</svg>`;
}

/** The colour of a status code's bar: green 2xx, amber 3xx, red 4xx, 5xx and failures. */
function statusColour(label: string): string {
  if (/^2\d\d$/.test(label)) return '#1a7f37';
  if (/^3\d\d$/.test(label)) return '#9a6700';
  if (label === 'robots') return '#8c959f';
  return '#cf222e';
}

/** The bars of the status codes: a code, `failed` (no answer) or `robots` (not requested). */
export function statusBars(
  counts: ReadonlyArray<{ label: string; pages: number }>,
): Bar[] {
  return counts.map(({ label, pages }) => ({
    label: label === 'robots' ? 'robots.txt' : label,
    pages,
    colour: statusColour(label),
  }));
}

/** Depths from this one on share a bar, so a deep site keeps a short chart. */
const DEEPEST_BAR = 10;

/** The bars of the click depths: 0 to 9, then 10+, then pages no followed link reaches. */
export function depthBars(
  counts: ReadonlyArray<{ depth: number | null; pages: number }>,
): Bar[] {
  const bars = new Map<string, number>();
  for (const { depth, pages } of counts) {
    const label =
      depth === null
        ? 'none'
        : depth >= DEEPEST_BAR
          ? `${DEEPEST_BAR}+`
          : String(depth);
    bars.set(label, (bars.get(label) ?? 0) + pages);
  }
  return [...bars].map(([label, pages]) => ({
    label,
    pages,
    colour: label === 'none' ? '#8c959f' : undefined,
  }));
}
