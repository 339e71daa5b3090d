import { existsSync } from 'node:fs';
import {
  browserEnvironment,
  browserUserFor,
  launchFailure,
  prepareBrowserLaunch,
  SANDBOXED_BROWSER_SCRIPT,
  SandboxUnavailableError,
  userNamespaceRefusal,
} from './browser-sandbox.js';

describe("a browser's environment", () => {
  const service = {
    DATABASE_URL: 'postgres://user:password@db/reports',
    REDIS_URL: 'redis://:secret@cache:6379',
    SHARE_SECRET: 'x'.repeat(40),
    ANALYZER_ALLOW_HOSTS: '10.0.0.0/8',
    PATH: '/opt/service/bin:/usr/bin',
    HOME: '/root',
    LANG: 'fr_FR.UTF-8',
    TZ: 'Europe/Paris',
    NODE_OPTIONS: '--max-old-space-size=4096',
  };

  it('is an allow list: a private home, a fixed PATH, the locale and time zone, nothing of the service', () => {
    expect(
      browserEnvironment('/usr/bin/chromium', 'nobody', '/tmp/b-1', service),
    ).toEqual({
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: '/tmp/b-1',
      XDG_CONFIG_HOME: '/tmp/b-1/.config',
      XDG_CACHE_HOME: '/tmp/b-1/.cache',
      LANG: 'fr_FR.UTF-8',
      TZ: 'Europe/Paris',
      SANDBOXED_BROWSER: '/usr/bin/chromium',
      SANDBOXED_BROWSER_USER: 'nobody',
    });
  });

  it('names no user when the browser runs as the service itself', () => {
    const env = browserEnvironment('/usr/bin/chromium', null, '/tmp/b-2', {});
    expect(env).not.toHaveProperty('SANDBOXED_BROWSER_USER');
    expect(env).not.toHaveProperty('LANG');
  });
});

describe('who a browser runs as', () => {
  const sandboxed = { sandbox: true, user: 'nobody' };

  it('as the service itself when it is not root', async () => {
    expect(await browserUserFor(sandboxed, 1000)).toBeNull();
  });

  it('as BROWSER_USER when the service is root', async () => {
    expect(await browserUserFor(sandboxed, 0)).toBe('nobody');
  });

  it.each([
    [
      'names root',
      { sandbox: true, user: 'root' },
      /BROWSER_USER \(root\) is root/,
    ],
    [
      'names no user of the machine',
      { sandbox: true, user: 'no-such-user-here' },
      /names no user of this machine \(no-such-user-here\)/,
    ],
  ])(
    'refuses when BROWSER_USER %s, naming the settings',
    async (_case, settings, reason) => {
      const refused = browserUserFor(settings, 0);
      await expect(refused).rejects.toBeInstanceOf(SandboxUnavailableError);
      await expect(refused).rejects.toThrow(reason);
      await expect(refused).rejects.toThrow(/BROWSER_SANDBOX=off/);
    },
  );

  it('runs as root only when BROWSER_SANDBOX=off accepts it', async () => {
    expect(await browserUserFor({ sandbox: false, user: 'root' }, 0)).toBe(
      'root',
    );
  });
});

describe('a launch', () => {
  it('starts the script in the browser’s place, in a private folder removed after use', async () => {
    const launch = await prepareBrowserLaunch('/usr/bin/chromium', {
      sandbox: true,
      user: 'nobody',
    });
    expect(launch.executablePath).toBe(SANDBOXED_BROWSER_SCRIPT);
    expect(existsSync(SANDBOXED_BROWSER_SCRIPT)).toBe(true);
    expect(launch.args).toEqual([]);
    expect(launch.env.HOME).toBe(launch.folder);
    expect(existsSync(launch.folder)).toBe(true);
    await launch.dispose();
    expect(existsSync(launch.folder)).toBe(false);
  });

  it('adds --no-sandbox only when BROWSER_SANDBOX=off', async () => {
    const launch = await prepareBrowserLaunch('/usr/bin/chromium', {
      sandbox: false,
      user: 'nobody',
    });
    expect(launch.args).toEqual(['--no-sandbox']);
    await launch.dispose();
  });

  it("reads Chromium's own words when its sandbox did not start", () => {
    const failed = launchFailure(
      new Error(
        'browserType.launch: Browser closed.\n[err] FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! ...',
      ),
    );
    expect(failed).toBeInstanceOf(SandboxUnavailableError);
    expect((failed as Error).message).toMatch(/BROWSER_SANDBOX=off/);
    const other = new Error('Timeout 30000ms exceeded.');
    expect(launchFailure(other)).toBe(other);
  });
});

describe('the user namespace the sandbox starts in', () => {
  it('can be made here by the service itself', async () => {
    expect(await userNamespaceRefusal(null)).toBeNull();
  });

  (process.getuid?.() === 0 ? it : it.skip)(
    'can be made here by BROWSER_USER (nobody), asked as that user',
    async () => {
      expect(await userNamespaceRefusal('nobody')).toBeNull();
    },
  );

  it('says why when it cannot be asked', async () => {
    expect(await userNamespaceRefusal('no-such-user-here')).toMatch(
      /no-such-user-here/,
    );
  });
});
