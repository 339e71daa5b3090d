import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import {
  DEFAULT_ANALYSER_OPTIONS,
  validAllowHosts,
} from '../analysis/index.js';
import type { AnalyserOptions } from '../analysis/index.js';
import { DEFAULT_LAB_RUNS, MAX_LAB_RUNS } from '../lab/index.js';
import {
  DEFAULT_BROWSER_SANDBOX,
  DEFAULT_CHROMIUM_PATH,
  renderBrowserPath,
} from '../rendering/index.js';
import type { BrowserSandboxSettings } from '../rendering/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Standard Webhooks schedule: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h and 10 h, about a day and a few hours in all.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/**
 * The default share of one account in a process's slots: three quarters, rounded
 * down, at least one; the rest stay free for other accounts' work.
 */
export function defaultSlotsPerAccount(concurrency: number): number {
  return Math.max(1, Math.floor((concurrency * 3) / 4));
}

/** Every environment variable the service reads, parsed and typed once. */
export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; null runs the embedded PGlite default. */
  databaseUrl: string | null;
  /** Where the embedded default keeps its data. */
  dataDir: string;
  /** Connections each process keeps to the database. */
  databasePoolSize: number;
  /** Redis for jobs and shared limits; null runs jobs on the database, limits in memory. */
  redisUrl: string | null;
  /** Starts every key and channel of the service in Redis, so deployments can share one. */
  redisPrefix: string;
  /** How long a command a request waits on (adding a job, counting a limit) may wait for Redis before the service goes on without it. */
  redisCommandTimeoutMs: number;
  /** Honour X-Forwarded-Proto / X-Forwarded-Host when building absolute links. */
  trustProxy: boolean;
  /** Requests one API key may make per minute before 429. */
  rateLimitPerMinute: number;
  /** Analyses (creates and re-runs) one API key may ask for per minute before 429. */
  analysisRateLimitPerMinute: number;
  /** Analyses one account may have queued or running at once before 429. */
  analysesInFlightPerAccount: number;
  /** Analyses one process runs at the same time; more wait in the queue. */
  analysisConcurrency: number;
  /** Analyses of one account one process runs at the same time; the other slots serve other accounts. */
  analysisSlotsPerAccount: number;
  /** Reports with a schedule one account may have. */
  schedulesPerAccount: number;
  /** Wait before the second attempt of an analysis after a transient failure; doubled before the third. */
  analysisRetryDelayMs: number;
  /** On SIGTERM, how long running analyses may take to finish before they go back to the queue. */
  shutdownGraceMs: number;
  /** How often the schedule tick looks for scheduled reports that are due. */
  scheduleTickMs: number;
  /** Settled runs kept per report (completed or failed); older ones are pruned. */
  runHistoryLimit: number;
  analyser: AnalyserOptions;
  /** CHROMIUM_PATH: the browser of `lab: true` (Lighthouse); Debian's Chromium by default. */
  chromiumPath: string;
  /**
   * RENDER_CHROMIUM_PATH: the browser of `render: true`; else CHROMIUM_PATH when set; else
   * Debian's headless shell where installed, Chromium otherwise.
   */
  renderChromiumPath: string;
  /**
   * BROWSER_SANDBOX (on, or off to accept rendering untrusted pages without Chromium's
   * sandbox) and BROWSER_USER (who every browser runs as when the service runs as root;
   * nobody by default): docs/rendering.md, "The browser's sandbox".
   */
  browserSandbox: BrowserSandboxSettings;
  /** LAB_RUNS: Lighthouse runs of a `lab: true` measurement, the medians of which it keeps. */
  labRuns: number;
  /** Webhook deliveries one process sends at the same time. */
  webhookConcurrency: number;
  /** Webhook deliveries of one account one process sends at the same time. */
  webhookSlotsPerAccount: number;
  /** Webhook endpoints one account may have. */
  webhooksPerAccount: number;
  /** An endpoint every attempt to which has failed for this long is disabled. */
  webhookDisableAfterMs: number;
  /** Bound of one webhook attempt: connecting, sending and reading the answer. */
  webhookTimeoutMs: number;
  /** The wait before each attempt of a webhook delivery (the first usually 0); its length is the number of attempts. */
  webhookRetryDelaysMs: number[];
  /** Pages one site audit may request at most: the ceiling of `max_pages`. */
  siteAuditMaxPages: number;
  /** Site audits one account may have queued or running at once. */
  siteAuditsInFlightPerAccount: number;
  /** Requests to one host at once, across every process (the politeness of a crawl). */
  siteAuditHostConcurrency: number;
  /** Pages of site audits one process fetches and judges at once. */
  siteAuditConcurrency: number;
  /** Signs shared-report cookies; random per process unless SHARE_SECRET is set. */
  shareSecret: Buffer;
  /** Whether shareSecret came from SHARE_SECRET (cookies then survive restarts). */
  shareSecretConfigured: boolean;
  /** The lowest level logged: debug shows the framework's start-up lines too. */
  logLevel: LogLevelName;
}

