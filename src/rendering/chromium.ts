import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { access, constants, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { AddressPolicy, Lookup } from '../analysis/index.js';
import {
  findProcessByArgument,
  processTree,
  treePssBytes,
} from './browser-processes.js';
import type { ProcessId } from './browser-processes.js';
import { launchFailure, prepareBrowserLaunch } from './browser-sandbox.js';
import type {
  BrowserLaunch,
  BrowserSandboxSettings,
} from './browser-sandbox.js';
import { BrowserMissingError } from './errors.js';
import type { PooledBrowser } from './browser-pool.js';
import { startPolicyProxy } from './policy-proxy.js';
import type { PolicyProxy } from './policy-proxy.js';

/** Debian's Chromium; CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: Chromium's engine without a browser window. The
 * binary, not /usr/bin's script, which runs it as a child the pool would not see.
 */
export const DEFAULT_HEADLESS_SHELL_PATH =
  '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser a render launches when none is configured: the headless shell where it
 * is installed (no window, tab strip or address bar to start for each page: a quarter
 * less time a rendered site in ~230 MB less, test/bench/RESULTS.md), else Chromium.
 */
export function defaultRenderBrowserPath(
  exists: (path: string) => boolean = existsSync,
): string {
  return exists(DEFAULT_HEADLESS_SHELL_PATH)
    ? DEFAULT_HEADLESS_SHELL_PATH
    : DEFAULT_CHROMIUM_PATH;
}

/** The browser of renders: RENDER_CHROMIUM_PATH's, else CHROMIUM_PATH's, else the default. */
export function renderBrowserPath(configured: {
  render?: string | null;
  chromium?: string | null;
}): string {
  return configured.render || configured.chromium || defaultRenderBrowserPath();
}

/** The machine's flags: headless, no GPU, no QUIC, none of Chromium's own background traffic. The sandbox stays on (browser-sandbox.ts). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright's own `--disable-features` (1.65), which a later `--disable-features`
 * replaces (Chromium reads the last one): kept, with ours after them.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium's features a renderer does without: the address bar's popup, a web page
 * of Chromium's own that every fresh context's window loads in a renderer process of
 * its own (about 0.7 s of CPU a context on this machine, more than the page's render).
 */
export const DISABLED_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** A page's script heap: past it the page crashes alone (page_crashed), not the machine. */
const PAGE_HEAP_MB = 512;

/**
 * The flags that hold a Chromium to the address policy: all traffic through `proxyUrl`,
 * loopback included (`<-loopback>` removes Chromium's implicit bypass); no name
 * resolved by Chromium itself, so nothing leaves but through the proxy; WebRTC kept
 * off UDP (it would otherwise send STUN packets to any address a page names).
 */
export function policyProxyArgs(proxyUrl: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    // The same for a browser that reads no setting of the full one (the headless shell).
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  ];
}

/**
 * Every flag a renderer's Chromium is launched with: the machine's, the address
 * policy's; `marker` finds the process in /proc.
 */
export function chromiumArgs(proxyUrl: string, marker: string): string[] {
  return [
    ...CHROMIUM_FLAGS,
    ...policyProxyArgs(proxyUrl),
    // No window a script opens: the headless shell has no popup blocker of its own.
    '--block-new-web-contents',
    `--js-flags=--max-old-space-size=${PAGE_HEAP_MB}`,
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...DISABLED_FEATURES].join(',')}`,
    marker,
  ];
}

/** Playwright's defaults that are not wanted: its popup blocking off would let pages open windows. */
const UNWANTED_DEFAULT_ARGS = ['--disable-popup-blocking'];

export interface ChromiumSettings {
  executablePath: string;
  policy: AddressPolicy;
  lookup: Lookup;
  connectTimeoutMs: number;
  launchTimeoutMs: number;
  /** Chromium's sandbox and the user it runs as (browser-sandbox.ts). */
  sandbox: BrowserSandboxSettings;
}

/** Throws BrowserMissingError unless an executable file is at `path`. */
export async function assertChromiumAt(path: string): Promise<void> {
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new BrowserMissingError(path);
  }
}

/**
 * One Chromium process tree, sandboxed (browser-sandbox.ts), launched with its own
 * profile (Playwright makes a fresh empty user-data-dir and removes it at close), its
 * home and downloads in a private folder removed at close, and its own policy proxy
 * for Chromium's own connections; each render brings a proxy of its own (render-page.ts).
 */
export class ChromiumBrowser implements PooledBrowser {
  private constructor(
    readonly browser: Browser,
    private readonly proxy: PolicyProxy,
    private readonly launched: BrowserLaunch,
    /** The root process, or null when /proc did not show it. */
    readonly process: ProcessId | null,
  ) {
    browser.once('disconnected', () => {
      void proxy.close();
      void launched.dispose();
    });
  }

  static async launch(settings: ChromiumSettings): Promise<ChromiumBrowser> {
    await assertChromiumAt(settings.executablePath);
    const proxy = await startPolicyProxy({
      policy: settings.policy,
      lookup: settings.lookup,
      connectTimeoutMs: settings.connectTimeoutMs,
    });
    const marker = `--report-service-renderer=${randomUUID()}`;
    let launched: BrowserLaunch | undefined;
    try {
      launched = await prepareBrowserLaunch(
        settings.executablePath,
        settings.sandbox,
      );
      const downloads = join(launched.folder, 'downloads');
      await mkdir(downloads);
      // Loaded when a browser starts: an API that never renders does not hold it (~35 MB).
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: launched.executablePath,
        args: [...chromiumArgs(proxy.url, marker), ...launched.args],
        env: launched.env,
        // Playwright adds --no-sandbox unless told otherwise.
        chromiumSandbox: settings.sandbox.sandbox,
        downloadsPath: downloads,
        ignoreDefaultArgs: UNWANTED_DEFAULT_ARGS,
        timeout: settings.launchTimeoutMs,
        // The pool closes the browser; Node's own signals are the service's to handle.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      const root = await findProcessByArgument(marker);
      return new ChromiumBrowser(browser, proxy, launched, root);
    } catch (error) {
      await proxy.close();
      await launched?.dispose();
      throw launchFailure(error);
    }
  }

  get connected(): boolean {
    return this.browser.isConnected();
  }

  onDisconnected(listener: () => void): void {
    this.browser.once('disconnected', listener);
  }

  async memoryBytes(): Promise<number | null> {
    return this.process === null ? null : await treePssBytes(this.process);
  }

  /** The processes of the browser now: the root and everything below it. */
  async processes(): Promise<ProcessId[]> {
    return this.process === null ? [] : await processTree(this.process);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.proxy.close();
    await this.launched.dispose();
  }
}
