import { AddressPolicy } from './fetch/address-policy.js';
import { gather, gatherParsed } from './fetch/gather.js';
import type { GatherDependencies } from './fetch/gather.js';
import { assertTargetAllowed } from './fetch/target-url.js';
import { judge } from './judge.js';
import type { JudgePool } from './judge-pool.js';
import { DEFAULT_ANALYSER_OPTIONS } from './options.js';
import type { AnalyserOptions } from './options.js';
import type { AnalysisResults } from './types.js';

export interface AnalyserDependencies extends Omit<
  GatherDependencies,
  'policy' | 'planProbes'
> {
  /** Judges on worker threads within the deadline; without it, judging runs inline. */
  judgePool?: JudgePool;
}

/**
 * The analyser on one configuration: its address policy is built once and guards both
 * the check of a submitted URL and every connection of every analysis.
 */
export class Analyser {
  private readonly policy: AddressPolicy;

  constructor(
    readonly options: AnalyserOptions = DEFAULT_ANALYSER_OPTIONS,
    private readonly dependencies: AnalyserDependencies = {},
  ) {
    this.policy = new AddressPolicy(options.allowHosts);
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
  async analyse(url: string): Promise<AnalysisResults> {
    const started = performance.now();
    const left = () => this.options.deadlineMs - (performance.now() - started);
    const { judgePool, ...dependencies } = this.dependencies;
    if (!judgePool) {
      const { snapshot, page } = await gatherParsed(url, this.options, {
        ...dependencies,
        policy: this.policy,
      });
      return judge(snapshot, page);
    }
    // Every parse on a judge thread: the probe plan first, then the judgement.
    const snapshot = await gather(url, this.options, {
      ...dependencies,
      policy: this.policy,
      planProbes: (fetched) => judgePool.plan(fetched, left()),
    });
    return judgePool.judge(snapshot, left());
  }
}
