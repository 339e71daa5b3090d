import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  Analyser,
  ASK_EVERY_TIME,
  DEFAULT_ANALYSER_OPTIONS,
  JudgePool,
} from '../../src/analysis/index.js';
import type { AnalysisInputs } from '../../src/analysis/index.js';

/**
 * What a page's links cost an analysis, end to end (fetch, side fetches, link probes,
 * judging on a judge thread, as a worker runs it): the median time per page of a page
 * with 50 links on a loopback site, beside the same page with none (target: at most
 * 1.5 times), with the links' answers asked of the site every time ("cold") and as
 * the analyser keeps them between analyses ("warm"); then the analyser's resident
 * memory over 2,000 analyses of pages whose links are all new URLs, 8 at a time,
 * after 2,000 that let the judge threads' heaps and the allocator reach their working
 * size, which took about 3,000 analyses in a run of 12,000 (target: flat). Part of
 * `npm run bench:analyse`, run with --expose-gc.
 *
 * Environment: BENCH_PAGE_RUNS (analyses of each page, default 100),
 * BENCH_MEMORY_ANALYSES (default 2,000).
 */

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 100);
const WARM_UP = 10;
const MEMORY_ANALYSES = Number(process.env.BENCH_MEMORY_ANALYSES ?? 2_000);
const MEMORY_WARM_UP = 2_000;
const MEMORY_CONCURRENCY = 8;
const MEMORY_SAMPLES = 8;
const TARGET_RATIO = 1.5;

interface Site {
  origin: string;
  stop(): Promise<void>;
}

async function startSite(): Promise<Site> {
  const child: ChildProcess = fork(new URL('./link-site.js', import.meta.url));
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) =>
      resolve((message as { origin: string }).origin),
    );
    child.once('error', reject);
  });
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Analyses the two pages in turn, so both meet the same load; the medians of each. */
async function timePages(
  analyser: Analyser,
  origin: string,
  inputs: AnalysisInputs,
): Promise<{ links: number[]; none: number[] }> {
  const withLinks = `${origin}/page?links=50`;
  const withoutLinks = `${origin}/page?links=0`;
  for (let i = 0; i < WARM_UP; i++) {
    await analyser.analyse(withLinks, inputs);
    await analyser.analyse(withoutLinks, inputs);
  }
  const links: number[] = [];
  const none: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    links.push(await timed(() => analyser.analyse(withLinks, inputs)));
    none.push(await timed(() => analyser.analyse(withoutLinks, inputs)));
  }
  return {
    links: links.sort((a, b) => a - b),
    none: none.sort((a, b) => a - b),
  };
}

interface MemorySample {
  rss: number;
  /** The main thread's heap after a full collection (`--expose-gc`), else as found. */
  heap: number;
}

function sampleMemory(): MemorySample {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

/** Analyses `count` pages whose 50 links are new URLs every time, 8 at a time. */
async function analyseNewPages(
  analyser: Analyser,
  origin: string,
  count: number,
  set: string,
  onDone: (done: number) => void = () => undefined,
): Promise<void> {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: MEMORY_CONCURRENCY }, async () => {
      while (next < count) {
        const n = next++;
        await analyser.analyse(`${origin}/page?links=50&set=${set}${n}`);
        onDone(++done);
      }
    }),
  );
}

/** Resident memory while analysing pages whose 50 links are new URLs every time. */
async function memoryOver(
  analyser: Analyser,
  origin: string,
): Promise<MemorySample[]> {
  // The judge threads' heaps grow to their working size first: not what is measured.
  await analyseNewPages(analyser, origin, MEMORY_WARM_UP, 'w');
  const samples = [sampleMemory()];
  const every = MEMORY_ANALYSES / MEMORY_SAMPLES;
  await analyseNewPages(analyser, origin, MEMORY_ANALYSES, 'm', (done) => {
    if (done % every === 0) samples.push(sampleMemory());
  });
  return samples;
}

async function main(): Promise<void> {
  const site = await startSite();
  const judgePool = new JudgePool();
  const analyser = new Analyser(
    { ...DEFAULT_ANALYSER_OPTIONS, allowHosts: ['127.0.0.1'] },
    { judgePool },
  );
  try {
    console.log(
      `\nlink probes, end to end per page (${RUNS} analyses of each after ${WARM_UP} warm-up, one at a time, judged on a judge thread):`,
    );
    const rounds: [string, AnalysisInputs][] = [
      [
        'cold, every answer asked of the site',
        { probeAnswers: ASK_EVERY_TIME },
      ],
      ['warm, answers kept between analyses (the default)', {}],
    ];
    for (const [name, inputs] of rounds) {
      const { links, none } = await timePages(analyser, site.origin, inputs);
      const ratio = percentile(links, 0.5) / percentile(none, 0.5);
      console.log(
        [
          `  ${name}:`,
          `    50 links: median ${format(percentile(links, 0.5))}, p90 ${format(percentile(links, 0.9))}`,
          `    no links: median ${format(percentile(none, 0.5))}, p90 ${format(percentile(none, 0.9))}`,
          `    ratio of the medians ${ratio.toFixed(2)} (target at most ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`,
        ].join('\n'),
      );
    }
    const samples = await memoryOver(analyser, site.origin);
    const rss = samples.map((sample) => sample.rss);
    const heap = samples.map((sample) => sample.heap);
    console.log(
      [
        `\nmemory over ${MEMORY_ANALYSES} analyses after ${MEMORY_WARM_UP} (${MEMORY_CONCURRENCY} at a time, every page's 50 links new URLs), every ${MEMORY_ANALYSES / MEMORY_SAMPLES}:`,
        `  resident (process, judge threads included): ${rss.map(megabytes).join(', ')}`,
        `    first to last ${megabytes(rss.at(-1)! - rss[0])}, highest ${megabytes(Math.max(...rss))}`,
        `  main thread's heap${(globalThis as { gc?: unknown }).gc ? ' after a full collection' : ' (run node with --expose-gc to collect first)'}: ${heap.map(megabytes).join(', ')}`,
      ].join('\n'),
    );
  } finally {
    await judgePool.close();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
