/**
 * The analyser's public face: everything outside analysis/ imports from here. It runs
 * without Nest or a database: gather (network, bounded) then judge (pure).
 */
export { Analyser } from './analyser.js';
export type { AnalyserDependencies } from './analyser.js';
export { JudgePool } from './judge-pool.js';
export { AnalysisError } from './errors.js';
export { DEFAULT_ANALYSER_OPTIONS } from './options.js';
export type { AnalyserOptions } from './options.js';
export { AddressPolicy, validAllowHosts } from './fetch/address-policy.js';
export type { Lookup } from './fetch/address-policy.js';
export {
  InvalidTargetUrlError,
  normaliseTargetUrl,
  parseTargetUrl,
  projectOf,
  TARGET_URL_MAX_LENGTH,
  targetUrlProblem,
} from './fetch/target-url.js';
export { assertTargetAllowed } from './fetch/target-url.js';
export { createGuardedClient } from './fetch/guarded-client.js';
export type {
  FetchedResponse,
  GuardedClient,
  GuardedClientDependencies,
  ResponseHead,
} from './fetch/guarded-client.js';
export { gather } from './fetch/gather.js';
export type { GatherDependencies } from './fetch/gather.js';
export { judge } from './judge.js';
export { RATING_FLOORS, ratingOf } from './score.js';
export { renderResults } from './render-text.js';
export {
  ANALYSIS_ERROR_CODES,
  CATEGORIES,
  CATEGORY_NAMES,
  IMPORTANCES,
  RATINGS,
} from './types.js';
export { CHECKS } from './checks/registry.js';
export type { Check } from './checks/registry.js';
export { CHECK_CATALOGUE_PATH } from './checks/check.js';
export type {
  AnalysisErrorCode,
  AnalysisResults,
  Category,
  CategoryScore,
  CheckResult,
  Importance,
  LinkProbe,
  LinkProbes,
  PageFacts,
  Rating,
  Snapshot,
  TargetProbe,
} from './types.js';
