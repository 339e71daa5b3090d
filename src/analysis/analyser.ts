import { policyOf } from './fetch/address-policy.js';
import type { AddressPolicy } from './fetch/address-policy.js';
import { gather, gatherParsed } from './fetch/gather.js';
import type { GatherDependencies, SiteFactsSource } from './fetch/gather.js';
import type { FetchedResponse } from './fetch/guarded-client.js';
import { processProbeAnswers } from './fetch/probe-answers.js';
import type { ProbeAnswers } from './fetch/probe-answers.js';
import { assertTargetAllowed } from './fetch/target-url.js';
import { judge } from './judge.js';
import type { JudgePool } from './judge-pool.js';
import { DEFAULT_ANALYSER_OPTIONS } from './options.js';
import type { AnalyserOptions } from './options.js';
import { AnalysisError } from './errors.js';
import type { AnalysisResults, RenderedDom } from './types.js';

/** A page as a browser rendered it: its raw answer and its DOM once the scripts ran. */
export interface RenderedAnswer {
  page: FetchedResponse;
  rendered: RenderedDom;
}

/** What a caller that has already asked for the page hands its render. */
export interface RenderRequest {
  /**
   * The document's own answer, fetched through the guarded client: the browser is
   * served it instead of asking the site for it again.
   */
  document?: FetchedResponse;
  /**
   * Waited for before each request of the page goes out (its host's turn); the
   * function it answers is called when that request ends; null: no turn needed.
   */
  hostTurn?: (
    url: string,
    ended: AbortSignal,
  ) => Promise<(() => Promise<void>) | null>;
  /** The crawl the page is one of: its renders share kept, cleared contexts and a cache. */
  session?: string;
  /** Requests of the page not to make (robots.txt): aborted in the browser. */
  blocked?: (url: string) => boolean;
}

/**
 * Renders a URL in a browser that obeys the address policy (src/rendering); throws
 * AnalysisError when the browser gives no page.
 */
export type RenderPage = (
  url: string,
  request?: RenderRequest,
) => Promise<RenderedAnswer>;

export interface AnalyserDependencies extends Omit<
  GatherDependencies,
  'policy' | 'planProbes' | 'page'
> {
  /** Judges on worker threads within the deadline; without it, judging runs inline. */
  judgePool?: JudgePool;
  /** How a page is rendered when an analysis asks for it; without it, render: true fails. */
  render?: RenderPage;
}

/**
 * What one analysis may be handed instead of asking the network, each replacing the
 * analyser's own for this analysis only: a site audit hands the page its crawl
 * fetched, the answers its crawl has (and a memo of the rest), and the facts of the
 * site it gathered once.
 */
export interface AnalysisInputs {
  /** The page as already fetched (its final answer, read whole): it is not asked again. */
  page?: FetchedResponse;
  probeAnswers?: ProbeAnswers;
  siteFacts?: SiteFactsSource;
  /** Judge the page as a browser renders it (its raw answer kept for status and headers). */
  render?: boolean;
}

/**
 * The analyser on one configuration: its address policy is built once and guards both
 * the check of a submitted URL and every connection of every analysis. The answers of
 * the URLs pages point to are kept a short while, in its own part of the process's
 * probe cache, unless it is given answers of its own (`probeAnswers`).
 */
export class Analyser {
  private readonly policy: AddressPolicy;
  private readonly probeAnswers: ProbeAnswers;

  constructor(
    readonly options: AnalyserOptions = DEFAULT_ANALYSER_OPTIONS,
    private readonly dependencies: AnalyserDependencies = {},
  ) {
    this.policy = policyOf(options);
    this.probeAnswers = dependencies.probeAnswers ?? processProbeAnswers();
  }

  /** Throws AnalysisError('blocked') when the URL's host resolves to a refused address. */
  assertAllowed(url: URL): Promise<void> {
    return assertTargetAllowed(url, this.policy, this.dependencies.lookup);
  }

  /**
   * The whole analysis of one URL: gather (network, bounded) then judge (pure), all
   * within the deadline when a judge pool is given. Throws AnalysisError when the
   * page cannot be judged.
   */
  async analyse(
    url: string,
    inputs: AnalysisInputs = {},
  ): Promise<AnalysisResults> {
    const { judgePool, render, ...own } = this.dependencies;
    // A render has its own time cap: the deadline is that of what follows it.
    const rendered = inputs.render ? await this.renderWith(render, url) : null;
    const started = performance.now();
    const left = () => this.options.deadlineMs - (performance.now() - started);
    const dependencies: GatherDependencies = {
      ...own,
      policy: this.policy,
      probeAnswers: inputs.probeAnswers ?? this.probeAnswers,
      siteFacts: inputs.siteFacts ?? own.siteFacts,
      page: rendered?.page ?? inputs.page,
      rendered: rendered?.rendered,
    };
    if (!judgePool) {
      const { snapshot, page } = await gatherParsed(
        url,
        this.options,
        dependencies,
      );
      return judge(snapshot, page);
    }
    // Every parse on a judge thread: the probe plan first, then the judgement.
    const snapshot = await gather(url, this.options, {
      ...dependencies,
      planProbes: (fetched) => judgePool.plan(fetched, left()),
    });
    return judgePool.judge(snapshot, left());
  }

  /** Whether this analyser can render pages (render: true). */
  get canRender(): boolean {
    return this.dependencies.render !== undefined;
  }

  private async renderWith(
    render: RenderPage | undefined,
    url: string,
  ): Promise<RenderedAnswer> {
    if (!render) {
      throw new AnalysisError(
        'render_failed',
        'This process renders no pages: it was started without a browser.',
      );
    }
    return render(url);
  }
}
