import { RATING_FLOORS, ratingOf } from '../../analysis/index.js';
import { escapeHtml } from '../../common/html-page.js';
import type { ScorePoint } from '../runs/report-runs.repository.js';

/**
 * A report's score history as an inline SVG line chart: no script, no style
 * attribute (the page's Content-Security-Policy allows neither), only presentation
 * attributes; it scales to its container's width, so it fits a phone's screen.
 */

const WIDTH = 320;
const HEIGHT = 120;
const LEFT = 30;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 22;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

const COLOURS = { good: '#1a7f37', decent: '#9a6700', bad: '#cf222e' };

function yOf(score: number): number {
  return TOP + ((100 - Math.max(0, Math.min(100, score))) / 100) * PLOT_HEIGHT;
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
    x: LEFT + i * step,
    y: yOf(point.score),
  }));
  const line = placed
    .map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(' ');
  const grid = [0, RATING_FLOORS.decent, RATING_FLOORS.good, 100]
    .map((score) => {
      const y = yOf(score).toFixed(1);
      return `<line x1="${LEFT}" y1="${y}" x2="${WIDTH - RIGHT}" y2="${y}" stroke="#e3e7ec" stroke-width="1"/>
<text x="${LEFT - 6}" y="${y}" dy="4" text-anchor="end" font-size="10" fill="#5b6675">${score}</text>`;
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
  return `<svg class="score-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="score-history-title score-history-desc">
<title id="score-history-title">Score history</title>
<desc id="score-history-desc">${escapeHtml(description)}</desc>
${grid}
<polyline points="${line}" fill="none" stroke="#1c2430" stroke-width="2" stroke-linejoin="round"/>
${dots}
<text x="${LEFT}" y="${HEIGHT - 6}" font-size="10" fill="#5b6675">${escapeHtml(dayOf(first.finishedAt))}</text>
<text x="${WIDTH - RIGHT}" y="${HEIGHT - 6}" text-anchor="end" font-size="10" fill="#5b6675">${escapeHtml(dayOf(last.finishedAt))}</text>
</svg>`;
}
