import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RenderError } from './errors.js';

/**
 * How every browser the service starts (renders, the lab) is started: with Chromium's
 * sandbox on, as an unprivileged user when the service runs as root (Chromium refuses
 * its sandbox as root), with an environment built from an allow list (nothing of the
 * service's configuration: a page that breaks out of its renderer finds no database
 * password), in a private home removed after use, and killed with the process that
 * started it. docs/rendering.md, "The browser's sandbox".
 */

export interface BrowserSandboxSettings {
  /** BROWSER_SANDBOX: off accepts rendering pages without Chromium's sandbox. */
  sandbox: boolean;
  /** BROWSER_USER: who a browser runs as when the service runs as root. */
  user: string;
}

export const DEFAULT_BROWSER_SANDBOX: BrowserSandboxSettings = {
  sandbox: true,
  user: 'nobody',
};

/** The script that drops to the browser's user and ties the browser's life to its parent. */
export const SANDBOXED_BROWSER_SCRIPT = fileURLToPath(
  new URL('../../scripts/sandboxed-browser.sh', import.meta.url),
);

/** The variables a browser is given, whatever the service's environment holds. */
const PASSED_THROUGH = ['LANG', 'LC_ALL', 'TZ'] as const;

/** Chromium cannot start its sandbox here; rendering answers 503 naming the settings. */
export class SandboxUnavailableError extends RenderError {
  constructor(reason: string) {
    super(
      'browser_missing',
      `Chromium's sandbox cannot start here: ${reason}. Name an unprivileged user in BROWSER_USER (the service runs the browser as that user when it runs as root), run the service as a user other than root, or set BROWSER_SANDBOX=off to accept rendering untrusted pages without the sandbox.`,
    );
    this.name = 'SandboxUnavailableError';
  }
}

/** What a launcher is given to start one browser, and what to do once it has closed. */
export interface BrowserLaunch {
  /** The script to start in the browser's place. */
  executablePath: string;
  /** The browser's whole environment. */
  env: Record<string, string>;
  /** Flags the sandbox settings add (`--no-sandbox` only when BROWSER_SANDBOX=off). */
  args: string[];
  /** A private folder for the browser's home and profile, removed by `dispose`. */
  folder: string;
  dispose(): Promise<void>;
}

const run = promisify(execFile);

/** The uids of users asked once a process: a render request asks it each time. */
const uids = new Map<string, Promise<number | null>>();

/** The uid of a user of this machine, or null when there is none of that name. */
function uidOf(user: string): Promise<number | null> {
  let known = uids.get(user);
  if (known === undefined) {
    known = run('id', ['-u', user]).then(
      ({ stdout }) => Number(stdout.trim()),
      () => null,
    );
    uids.set(user, known);
  }
  return known;
}

/**
 * Who the browser runs as: null for the service's own user (not root), else the
 * unprivileged user named. Throws SandboxUnavailableError when that cannot be.
 */
export async function browserUserFor(
  settings: BrowserSandboxSettings,
  serviceUid: number = process.getuid?.() ?? -1,
): Promise<string | null> {
  if (serviceUid !== 0) return null;
  const uid = await uidOf(settings.user);
  if (uid === null) {
    throw new SandboxUnavailableError(
      `the service runs as root and BROWSER_USER names no user of this machine (${settings.user})`,
    );
  }
  if (uid === 0 && settings.sandbox) {
    throw new SandboxUnavailableError(
      `the service runs as root and BROWSER_USER (${settings.user}) is root`,
    );
  }
  return settings.user;
}

/** Whether each user may make a user namespace here, asked once a process. */
const userNamespaces = new Map<string, Promise<string | null>>();

/**
 * Why `user` (null: the service's own) cannot make the user namespace Chromium's
 * sandbox starts in, or null when it can: the kernel's setting, a container's seccomp
 * profile or AppArmor may refuse it. One `unshare --user`, as that user.
 */
export function userNamespaceRefusal(
  user: string | null,
): Promise<string | null> {
  const key = user ?? '';
  let known = userNamespaces.get(key);
  if (known === undefined) {
    known = (async () => {
      const asUser =
        user === null
          ? []
          : [
              `--reuid=${user}`,
              `--regid=${(await run('id', ['-g', user])).stdout.trim()}`,
              '--clear-groups',
            ];
      await run('setpriv', [...asUser, '--', 'unshare', '--user', 'true']);
    })().then(
      () => null,
      (error: { stderr?: string; message: string }) =>
        (error.stderr || error.message).trim().split('\n').at(-1) ?? 'refused',
    );
    userNamespaces.set(key, known);
  }
  return known;
}

/** Throws SandboxUnavailableError when a browser could not start here as these settings ask. */
export async function assertSandboxAvailable(
  settings: BrowserSandboxSettings,
): Promise<void> {
  const user = await browserUserFor(settings);
  if (!settings.sandbox) return;
  const refusal = await userNamespaceRefusal(user);
  if (refusal !== null) {
    throw new SandboxUnavailableError(
      `${user ?? 'the service'} cannot make the user namespace the sandbox starts in (${refusal}): user namespaces are off (sysctl), or a container's seccomp profile or AppArmor refuses them (docker-compose.yml names chromium-seccomp.json)`,
    );
  }
}

/** The browser's environment: an allow list, a private home, and the script's own two. */
export function browserEnvironment(
  executablePath: string,
  user: string | null,
  folder: string,
  service: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: folder,
    XDG_CONFIG_HOME: join(folder, '.config'),
    XDG_CACHE_HOME: join(folder, '.cache'),
    SANDBOXED_BROWSER: executablePath,
  };
  if (user !== null) env.SANDBOXED_BROWSER_USER = user;
  for (const name of PASSED_THROUGH) {
    const value = service[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** Prepares the start of one browser at `executablePath` as the settings ask. */
export async function prepareBrowserLaunch(
  executablePath: string,
  settings: BrowserSandboxSettings,
): Promise<BrowserLaunch> {
  const user = await browserUserFor(settings);
  const folder = await mkdtemp(join(tmpdir(), 'report-service-browser-'));
  return {
    executablePath: SANDBOXED_BROWSER_SCRIPT,
    env: browserEnvironment(executablePath, user, folder),
    args: settings.sandbox ? [] : ['--no-sandbox'],
    folder,
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Chromium's own words when its sandbox could not start. */
const NO_SANDBOX = /No usable sandbox|Running as root without --no-sandbox/;

/** The launch error as a SandboxUnavailableError when the sandbox is why the browser did not start. */
export function launchFailure(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  return NO_SANDBOX.test(message)
    ? new SandboxUnavailableError(
        `the browser said "${NO_SANDBOX.exec(message)![0]}" (user namespaces may be off, or a container's seccomp profile refuses them)`,
      )
    : error;
}
