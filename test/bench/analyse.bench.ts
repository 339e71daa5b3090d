import { judge } from '../../src/analysis/index.js';
import { snapshotOf } from '../support/snapshot-fixture.js';

/**
 * CPU cost of judging one page (parse + every check + score) on a ~500 KB realistic
 * document, target median under 50 ms; and on 1 MB pages of deeply nested unclosed
 * tags, which once took 75 s, target under 1 s each. Run with `npm run bench:analyse`.
 */

const TARGET_MS = 50;
const PATHOLOGICAL_TARGET_MS = 1_000;
const PATHOLOGICAL_RUNS = 7;
const RUNS = 40;
const WARM_UP_RUNS = 5;
// 500 KiB, so the page is at least "500 KB" whichever unit one reads.
const TARGET_BYTES = 512_000;

function section(n: number): string {
  const paragraph =
    `Section ${n} explains how the audit treats pages like this one: it fetches the HTML once, ` +
    `parses it into a tree, and runs every check on that tree, so a large page costs little more ` +
    `than a small one. Teams read the findings, fix what matters first and compare results later. `;
  return `<article class="post" id="post-${n}" data-index="${n}">
<h2>Article ${n}: what the audit found on this page</h2>
<p class="lead">${paragraph}</p>
<p>${paragraph} Read <a href="/articles/${n}">the full article ${n}</a> or <a href="/tags/audit?page=${n}">more on audits</a>.</p>
<figure><img src="/images/article-${n}.webp" alt="Illustration for article ${n}" width="800" height="450" loading="lazy"><figcaption>Figure ${n}: results over time.</figcaption></figure>
<h3>Key points of article ${n}</h3>
<ul><li>Titles and descriptions within their limits</li><li>Compressed, cached, fast HTML</li><li>Headers that protect readers</li><li>Text that answers the query</li></ul>
<table class="results"><thead><tr><th>Check</th><th>Before</th><th>After</th></tr></thead>
<tbody><tr><td>Title</td><td>failed</td><td>passed</td></tr><tr><td>Images</td><td>failed</td><td>passed</td></tr><tr><td>Speed</td><td>${n % 100} ms</td><td>${(n % 50) + 20} ms</td></tr></tbody></table>
<p>${paragraph}</p>
<div class="meta"><span class="author">By the audit team</span> <time datetime="2026-01-${String((n % 28) + 1).padStart(2, '0')}">January ${(n % 28) + 1}</time></div>
</article>
`;
}

function buildPage(): string {
  const head = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Audit articles: findings, fixes and results</title>
<meta name="description" content="Articles on what a site audit finds, how teams fix it and how the results change over time, with examples and figures.">
<link rel="canonical" href="https://example.com/pricing"><link rel="stylesheet" href="/site.css">
<script src="/app.js" defer></script></head><body><main><h1>Audit articles</h1>
`;
  const tail = '</main></body></html>\n';
  const sections: string[] = [];
  let size = head.length + tail.length;
  for (let n = 1; size < TARGET_BYTES; n++) {
    const next = section(n);
    sections.push(next);
    size += next.length;
  }
  return head + sections.join('') + tail;
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** ~1 MB pages that nest without end: the parse must stay linear in their size. */
const PATHOLOGICAL_PAGES: [string, string][] = [
  ['200,000 unclosed <div>', `<!doctype html><body>${'<div>'.repeat(200_000)}`],
  [
    'nested unclosed <b><i> (1 MB)',
    `<!doctype html><body>${'<b><i>'.repeat(170_000)}`,
  ],
  [
    'nested unclosed <a><span> (1 MB)',
    `<!doctype html><body>${'<a href="/x"><span>x'.repeat(45_000)}`,
  ],
];

const html = buildPage();
const snapshot = snapshotOf(html);
let score = 0;
for (let i = 0; i < WARM_UP_RUNS; i++) score = judge(snapshot).score;
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  times.push(cpuMs(() => (score = judge(snapshot).score)));
}
times.sort((a, b) => a - b);
const median = percentile(times, 0.5);
const format = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  [
    `page: ${Buffer.byteLength(html)} bytes (${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB), score ${score}`,
    `runs: ${RUNS} after ${WARM_UP_RUNS} warm-up`,
    `CPU per judge (parse + checks + score): median ${format(median)}, p90 ${format(percentile(times, 0.9))}, min ${format(times[0])}`,
    `target median < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}`,
  ].join('\n'),
);

console.log(
  `\npathological pages, CPU per judge over ${PATHOLOGICAL_RUNS} runs (target < ${PATHOLOGICAL_TARGET_MS} ms):`,
);
for (const [name, page] of PATHOLOGICAL_PAGES) {
  const pathological = snapshotOf(page);
  const runs: number[] = [];
  let elements = 0;
  for (let i = 0; i < PATHOLOGICAL_RUNS; i++) {
    runs.push(cpuMs(() => (elements = judge(pathological).page.dom_elements)));
  }
  runs.sort((a, b) => a - b);
  const worst = runs[runs.length - 1];
  console.log(
    `  ${name}: ${Buffer.byteLength(page)} bytes, ${elements} elements; median ${format(percentile(runs, 0.5))}, max ${format(worst)} (first run included): ${worst < PATHOLOGICAL_TARGET_MS ? 'met' : 'NOT met'}`,
  );
}