/** Log levels from the most to the least important. */
export const LOG_LEVELS = ['error', 'warn', 'log', 'debug'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** Every bad setting at once, one a line: the service cannot start on them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      [
        `The configuration has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}; nothing was started:`,
        ...problems.map((problem) => `  - ${problem}`),
      ].join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** Reads settings from the environment, noting every bad one rather than stopping at the first. */
class SettingsReader {
  readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  text(name: string): string | null {
    return this.env[name]?.trim() || null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(
        `${name} must be a whole number from ${min} to ${max}, got "${raw}"`,
      );
      return fallback;
    }
    return value;
  }

  flag(name: string): boolean {
    const raw = (this.text(name) ?? '').toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    this.problems.push(
      `${name} must be true or false, got "${this.env[name]}"`,
    );
    return false;
  }

  /** A URL whose scheme is one of `schemes`, or null when unset. */
  url(name: string, schemes: string[]): string | null {
    const raw = this.text(name);
    if (raw === null) return null;
    const scheme = URL.parse(raw)?.protocol.replace(/:$/, '');
    if (!scheme || !schemes.includes(scheme)) {
      this.problems.push(
        `${name} must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL`,
      );
      return null;
    }
    return raw;
  }

  choice<T extends string>(
    name: string,
    choices: readonly T[],
    fallback: T,
  ): T {
    const raw = this.text(name);
    if (raw === null) return fallback;
    if ((choices as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(
      `${name} must be one of ${choices.join(', ')}, got ${JSON.stringify(raw)}`,
    );
    return fallback;
  }

  /** A comma list of whole numbers of milliseconds, each from 0 to `max`. */
  delays(name: string, fallback: number[], max: number): number[] {
    const entries = this.list(name);
    if (entries.length === 0) return fallback;
    if (
      entries.length > 50 ||
      entries.some((entry) => !/^\d+$/.test(entry) || Number(entry) > max)
    ) {
      this.problems.push(
        `${name} must be a comma list of 1 to 50 whole numbers of milliseconds, each at most ${max}, got "${this.env[name]}"`,
      );
      return fallback;
    }
    return entries.map(Number);
  }

  list(name: string): string[] {
    return (this.env[name] ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  }
}

/** The configuration of the environment; throws one ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const read = new SettingsReader(env);
  const shareSecret = read.text('SHARE_SECRET') ?? '';
  const chromiumPath = read.text('CHROMIUM_PATH');
  if (shareSecret !== '' && shareSecret.length < 32) {
    read.problems.push('SHARE_SECRET must be at least 32 characters');
  }
  const allowHosts = read.list('ANALYZER_ALLOW_HOSTS');
  try {
    validAllowHosts(allowHosts, (message) => new Error(message));
  } catch (error) {
    read.problems.push((error as Error).message);
  }
  const config: AppConfig = {
    port: read.integer('PORT', 3000, 0, 65535),
    host: read.text('HOST') ?? '0.0.0.0',
    databaseUrl: read.url('DATABASE_URL', ['postgres', 'postgresql']),
    dataDir: resolve(read.text('DATA_DIR') ?? 'data'),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 200),
    redisUrl: read.url('REDIS_URL', ['redis', 'rediss']),
    redisPrefix: read.text('REDIS_PREFIX') ?? 'report-service',
    redisCommandTimeoutMs: read.integer(
      'REDIS_COMMAND_TIMEOUT_MS',
      2_000,
      100,
      60_000,
    ),
    trustProxy: read.flag('TRUST_PROXY'),
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 300, 1, 1e6),
    analysisRateLimitPerMinute: read.integer(
      'ANALYSIS_RATE_LIMIT_PER_MINUTE',
      60,
      1,
      1e6,
    ),
    analysesInFlightPerAccount: read.integer(
      'ANALYSES_IN_FLIGHT_PER_ACCOUNT',
      100,
      1,
      1e6,
    ),
    analysisConcurrency: read.integer('ANALYSIS_CONCURRENCY', 8, 1, 256),
    // Set below, within the concurrency read here.
    analysisSlotsPerAccount: 0,
    schedulesPerAccount: read.integer('SCHEDULES_PER_ACCOUNT', 1_000, 0, 1e6),
    analysisRetryDelayMs: read.integer(
      'ANALYSIS_RETRY_DELAY_MS',
      2_000,
      0,
      600_000,
    ),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    webhookConcurrency: read.integer('WEBHOOK_CONCURRENCY', 8, 1, 256),
    webhookSlotsPerAccount: 0,
    webhooksPerAccount: read.integer('WEBHOOKS_PER_ACCOUNT', 16, 0, 1_000),
    webhookDisableAfterMs: read.integer(
      'WEBHOOK_DISABLE_AFTER_MS',
      3 * DAY_MS,
      1_000,
      365 * DAY_MS,
    ),
    webhookTimeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookRetryDelaysMs: read.delays(
      'WEBHOOK_RETRY_DELAYS_MS',
      DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      7 * DAY_MS,
    ),
    scheduleTickMs: read.integer('SCHEDULE_TICK_MS', 60_000, 100, 3_600_000),
    siteAuditMaxPages: read.integer(
      'SITE_AUDIT_MAX_PAGES',
      10_000,
      1,
      1_000_000,
    ),
    siteAuditsInFlightPerAccount: read.integer(
      'SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT',
      2,
      1,
      1_000,
    ),
    siteAuditHostConcurrency: read.integer(
      'SITE_AUDIT_HOST_CONCURRENCY',
      4,
      1,
      64,
    ),
    siteAuditConcurrency: read.integer('SITE_AUDIT_CONCURRENCY', 8, 1, 256),
    runHistoryLimit: read.integer('RUN_HISTORY_LIMIT', 20, 1, 1_000),
    shareSecret:
      shareSecret === '' ? randomBytes(32) : Buffer.from(shareSecret, 'utf8'),
    shareSecretConfigured: shareSecret !== '',
    logLevel: read.choice('LOG_LEVEL', LOG_LEVELS, 'log'),
    chromiumPath: chromiumPath ?? DEFAULT_CHROMIUM_PATH,
    renderChromiumPath: renderBrowserPath({
      render: read.text('RENDER_CHROMIUM_PATH'),
      chromium: chromiumPath,
    }),
    browserSandbox: {
      sandbox: read.choice('BROWSER_SANDBOX', ['on', 'off'], 'on') === 'on',
      user: read.text('BROWSER_USER') ?? DEFAULT_BROWSER_SANDBOX.user,
    },
    labRuns: read.integer('LAB_RUNS', DEFAULT_LAB_RUNS, 1, MAX_LAB_RUNS),
    analyser: {
      ...DEFAULT_ANALYSER_OPTIONS,
      allowHosts,
      onlyAllowHosts: read.flag('ANALYZER_ONLY_ALLOW_HOSTS'),
      userAgent:
        read.text('ANALYZER_USER_AGENT') ?? DEFAULT_ANALYSER_OPTIONS.userAgent,
      deadlineMs: read.integer(
        'ANALYZER_DEADLINE_MS',
        DEFAULT_ANALYSER_OPTIONS.deadlineMs,
        100,
        120_000,
      ),
    },
  };
  config.analysisSlotsPerAccount = read.integer(
    'ANALYSIS_SLOTS_PER_ACCOUNT',
    defaultSlotsPerAccount(config.analysisConcurrency),
    1,
    config.analysisConcurrency,
  );
  config.webhookSlotsPerAccount = read.integer(
    'WEBHOOK_SLOTS_PER_ACCOUNT',
    defaultSlotsPerAccount(config.webhookConcurrency),
    1,
    config.webhookConcurrency,
  );
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/**
 * The configuration, or, for a bad one, its message on stderr and exit code 1: a
 * person starting the service needs the list of what to fix, not a stack trace.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The Nest injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
