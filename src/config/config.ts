import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_ANALYSER_OPTIONS } from '../analysis/options.js';
import type { AnalyserOptions } from '../analysis/options.js';
import { validAllowHosts } from '../analysis/fetch/address-policy.js';

/** Every environment variable the service reads, parsed and typed once. */
export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; null runs the embedded PGlite default. */
  databaseUrl: string | null;
  /** Where the embedded default keeps its data. */
  dataDir: string;
  /** Honour X-Forwarded-Proto / X-Forwarded-Host when building absolute links. */
  trustProxy: boolean;
  /** Requests one account may make per minute before 429. */
  rateLimitPerMinute: number;
  /** Analyses that run at the same time; more wait in a queue. */
  analysisConcurrency: number;
  analyser: AnalyserOptions;
  /** Signs shared-report cookies; random per process unless SHARE_SECRET is set. */
  shareSecret: Buffer;
  /** Whether shareSecret came from SHARE_SECRET (cookies then survive restarts). */
  shareSecretConfigured: boolean;
}

export class ConfigError extends Error {}

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function list(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
  }
  const shareSecret = env.SHARE_SECRET?.trim() ?? '';
  if (shareSecret !== '' && shareSecret.length < 32) {
    throw new ConfigError('SHARE_SECRET must be at least 32 characters');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR?.trim() || 'data'),
    trustProxy: flag(env, 'TRUST_PROXY'),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 300, 1, 1e6),
    analysisConcurrency: integer(env, 'ANALYSIS_CONCURRENCY', 4, 1, 64),
    shareSecret:
      shareSecret === '' ? randomBytes(32) : Buffer.from(shareSecret, 'utf8'),
    shareSecretConfigured: shareSecret !== '',
    analyser: {
      ...DEFAULT_ANALYSER_OPTIONS,
      allowHosts: validAllowHosts(
        list(env, 'ANALYZER_ALLOW_HOSTS'),
        (message) => new ConfigError(message),
      ),
      userAgent:
        env.ANALYZER_USER_AGENT?.trim() || DEFAULT_ANALYSER_OPTIONS.userAgent,
      deadlineMs: integer(
        env,
        'ANALYZER_DEADLINE_MS',
        DEFAULT_ANALYSER_OPTIONS.deadlineMs,
        100,
        120_000,
      ),
    },
  };
}

/** The Nest injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
