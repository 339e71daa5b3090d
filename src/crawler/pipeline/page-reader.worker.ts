import { workerData } from 'node:worker_threads';
import type { SiteFacts, TargetProbe } from '../../analysis/index.js';
import { AnalysisError } from '../../analysis/index.js';
import type { PageAnswer } from '../fetch/page-fetcher.js';
import { CrawlPolicy } from '../policy/crawl-policy.js';
import type { ReadingContext } from '../crawl-context.js';
import { decided, readPage } from './page-reading.js';
import type {
  DecidedDiscovery,
  PageReading,
  ReadCrawledPage,
} from './page-reading.js';

/** What PageReaders gives each thread: the module of the owner's reading. */
export interface ReaderThreadData {
  reading: string;
}

let ownersReading: Promise<ReadCrawledPage> | null = null;

/** The owner's reading, loaded once a thread, when its first page comes. */
function ownersReadingOf(): Promise<ReadCrawledPage> {
  ownersReading ??= import((workerData as ReaderThreadData).reading).then(
    (module: { default: ReadCrawledPage }) => module.default,
  );
  return ownersReading;
}

/** What a reader thread is asked: the context goes along only when the thread asked for it. */
export type ReaderTask =
  | {
      kind: 'read';
      crawlId: string;
      context?: ReadingContext;
      url: string;
      depth: number | null;
      answer: PageAnswer;
    }
  | {
      kind: 'decide';
      crawlId: string;
      context?: ReadingContext;
      discoveries: Array<Parameters<typeof decided>[0]>;
    };

/** What a reader thread answers; errors cross threads as data, keeping their code. */
export type ReaderOutcome =
  | { needsContext: true }
  | { reading: PageReading }
  | { decided: DecidedDiscovery[] }
  | { error: { code: string; message: string } };

/** Contexts a thread keeps: crawls in flight in one process at once are few. */
const KEPT_AT_MOST = 32;
const kept = new Map<
  string,
  { policy: CrawlPolicy; site: SiteFacts; twin: TargetProbe | null }
>();

function contextOf(crawlId: string, sent?: ReadingContext) {
  if (sent) {
    kept.delete(crawlId);
    if (kept.size >= KEPT_AT_MOST) kept.delete(kept.keys().next().value!);
    kept.set(crawlId, { ...sent, policy: new CrawlPolicy(sent.policy) });
  }
  return kept.get(crawlId) ?? null;
}

/** A body that crossed the thread boundary arrives as a Uint8Array: the analyser reads Buffers. */
function asBuffer(body: Uint8Array): Buffer {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The entry of a reader thread (PageReaders): every parse of a crawled page and every decision about its URLs happen here. */
export default async function readOnThread(
  task: ReaderTask,
): Promise<ReaderOutcome> {
  const context = contextOf(task.crawlId, task.context);
  if (context === null) return { needsContext: true };
  try {
    if (task.kind === 'decide') {
      return {
        decided: task.discoveries.map((d) => decided(d, context.policy)),
      };
    }
    const answer = { ...task.answer, body: asBuffer(task.answer.body) };
    return {
      reading: await readPage(
        task.url,
        answer,
        task.depth,
        context.policy,
        context.site,
        context.twin,
        await ownersReadingOf(),
      ),
    };
  } catch (error) {
    if (error instanceof AnalysisError) {
      return { error: { code: error.code, message: error.message } };
    }
    throw error;
  }
}
