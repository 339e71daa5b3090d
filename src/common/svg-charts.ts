import { RATING_FLOORS, ratingOf } from '../analysis/index.js';
import { escapeHtml } from './html-page.js';
/** A score of a run or an audit, and when it finished. */
export interface ScorePoint {
  run: number;
  score: number;
  finishedAt: Date;
}

/**
 * Charts of the share pages and printed documents, as inline SVG: no script, no style
 * attribute (the pages' Content-Security-Policy allows neither), only presentation
 * attributes; they scale to their container's width, so they fit a phone's screen.
 */

/**
 * A score history as an inline SVG line chart: no script, no style
 * attribute (the page's Content-Security-Policy allows neither), only presentation
 * attributes; it scales to its container's width, so it fits a phone's screen.
 */

/** Every chart's width in its own units: it scales to its container. */
const WIDTH = 320;
/** The score line's frame: its height and the margins around the plot. */
const LINE = { height: 120, left: 30, right: 10, top: 10, bottom: 22 };
const PLOT_WIDTH = WIDTH - LINE.left - LINE.right;
const PLOT_HEIGHT = LINE.height - LINE.top - LINE.bottom;

const COLOURS = { good: '#1a7f37', decent: '#9a6700', bad: '#cf222e' };

function yOf(score: number): number {
  return (
    LINE.top + ((100 - Math.max(0, Math.min(100, score))) / 100) * PLOT_HEIGHT
  );
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The chart of `points` (oldest first); empty when there are fewer than two to join. */
export function scoreChart(points: readonly ScorePoint[]): string {
  if (points.length < 2) return '';
  const step = PLOT_WIDTH / (points.length - 1);
  const placed = points.map((point, i) => ({
    ...point,
    x: LINE.left + i * step,
    y: yOf(point.score),
  }));
  const line = placed
    .map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(' ');
  const grid = [0, RATING_FLOORS.decent, RATING_FLOORS.good, 100]
    .map((score) => {
      const y = yOf(score).toFixed(1);
      return `<line x1="${LINE.left}" y1="${y}" x2="${WIDTH - LINE.right}" y2="${y}" stroke="#e3e7ec" stroke-width="1"/>
<text x="${LINE.left - 6}" y="${y}" dy="4" text-anchor="end" font-size="10" fill="#5b6675">${score}</text>`;
    })
    .join('\n');
  const dots = placed
    .map(
      (p) =>
        `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="4" fill="${COLOURS[ratingOf(p.score)]}"><title>${escapeHtml(`Run ${p.run}: ${p.score} on ${dayOf(p.finishedAt)}`)}</title></circle>`,
    )
    .join('\n');
  const first = placed[0];
  const last = placed[placed.length - 1];
  const description = `Scores of the last ${points.length} completed runs, oldest first: ${points
    .map((p) => `${p.score} (run ${p.run}, ${dayOf(p.finishedAt)})`)
    .join(', ')}.`;
  return `<svg class="score-chart" viewBox="0 0 ${WIDTH} ${LINE.height}" role="img" aria-labelledby="score-history-title score-history-desc">
<title id="score-history-title">Score history</title>
<desc id="score-history-desc">${escapeHtml(description)}</desc>
${grid}
<polyline points="${line}" fill="none" stroke="#1c2430" stroke-width="2" stroke-linejoin="round"/>
${dots}
<text x="${LINE.left}" y="${LINE.height - 6}" font-size="10" fill="#5b6675">${escapeHtml(dayOf(first.finishedAt))}</text>
<text x="${WIDTH - LINE.right}" y="${LINE.height - 6}" text-anchor="end" font-size="10" fill="#5b6675">${escapeHtml(dayOf(last.finishedAt))}</text>
</svg>`;
}

/** One bar: what it counts, how many pages, and its colour. */
export interface Bar {
  label: string;
  pages: number;
  colour?: string;
}

/** A bar chart's rows: the label's and the value's room, each row's height, a bar's, the padding. */
const BARS = { label: 64, value: 44, row: 24, bar: 15, pad: 6 };
const PLOT = WIDTH - BARS.label - BARS.value;

/** A horizontal bar chart of `bars` in their order; empty when there is nothing to count. */
export function barChart(
  id: string,
  title: string,
  bars: readonly Bar[],
): string {
  if (bars.length === 0) return '';
  const most = Math.max(1, ...bars.map((bar) => bar.pages));
  const height = BARS.pad * 2 + bars.length * BARS.row;
  const rows = bars
    .map((bar, i) => {
      const y = BARS.pad + i * BARS.row;
      const width = Math.max(bar.pages > 0 ? 2 : 0, (bar.pages / most) * PLOT);
      return `<g><title>${escapeHtml(`${bar.label}: ${bar.pages} pages`)}</title>
<text x="${BARS.label - 8}" y="${y + BARS.bar - 2}" text-anchor="end" font-size="12" fill="#1c2430">${escapeHtml(bar.label)}</text>
<rect x="${BARS.label}" y="${y}" width="${width.toFixed(1)}" height="${BARS.bar}" rx="2" fill="${bar.colour ?? '#3b6ea5'}"/>
<text x="${(BARS.label + width + 6).toFixed(1)}" y="${y + BARS.bar - 2}" font-size="12" fill="#5b6675">${bar.pages}</text></g>`;
    })
    .join('\n');
  const description = `${title}: ${bars.map((bar) => `${bar.label} ${bar.pages}`).join(', ')}.`;
  return `<svg class="bar-chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc">
<title id="${id}-title">${escapeHtml(title)}</title>
<desc id="${id}-desc">${escapeHtml(description)}</desc>
<line x1="${BARS.label}" y1="0" x2="${BARS.label}" y2="${height}" stroke="#e3e7ec" stroke-width="1"/>
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
