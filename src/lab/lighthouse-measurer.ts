import { launch } from 'chrome-launcher';
import type { LaunchedChrome } from 'chrome-launcher';
import {
  AddressPolicy,
  parseTargetUrl,
  systemLookup,
} from '../analysis/index.js';
import type { Lookup } from '../analysis/index.js';
import {
  assertChromiumAt,
  BrowserMissingError,
  DEFAULT_BROWSER_SANDBOX,
  DEFAULT_CHROMIUM_PATH,
  launchFailure,
  policyProxyArgs,
  prepareBrowserLaunch,
  SandboxUnavailableError,
  startPolicyProxy,
} from '../rendering/index.js';
import type {
  BrowserLaunch,
  BrowserSandboxSettings,
} from '../rendering/index.js';
import { lighthouseRuns } from './lighthouse-process.js';
import { labResultOf, runFailureOf } from './lighthouse-result.js';
import type { LighthouseRunReport } from './lighthouse-result.js';
import { LabError } from './lab-result.js';
import type { LabMeasurer, LabResult } from './lab-result.js';
import { LAB_LOCK_NAME, withMachineLock } from './machine-lock.js';

/** Runs of a measure: 3 by default; at most 5, the median Lighthouse's docs call stable. */
export const DEFAULT_LAB_RUNS = 3;
export const MAX_LAB_RUNS = 5;

export interface LighthouseMeasurerOptions {
  /** ANALYZER_ALLOW_HOSTS: what the address policy lets through, as for the renderer. */
  allowHosts: readonly string[];
  /** Chromium's executable (CHROMIUM_PATH); Debian's by default. */
  executablePath: string;
  /** One run's cap, page load and Lighthouse's analysis of its trace together. */
  runTimeoutMs: number;
  /** Bound of each connection the proxy opens for the page. */
  connectTimeoutMs: number;
  /** The machine-wide lock runs take turns on; tests name their own. */
  lockName: string;
  /** BROWSER_SANDBOX and BROWSER_USER, as for renders. */
  sandbox: BrowserSandboxSettings;
}

export const DEFAULT_LIGHTHOUSE_MEASURER_OPTIONS: LighthouseMeasurerOptions = {
  allowHosts: [],
  executablePath: DEFAULT_CHROMIUM_PATH,
  runTimeoutMs: 90_000,
  connectTimeoutMs: 10_000,
  lockName: LAB_LOCK_NAME,
  sandbox: DEFAULT_BROWSER_SANDBOX,
};

/**
 * The lab browser's flags: Debian's Chromium headless and sandboxed as the renderer
 * runs it (chrome-launcher adds Lighthouse's own: no extensions, no background
 * networking), QUIC off, and every request through the policy proxy.
 */
export function labChromiumFlags(proxyUrl: string): string[] {
  return [
    '--headless=new',
    '--disable-gpu',
    '--disable-quic',
    ...policyProxyArgs(proxyUrl),
  ];
}

/**
 * Measures a page with Lighthouse (performance only, its default mobile emulation and
 * simulated throttling) in a Chromium whose every request goes through the address
 * policy's proxy. The runs of a measure share one browser (Lighthouse clears its
 * cache and storage before each); one measure at a time per machine.
 */
export class LighthouseMeasurer implements LabMeasurer {
  private readonly options: LighthouseMeasurerOptions;
  private readonly policy: AddressPolicy;
  private readonly lookup: Lookup;

  constructor(
    options: Partial<LighthouseMeasurerOptions> = {},
    dependencies: { lookup?: Lookup } = {},
  ) {
    this.options = { ...DEFAULT_LIGHTHOUSE_MEASURER_OPTIONS, ...options };
    this.policy = new AddressPolicy(this.options.allowHosts);
    this.lookup = dependencies.lookup ?? systemLookup;
  }

  async measure(
    url: string,
    options: { runs: number; signal?: AbortSignal },
  ): Promise<LabResult> {
    const { runs, signal } = options;
    if (!Number.isInteger(runs) || runs < 1 || runs > MAX_LAB_RUNS) {
      throw new RangeError(`runs must be 1 to ${MAX_LAB_RUNS}, not ${runs}.`);
    }
    let target: string;
    try {
      target = parseTargetUrl(url).href;
    } catch (error) {
      throw new LabError('failed', (error as Error).message);
    }
    try {
      await assertChromiumAt(this.options.executablePath);
    } catch (error) {
      if (error instanceof BrowserMissingError) {
        throw new LabError('browser_missing', error.message);
      }
      throw error;
    }
    return await withMachineLock(
      () => this.measureHeld(target, runs, signal),
      this.options.lockName,
      signal,
    );
  }

