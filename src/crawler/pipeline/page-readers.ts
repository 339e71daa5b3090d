import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AnalysisError } from '../../analysis/index.js';
import type { FetchedResponse } from '../../analysis/index.js';
import type { Discovery } from '../policy/crawl-policy.js';
import type { ReadingContext } from '../crawl-context.js';
import type {
  ReaderOutcome,
  ReaderTask,
  ReaderThreadData,
} from './page-reader.worker.js';
import type { DecidedDiscovery, PageReading } from './page-reading.js';

/**
 * The compiled page-reader.worker.js beside this module. Tests run this module from its
 * TypeScript source, whose sibling is in dist/ (built before the tests run).
 */
function workerFile(): URL {
  const here = import.meta.url;
  const compiled = here.endsWith('.ts')
    ? here.replace('/src/crawler/', '/dist/crawler/')
    : here;
  return new URL('./page-reader.worker.js', compiled);
}

/**
 * A module a thread can load: as given, or, when tests name a sibling of a TypeScript
 * source, its compiled copy in dist/.
 */
export function threadModule(module: URL): URL {
  if (existsSync(fileURLToPath(module))) return module;
  return new URL(module.href.replace(/\/src\/(?!.*\/src\/)/, '/dist/'));
}

/** The old generation of a reader thread: a page that needs more is recorded as too large to read. */
const READER_HEAP_MB = 320;

/**
 * How long an idle reader thread is kept: the next crawl within it finds the thread's
 * compiled code warm (about 10% less CPU a page than a new thread, test/bench/RESULTS.md),
 * for ~10-25 MB held meanwhile.
 */
export const READER_KEPT_MS = 10 * 60_000;

/**
 * Reads crawled pages on worker threads: the parse, the page checks, and every
 * decision about the URLs a page names (scope, robots.txt, depth) happen there, so a
 * huge or hostile page delays no request of the process; past its budget the thread
 * is terminated and the page is recorded with `timeout`.
 */
export class PageReaders {
  private readonly pool: Piscina;

  /**
   * One thread fewer than the cores by default: the process's own thread fetches and
   * writes meanwhile, and each thread holds a heap of its own (memory, not speed, is
   * what more threads would cost on two cores).
   */
  constructor(reading: URL, threads = Math.max(1, availableParallelism() - 1)) {
    const data: ReaderThreadData = { reading: threadModule(reading).href };
    this.pool = new Piscina({
      filename: workerFile().href,
      workerData: data,
      // None until a crawl reads its first page: an API that only serves holds no thread.
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: READER_KEPT_MS,
      // Nothing reads the pool's run and wait histograms: not recorded for every page.
      recordTiming: false,
      resourceLimits: {
        // Short-lived garbage, collected often; a page read in 5 MB needs ~200 MB at most.
        maxYoungGenerationSizeMb: 8,
        maxOldGenerationSizeMb: READER_HEAP_MB,
      },
    });
  }

  /** Reads an HTML page answered 200. Throws AnalysisError (not transient) when it cannot. */
  async read(
    crawlId: string,
    context: () => ReadingContext,
    url: string,
    depth: number | null,
    answer: FetchedResponse,
    budgetMs: number,
  ): Promise<PageReading> {
    const outcome = await this.ask(
      { kind: 'read', crawlId, url, depth, answer },
      context,
      budgetMs,
    );
    if (!('reading' in outcome)) {
      throw new Error('The reader thread answered no reading.');
    }
    return outcome.reading;
  }

  /** The keys and robots decisions of URLs the crawl names without a page (sitemaps). */
  async decide(
    crawlId: string,
    context: () => ReadingContext,
    discoveries: Discovery[],
    budgetMs: number,
  ): Promise<DecidedDiscovery[]> {
    const outcome = await this.ask(
      { kind: 'decide', crawlId, discoveries },
      context,
      budgetMs,
    );
    if (!('decided' in outcome)) {
      throw new Error('The reader thread answered no decisions.');
    }
    return outcome.decided;
  }

  /** Asks a thread; one that does not hold the crawl's context yet is asked again with it. */
  private async ask(
    task: ReaderTask,
    context: () => ReadingContext,
    budgetMs: number,
  ): Promise<Exclude<ReaderOutcome, { needsContext: true }>> {
    const signal = AbortSignal.timeout(Math.max(0, Math.floor(budgetMs)));
    let outcome = await this.run(task, signal);
    if ('needsContext' in outcome) {
      outcome = await this.run({ ...task, context: context() }, signal);
    }
    if ('needsContext' in outcome) {
      throw new Error('The reader thread refused the context it was given.');
    }
    if ('error' in outcome) {
      throw new AnalysisError(
        outcome.error.code as AnalysisError['code'],
        outcome.error.message,
        false,
      );
    }
    return outcome;
  }

  private async run(
    task: ReaderTask,
    signal: AbortSignal,
  ): Promise<ReaderOutcome> {
    try {
      return (await this.pool.run(task, { signal })) as ReaderOutcome;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new AnalysisError(
          'too_large',
          'Reading the page takes more memory than a reader thread has.',
          false,
        );
      }
      if (signal.aborted) {
        // Not transient: the same page would take as long again.
        throw new AnalysisError(
          'timeout',
          'Reading the page took longer than its budget.',
          false,
        );
      }
      throw error;
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
