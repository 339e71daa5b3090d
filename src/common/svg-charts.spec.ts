import { parseDocument } from 'htmlparser2';
import { findAll, findOne } from 'domutils';
import type { Element } from 'domhandler';
import { scoreChart } from './svg-charts.js';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 8));

function parse(svg: string) {
  const document = parseDocument(svg, { xmlMode: true });
  const named = (name: string) =>
    findAll((e: Element) => e.name === name, document.children);
  return { document, named };
}

describe('scoreChart', () => {
  it('draws nothing for fewer than two runs', () => {
    expect(scoreChart([])).toBe('');
    expect(scoreChart([{ run: 1, score: 90, finishedAt: at(1) }])).toBe('');
  });

  it('joins the scores oldest first, a point per run, higher scores higher', () => {
    const svg = scoreChart([
      { run: 3, score: 90, finishedAt: at(1) },
      { run: 4, score: 40, finishedAt: at(2) },
      { run: 6, score: 65, finishedAt: at(3) },
    ]);
    const { named } = parse(svg);
    const [polyline] = named('polyline');
    const points = polyline.attribs.points
      .split(' ')
      .map((pair) => pair.split(',').map(Number));
    expect(points).toHaveLength(3);
    const [x, y] = [points.map((p) => p[0]), points.map((p) => p[1])];
    expect(x[0]).toBeLessThan(x[1]);
    expect(x[1]).toBeLessThan(x[2]);
    // SVG's y grows downwards: 90 above 65 above 40.
    expect(y[0]).toBeLessThan(y[2]);
    expect(y[2]).toBeLessThan(y[1]);
    const circles = named('circle');
    expect(
      circles.map((c) => [Number(c.attribs.cx), Number(c.attribs.cy)]),
    ).toEqual(points);
    expect(circles.map((c) => c.attribs.fill)).toEqual([
      '#1a7f37',
      '#cf222e',
      '#9a6700',
    ]);
    const svgElement = named('svg')[0];
    expect(svgElement.attribs.role).toBe('img');
    expect(svgElement.attribs.viewBox).toBe('0 0 320 120');
    // Scales to its container: no fixed width or height.
    expect(svgElement.attribs.width).toBeUndefined();
    const desc = findOne((e: Element) => e.name === 'desc', [svgElement]);
    expect(
      desc?.children.map((c) => ('data' in c ? c.data : '')).join(''),
    ).toBe(
      'Scores of the last 3 completed runs, oldest first: 90 (run 3, 2026-11-01), 40 (run 4, 2026-11-02), 65 (run 6, 2026-11-03).',
    );
    expect(svgElement.attribs['aria-labelledby']).toBe(
      'score-history-title score-history-desc',
    );
  });

  it('holds no script, no style attribute and nothing unescaped', () => {
    const svg = scoreChart([
      { run: 1, score: 0, finishedAt: at(1) },
      { run: 2, score: 100, finishedAt: at(2) },
    ]);
    expect(svg).not.toMatch(/<script|style=|on\w+=|javascript:/i);
    const { named } = parse(svg);
    const ys = named('circle').map((c) => Number(c.attribs.cy));
    // 0 sits on the lowest grid line, 100 on the highest.
    const grid = named('line').map((l) => Number(l.attribs.y1));
    expect(ys[0]).toBe(Math.max(...grid));
    expect(ys[1]).toBe(Math.min(...grid));
  });
});
