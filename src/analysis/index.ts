/**
 * The analyser's public face: everything outside analysis/ imports from here. It runs
 * without Nest or a database: gather (network, bounded) then judge (pure).
 */
export { Analyser } from './analyser.js';
export type {
  AnalyserDependencies,
  AnalysisInputs,
  RenderedAnswer,
  RenderPage,
  RenderRequest,
} from './analyser.js';
export { JudgePool } from './judge-pool.js';
export { AnalysisError, RenderFailure, ServiceFailure } from './errors.js';
export { signalWithin } from './fetch/deadline.js';
export {
  failedRenderOutcome,
  NOT_RENDERED,
  notRenderedOutcome,
  renderedOutcome,
} from './render-outcome.js';
export { DEFAULT_ANALYSER_OPTIONS } from './options.js';
export type { AnalyserOptions } from './options.js';
export {
  AddressPolicy,
  policyOf,
  systemLookup,
  validAllowHosts,
} from './fetch/address-policy.js';
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
// The browser's proxy (src/rendering) connects through the same guard as the client.
export { guardedConnector } from './fetch/connector.js';
export { toAnalysisError } from './fetch/network-errors.js';
export type {
  FetchedResponse,
  GuardedClient,
  GuardedClientDependencies,
  ResponseHead,
} from './fetch/guarded-client.js';
export { fetchSiteFacts, gather, GATHER_EVERY_TIME } from './fetch/gather.js';
export type {
  GatherDependencies,
  SiteFacts,
  SiteFactsSource,
} from './fetch/gather.js';
export {
  ASK_EVERY_TIME,
  PROBE_CACHE_LIMITS,
  ProbeCache,
} from './fetch/probe-answers.js';
export type {
  ProbeAnswers,
  ProbeCacheLimits,
  ProbeQuestion,
} from './fetch/probe-answers.js';
export { judge, withLabScore } from './judge.js';
export { RATING_FLOORS, ratingOf } from './score.js';
export { THRESHOLDS } from './thresholds.js';
export { renderResults, terminalPalette } from './render-text.js';
export type { Palette } from './render-text.js';
export {
  ANALYSIS_ERROR_CODES,
  CATEGORIES,
  CATEGORY_NAMES,
  CHECK_CATEGORIES,
  IMPORTANCES,
  isScored,
  RATINGS,
} from './types.js';
export { CHECKS } from './checks/registry.js';
export type { Check } from './checks/registry.js';
export { CHECK_CATALOGUE_PATH } from './checks/check.js';
export type {
  AccessibilityAudit,
  AccessibilityImpact,
  AccessibilityNode,
  AccessibilityViolation,
  AnalysisErrorCode,
  AnalysisResults,
  Category,
  CategoryScore,
  CheckCategory,
  CheckResult,
  Importance,
  LinkProbe,
  LinkProbes,
  PageFacts,
  Rating,
  RedirectHop,
  RefusedByPolicy,
  RenderedDom,
  RenderChoiceOutcome,
  RenderOutcome,
  RenderingFacts,
  SideFetch,
  Snapshot,
  TargetProbe,
} from './types.js';

// Site audits: the crawl's scope, robots and sitemaps, the pages it reads, and how they are judged.
export { readAuditPage } from './site/audit-page.js';
export type {
  AuditLink,
  AuditPageFacts,
  AuditPageReading,
  AuditProbePlan,
} from './site/audit-page.js';
export {
  JUDGED_FACT_NAMES,
  PAGE_FACT_NAMES,
  judgedValue,
  pageFact,
  unreadPageFacts,
} from './site/page-facts.js';
export type {
  AnyPageFact,
  JudgedPageFacts,
  PageFactName,
  ReadPageFacts,
  RecordedPageFacts,
} from './site/page-facts.js';
export {
  compactResults,
  expandResults,
  rejudgeProbes,
  scoreOf,
} from './site/audit-results.js';
export type {
  SiteFailure,
  StoredCheck,
  StoredResults,
} from './site/audit-results.js';
export { CrawlScope, hostKeyOf, normaliseUrl } from './site/crawl-scope.js';
export {
  crawlDelayMsOf,
  crawlRobots,
  crawlRobotsRules,
  MAX_CRAWL_DELAY_MS,
  OBEY_NOTHING,
} from './site/crawl-robots.js';
export type { CrawlRobots, FetchedRobotsTxt } from './site/crawl-robots.js';
// robots.txt as Googlebot reads it; AgentRules is plain data, for a worker thread.
export {
  agentRules,
  parseRobotsTxt,
  productToken,
  robotsAllows,
  robotsVerdict,
} from './robots-txt/index.js';
export type {
  AgentRules,
  RobotsRule,
  RobotsTxt,
  RobotsVerdict,
} from './robots-txt/index.js';
export { collectSitemapUrls, SITEMAP_LIMITS } from './site/sitemap-urls.js';
export type {
  SitemapAnswer,
  SitemapLimits,
  SitemapRead,
} from './site/sitemap-urls.js';
export type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawl,
  SiteLink,
  SitePage,
} from './site/site-crawl.js';
export { judgeSite } from './site/judge-site.js';
export { judgedByBrokenLink } from './site/internal-links.js';
export { SERVICE_ERROR } from './site/site-facts.js';
export type { SiteCheckResult } from './site/judge-site.js';
export { SITE_CHECKS } from './site/registry.js';