  private async measureHeld(
    url: string,
    runs: number,
    signal?: AbortSignal,
  ): Promise<LabResult> {
    const proxy = await startPolicyProxy({
      policy: this.policy,
      lookup: this.lookup,
      connectTimeoutMs: this.options.connectTimeoutMs,
    });
    let chrome: LaunchedChrome | undefined;
    let launched: BrowserLaunch | undefined;
    try {
      launched = await prepareBrowserLaunch(
        this.options.executablePath,
        this.options.sandbox,
      ).catch((error: unknown) => {
        throw sandboxLabError(error);
      });
      chrome = await launch({
        chromePath: launched.executablePath,
        chromeFlags: [...labChromiumFlags(proxy.url), ...launched.args],
        envVars: launched.env,
        // Its profile in the private folder, removed with it.
        userDataDir: launched.folder,
        logLevel: 'silent',
        handleSIGINT: false,
      }).catch((error: unknown) => {
        throw sandboxLabError(launchFailure(error));
      });
      await warmUp(url, chrome.port, this.options.runTimeoutMs);
      const reports: LighthouseRunReport[] = [];
      const failures: string[] = [];
      for await (const outcome of lighthouseRuns(url, chrome.port, runs, {
        runTimeoutMs: this.options.runTimeoutMs,
        signal,
      })) {
        if ('error' in outcome) {
          failures.push(outcome.error);
          continue;
        }
        const report = outcome.report;
        const failure = runFailureOf(report);
        if (failure && report.runtimeError?.code.includes('DOCUMENT')) {
          // The page itself did not load: the other runs would not either.
          const refused = proxy.failures.find((f) => f.code === 'blocked');
          const network = proxy.failures.at(-1);
          throw refused
            ? new LabError('blocked', refused.message)
            : new LabError(
                'navigation_failed',
                network
                  ? `${failure} (${network.target}: ${network.message})`
                  : failure,
              );
        }
        if (failure) failures.push(failure);
        else reports.push(report);
      }
      if (reports.length === 0) {
        throw new LabError(
          'failed',
          `No run gave figures: ${failures.join('; ')}`,
        );
      }
      return labResultOf(
        reports,
        failures,
        new Date(),
        await browserVersionAt(chrome.port),
      );
    } finally {
      chrome?.kill();
      await proxy.close();
      await launched?.dispose();
    }
  }
}

/** A sandbox that cannot start, as the lab says it. */
function sandboxLabError(error: unknown): unknown {
  return error instanceof SandboxUnavailableError
    ? new LabError('browser_missing', error.message)
    : error;
}

/** How long the warm-up load may take at most. */
const WARM_UP_MS = 30_000;

/**
 * One load of the page before the measured runs, never counted: it warms what only a
 * first load pays for (the browser's first page, the site's caches, the proxy's
 * connections), so that 1 run measures as 3 do. A failure here is the runs' to report.
 */
async function warmUp(
  url: string,
  port: number,
  runTimeoutMs: number,
): Promise<void> {
  const timeout = Math.min(WARM_UP_MS, runTimeoutMs);
  try {
    // Loaded when a measure starts, as the renderer loads it: not at the API's start.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, {
      timeout,
    });
    try {
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load', timeout }).catch(() => null);
      await page.close();
    } finally {
      // Over CDP, close() lets go of the browser; chrome-launcher ends it.
      await browser.close();
    }
  } catch {
    // The measured runs meet whatever kept the page from loading, and say it.
  }
}

/** The browser's full version, from its DevTools endpoint; undefined when it does not say. */
async function browserVersionAt(port: number): Promise<string | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/version`, {
      signal: AbortSignal.timeout(5_000),
    });
    const { Browser } = (await response.json()) as { Browser?: string };
    return /\/([\d.]+)$/.exec(Browser ?? '')?.[1];
  } catch {
    return undefined;
  }
}
