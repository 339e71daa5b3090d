import {
  assertChromiumAt,
  chromiumArgs,
  CHROMIUM_FLAGS,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_HEADLESS_SHELL_PATH,
  defaultRenderBrowserPath,
  DISABLED_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
  renderBrowserPath,
} from './chromium.js';
import { BrowserMissingError } from './errors.js';

describe('chromiumArgs', () => {
  const args = chromiumArgs('http://127.0.0.1:4321', '--marker=x');

  it('sends everything through the proxy, loopback included', () => {
    expect(args).toContain('--proxy-server=http://127.0.0.1:4321');
    expect(args).toContain('--proxy-bypass-list=<-loopback>');
  });

  it('leaves Chromium no name to resolve and WebRTC no UDP of its own', () => {
    expect(args).toContain(
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    );
    expect(args).toContain(
      '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    );
    expect(args).toContain(
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    );
  });

  it('lets no script open a window', () => {
    expect(args).toContain('--block-new-web-contents');
  });

  it('turns off the address bar’s popup, and keeps Playwright’s features off too', () => {
    const features = args.filter((arg) =>
      arg.startsWith('--disable-features='),
    );
    // Chromium reads the last --disable-features only: one list holds them all.
    expect(features).toHaveLength(1);
    expect(features[0].slice('--disable-features='.length).split(',')).toEqual(
      expect.arrayContaining([
        ...PLAYWRIGHT_DISABLED_FEATURES,
        ...DISABLED_FEATURES,
        'WebUIOmniboxPopup',
      ]),
    );
  });

  it('keeps the machine’s flags and the marker', () => {
    expect(args).toEqual(
      expect.arrayContaining([...CHROMIUM_FLAGS, '--marker=x']),
    );
    expect(CHROMIUM_FLAGS).toEqual(
      expect.arrayContaining(['--headless', '--disable-quic']),
    );
  });

  it('never turns the sandbox off itself', () => {
    expect(args.filter((arg) => /sandbox/.test(arg))).toEqual([]);
  });
});

describe('assertChromiumAt', () => {
  it('says what to install when no browser is there', async () => {
    const missing = assertChromiumAt('/nonexistent/chromium');
    await expect(missing).rejects.toBeInstanceOf(BrowserMissingError);
    await expect(missing).rejects.toMatchObject({
      code: 'browser_missing',
      message: expect.stringMatching(
        /\/nonexistent\/chromium.*apt-get install chromium.*CHROMIUM_PATH/,
      ),
    });
  });

  it('accepts an executable', async () => {
    await expect(assertChromiumAt(process.execPath)).resolves.toBeUndefined();
  });
});

describe('defaultRenderBrowserPath', () => {
  it('is the headless shell where it is installed, Chromium otherwise', () => {
    expect(defaultRenderBrowserPath(() => true)).toBe(
      DEFAULT_HEADLESS_SHELL_PATH,
    );
    expect(defaultRenderBrowserPath(() => false)).toBe(DEFAULT_CHROMIUM_PATH);
  });
});

describe('renderBrowserPath', () => {
  it('takes the render setting first, then the browser setting, then the default', () => {
    expect(renderBrowserPath({ render: '/opt/s', chromium: '/opt/c' })).toBe(
      '/opt/s',
    );
    expect(renderBrowserPath({ render: undefined, chromium: '/opt/c' })).toBe(
      '/opt/c',
    );
    expect(renderBrowserPath({ render: '', chromium: null })).toBe(
      defaultRenderBrowserPath(),
    );
  });
});
