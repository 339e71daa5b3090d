import {
  AnalysisError,
  createGuardedClient,
  normaliseUrl,
  signalWithin,
} from '../../analysis/index.js';
import type {
  AnalyserOptions,
  FetchedResponse,
  GuardedClient,
  GuardedClientDependencies,
  SideFetch,
  TargetProbe,
} from '../../analysis/index.js';
import { HostGate } from './host-gate.js';
import type { HostPoliteness, HostTurn } from './host-gate.js';
import { isHtmlPage, PageFetcher } from './page-fetcher.js';
import type { PageAnswer, PageRequest, SideOptions } from './page-fetcher.js';

/** Probes of one page run at once. */
const PROBES_AT_ONCE = 8;
/** What a probe's own answer may take. */
const PROBE_TIMEOUT_MS = 5_000;
/** What a side request of the start may take, and read. */
const SIDE_TIMEOUT_MS = 10_000;
const SIDE_BYTES = 512 * 1024;

/**
 * The crawler's fetcher over plain HTTP: the guarded client (address policy, limits,
 * decoding) behind each host's turn. It renders nothing: RenderingPageFetcher does.
 */
export class HttpPageFetcher extends PageFetcher {
  private readonly client: GuardedClient;

  constructor(
    private readonly gate: HostGate,
    private readonly options: AnalyserOptions,
    dependencies: GuardedClientDependencies = {},
  ) {
    super();
    this.client = createGuardedClient(options, dependencies);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  async page(
    url: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
    { stillWanted }: PageRequest = {},
  ): Promise<FetchedResponse | null> {
    const turn = await this.gate.turnFor(url, politeness, stop);
    try {
      if (stillWanted && !(await stillWanted())) return null;
      return await this.client.get(url, {
        signal: signalWithin(this.options.deadlineMs, stop),
        maxBytes: this.options.maxBodyBytes,
        // As a search engine reads a page: its first bytes, judged, and the cut said.
        truncate: true,
        maxRedirects: 0,
        followRedirects: false,
        wantsBody: isHtmlPage,
      });
    } finally {
      await turn.release();
    }
  }

  /** Plain HTTP renders nothing: the answer as it is. */
  rendered(answer: PageAnswer): Promise<PageAnswer> {
    return Promise.resolve(answer);
  }

  async probe(
    urls: string[],
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe[]> {
    const answers: TargetProbe[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !stop.aborted) {
        const answer = await this.probeOne(urls[next++], politeness, stop);
        if (answer !== null && !stop.aborted) answers.push(answer);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(PROBES_AT_ONCE, urls.length) }, worker),
    );
    return answers;
  }

  private async probeOne(
    url: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe | null> {
    let turn: HostTurn;
    try {
      turn = await this.gate.turnFor(url, politeness, stop);
    } catch {
      return null;
    }
    const signal = signalWithin(PROBE_TIMEOUT_MS, stop);
    try {
      let answer = await this.client.get(url, {
        signal,
        method: 'HEAD',
        maxBytes: 0,
        maxRedirects: this.options.maxRedirects,
        readBody: false,
      });
      // Servers that refuse HEAD are asked again as a browser would; a 404 or 410 is believed.
      if (
        answer.status >= 400 &&
        answer.status !== 404 &&
        answer.status !== 410
      ) {
        answer = await this.client.get(url, {
          signal,
          maxBytes: 64 * 1024,
          maxRedirects: this.options.maxRedirects,
          readBody: false,
        });
      }
      return {
        url,
        status: answer.status,
        location: null,
        robots: answer.headers['x-robots-tag']
          ? [answer.headers['x-robots-tag']]
          : [],
        error: null,
      };
    } catch (error) {
      if (stop.aborted) return null;
      return {
        url,
        status: null,
        location: null,
        robots: [],
        error:
          error instanceof AnalysisError
            ? error.code
            : signal.aborted
              ? 'timeout'
              : 'connection',
      };
    } finally {
      await turn.release();
    }
  }

  async side(
    url: string,
    politeness: HostPoliteness,
    options: SideOptions,
    stop: AbortSignal,
  ): Promise<SideFetch> {
    stop.throwIfAborted();
    const signal = signalWithin(SIDE_TIMEOUT_MS, stop);
    try {
      const turn = await this.gate.turnFor(url, politeness, stop);
      try {
        const answer = await this.client.get(url, {
          signal,
          maxBytes: options.maxBytes ?? SIDE_BYTES,
          maxRedirects: 3,
          accept: options.accept,
          readBody: options.readBody,
        });
        return {
          url,
          status: answer.status,
          contentType: answer.headers['content-type'] ?? null,
          body:
            options.readBody === false ? null : answer.body.toString('utf8'),
          error: null,
        };
      } finally {
        await turn.release();
      }
    } catch (error) {
      stop.throwIfAborted();
      return {
        url,
        status: null,
        contentType: null,
        body: null,
        error: error instanceof AnalysisError ? error.code : 'timeout',
      };
    }
  }

  async twin(
    httpsUrl: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe | null> {
    const page = new URL(httpsUrl);
    if (page.protocol !== 'https:') return null;
    page.protocol = 'http:';
    const url = page.href;
    stop.throwIfAborted();
    const signal = signalWithin(SIDE_TIMEOUT_MS, stop);
    try {
      const turn = await this.gate.turnFor(url, politeness, stop);
      try {
        const answer = await this.client.get(url, {
          signal,
          method: 'HEAD',
          maxBytes: 0,
          maxRedirects: 0,
          followRedirects: false,
          readBody: false,
        });
        return {
          url,
          status: answer.status,
          location: answer.headers.location
            ? normaliseUrl(answer.headers.location, url)
            : null,
          robots: [],
          error: null,
        };
      } finally {
        await turn.release();
      }
    } catch (error) {
      stop.throwIfAborted();
      return {
        url,
        status: null,
        location: null,
        robots: [],
        error: error instanceof AnalysisError ? error.code : 'timeout',
      };
    }
  }
}
