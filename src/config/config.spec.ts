import { defaultRenderBrowserPath } from '../rendering/index.js';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads the defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      redisPrefix: 'report-service',
      analysisConcurrency: 8,
      shareSecretConfigured: false,
    });
  });

  it('names every bad setting at once, in one message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        REDIS_URL: 'http://cache',
        TRUST_PROXY: 'maybe',
        ANALYSIS_CONCURRENCY: '0',
        SHARE_SECRET: 'short',
        ANALYZER_ALLOW_HOSTS: '10.0.0.0/33',
        ANALYZER_DEADLINE_MS: '-5',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(8);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'TRUST_PROXY',
      'ANALYSIS_CONCURRENCY',
      'SHARE_SECRET',
      'ANALYZER_ALLOW_HOSTS',
      'ANALYZER_DEADLINE_MS',
    ]) {
      expect(message).toContain(`  - ${name}`);
    }
    expect(message).toMatch(
      /^The configuration has 8 problems; nothing was started:/,
    );
  });

  it('says "a problem" for one', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      /^The configuration has a problem; nothing was started:\n {2}- PORT must be a whole number from 0 to 65535, got "70000"$/,
    );
  });

  it('keeps 20 runs per report unless RUN_HISTORY_LIMIT says otherwise', () => {
    expect(loadConfig({}).runHistoryLimit).toBe(20);
    expect(loadConfig({ RUN_HISTORY_LIMIT: '3' }).runHistoryLimit).toBe(3);
    expect(() => loadConfig({ RUN_HISTORY_LIMIT: '0' })).toThrow(
      /RUN_HISTORY_LIMIT must be a whole number from 1 to 1000, got "0"/,
    );
  });

  it('gives Redis 2 s to answer a command a request waits on, unless REDIS_COMMAND_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).redisCommandTimeoutMs).toBe(2_000);
    expect(
      loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '500' }).redisCommandTimeoutMs,
    ).toBe(500);
    expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '50' })).toThrow(
      /REDIS_COMMAND_TIMEOUT_MS must be a whole number from 100 to 60000, got "50"/,
    );
  });

  it('renders with RENDER_CHROMIUM_PATH, else CHROMIUM_PATH, else the default render browser; lab with CHROMIUM_PATH', () => {
    expect(loadConfig({})).toMatchObject({
      chromiumPath: '/usr/bin/chromium',
      renderChromiumPath: defaultRenderBrowserPath(),
    });
    expect(loadConfig({ CHROMIUM_PATH: '/opt/c' })).toMatchObject({
      chromiumPath: '/opt/c',
      renderChromiumPath: '/opt/c',
    });
    expect(
      loadConfig({ CHROMIUM_PATH: '/opt/c', RENDER_CHROMIUM_PATH: '/opt/s' }),
    ).toMatchObject({ chromiumPath: '/opt/c', renderChromiumPath: '/opt/s' });
  });
});
