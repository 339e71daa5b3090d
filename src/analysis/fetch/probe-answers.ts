import { performance } from 'node:perf_hooks';
import type { TargetProbe } from '../types.js';

/**
 * A question about one URL the page points to: that URL's own answer, its redirect
 * not followed. With `robots` the answer must carry the robots directives of its HTML
 * (the canonical target's), so it is asked with GET and the head of its body read;
 * without, HEAD is enough.
 */
export interface ProbeQuestion {
  url: string;
  robots: boolean;
}

/**
 * Where an analysis gets the answers of the URLs a page points to: its links and
 * subresources (and each hop of their redirects), its canonical target, and the
 * http:// twin of an https page. `ask` puts the question to the network, through the
 * analysis's guarded client and within its deadline, and never throws (a failure is
 * an answer with its error code). An implementation may answer from elsewhere (a
 * recent answer, a crawl's own) or share one ask among analyses. An answer given with
 * robots serves a question without them, never the reverse.
 */
export interface ProbeAnswers {
  answer(
    question: ProbeQuestion,
    ask: () => Promise<TargetProbe>,
  ): Promise<TargetProbe>;
}

/** Every question put to the network: what gathering does when given no answers. */
export const ASK_EVERY_TIME: ProbeAnswers = {
  answer: (_question, ask) => ask(),
};

export interface ProbeCacheLimits {
  /** How long an answer is kept: long enough for the pages of one site analysed together. */
  ttlMs: number;
  /** Answers kept at most (the oldest go first). */
  maxEntries: number;
  /** An answer larger than this (its URL, Location and robots directives) is not kept. */
  maxAnswerChars: number;
}

export const PROBE_CACHE_LIMITS: ProbeCacheLimits = {
  // A batch of a site's pages shares its navigation's answers; a fix shows after 30 s.
  ttlMs: 30_000,
  // About 2 to 4 MB: the links of 200 pages of 50 links each.
  maxEntries: 10_000,
  maxAnswerChars: 4_096,
};

interface Kept {
  answer: TargetProbe;
  robots: boolean;
  expires: number;
}

interface Asking {
  answer: Promise<TargetProbe>;
  robots: boolean;
}

/**
 * Recent answers, kept a short while and bounded in number and size, and questions
 * being asked, shared: concurrent analyses asking for one URL make one request. A
 * timeout is never kept (it says more of the deadline it ran into than of the URL),
 * and one shared with a waiting analysis makes that analysis ask for itself.
 *
 * Answers depend on who asks (the address policy, the client's certificates), so an
 * analyser keeps its answers in a part of its own (`part()`).
 */
export class ProbeCache {
  private readonly kept = new Map<string, Kept>();
  private readonly asking = new Map<string, Asking>();
  private parts = 0;

  constructor(
    private readonly limits: ProbeCacheLimits = PROBE_CACHE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Answers kept now, expired ones not yet dropped included. */
  get size(): number {
    return this.kept.size;
  }

  /** A part of the cache of its own: answers kept in one part never serve another. */
  part(): ProbeAnswers {
    const prefix = `${++this.parts} `;
    return {
      answer: (question, ask) => this.answer(prefix, question, ask),
    };
  }

  private async answer(
    prefix: string,
    question: ProbeQuestion,
    ask: () => Promise<TargetProbe>,
  ): Promise<TargetProbe> {
    const key = prefix + question.url;
    const kept = this.recent(key, question.robots);
    if (kept !== null) return kept;
    const pending = this.asking.get(key);
    if (pending !== undefined && (pending.robots || !question.robots)) {
      const shared = await pending.answer;
      return shared.error === 'timeout' ? ask() : shared;
    }
    const asking: Asking = { answer: ask(), robots: question.robots };
    this.asking.set(key, asking);
    try {
      const answer = await asking.answer;
      this.keep(key, answer, question.robots);
      return answer;
    } finally {
      if (this.asking.get(key) === asking) this.asking.delete(key);
    }
  }

  private recent(key: string, robots: boolean): TargetProbe | null {
    const kept = this.kept.get(key);
    if (kept === undefined) return null;
    if (kept.expires <= this.now()) {
      this.kept.delete(key);
      return null;
    }
    return kept.robots || !robots ? kept.answer : null;
  }

  private keep(key: string, answer: TargetProbe, robots: boolean): void {
    if (
      answer.error === 'timeout' ||
      sizeOf(key, answer) > this.limits.maxAnswerChars
    )
      return;
    const now = this.now();
    // Every answer lives as long, so the Map's order (oldest first) is also the order they expire in.
    this.kept.delete(key);
    for (const [oldest, { expires }] of this.kept) {
      if (expires > now && this.kept.size < this.limits.maxEntries) break;
      this.kept.delete(oldest);
    }
    this.kept.set(key, { answer, robots, expires: now + this.limits.ttlMs });
  }
}

function sizeOf(key: string, answer: TargetProbe): number {
  return (
    key.length +
    (answer.location?.length ?? 0) +
    answer.robots.reduce((chars, directives) => chars + directives.length, 0)
  );
}

let processCache: ProbeCache | null = null;

/**
 * A part of the process's one probe cache: what an analyser uses when given no
 * answers of its own. One cache per process bounds the memory of every analyser in it.
 */
export function processProbeAnswers(): ProbeAnswers {
  processCache ??= new ProbeCache();
  return processCache.part();
}
