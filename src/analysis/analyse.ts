import { gather } from './fetch/gather.js';
import type { GatherDependencies } from './fetch/gather.js';
import { judge } from './judge.js';
import { DEFAULT_ANALYSER_OPTIONS } from './options.js';
import type { AnalyserOptions } from './options.js';
import type { AnalysisResults } from './types.js';

/**
 * The whole analysis of one URL: gather (network, bounded) then judge (pure).
 * Throws AnalysisError when the page cannot be judged.
 */
export async function analyse(
  url: string,
  options: AnalyserOptions = DEFAULT_ANALYSER_OPTIONS,
  dependencies?: GatherDependencies,
): Promise<AnalysisResults> {
  const snapshot = await gather(url, options, dependencies);
  return judge(snapshot);
}
