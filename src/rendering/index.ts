/**
 * JavaScript rendering, free of Nest and of the database: headless Chromium in a pool,
 * every request of its pages through the address policy (docs/rendering.md).
 * Everything outside rendering/ imports from here.
 */
export { Renderer, DEFAULT_RENDERER_OPTIONS } from './renderer.js';
export type {
  RendererDependencies,
  RendererOptions,
  RendererStats,
} from './renderer.js';
export { DEFAULT_RENDER_OPTIONS } from './render-page.js';
export { accessibilityRuleInfo } from './accessibility.js';
export type { AccessibilityRuleInfo } from './accessibility.js';
export { DEFAULT_PRINT_OPTIONS } from './print-pdf.js';
export type { PrintedPdf, PrintOptions } from './print-pdf.js';
export type {
  BlockedRequest,
  RawDocument,
  RefusedRequest,
  RenderedPage,
  RenderOptions,
} from './render-page.js';
export type { RenderedLink } from './rendered-links.js';
export {
  BrowserMissingError,
  RENDER_ERROR_CODES,
  RenderError,
} from './errors.js';
export type { RenderErrorCode } from './errors.js';
export { PoolClosedError } from './browser-pool.js';
export {
  assertSandboxAvailable,
  browserEnvironment,
  DEFAULT_BROWSER_SANDBOX,
  launchFailure,
  prepareBrowserLaunch,
  SandboxUnavailableError,
} from './browser-sandbox.js';
export type {
  BrowserLaunch,
  BrowserSandboxSettings,
} from './browser-sandbox.js';
export type { BrowserPoolStats } from './browser-pool.js';
export {
  assertChromiumAt,
  CHROMIUM_FLAGS,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_HEADLESS_SHELL_PATH,
  defaultRenderBrowserPath,
  policyProxyArgs,
  renderBrowserPath,
} from './chromium.js';
export { startPolicyProxy } from './policy-proxy.js';
export type { PolicyProxy, ProxyFailure } from './policy-proxy.js';
export type { ProcessId } from './browser-processes.js';
export { stillRunning } from './browser-processes.js';
export {
  analysisAnswerOf,
  analysisErrorOf,
  renderForAnalysis,
} from './analysis-answer.js';
