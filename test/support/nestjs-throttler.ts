import { readFileSync } from 'node:fs';
import * as asyncHooks from 'node:async_hooks';
import * as crypto from 'node:crypto';
import * as net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as common from '@nestjs/common';
import * as core from '@nestjs/core';

/*
 * @nestjs/throttler 6 is CommonJS that require()s @nestjs/common 12, which is ESM
 * only. Node loads it (require of ESM, Node 20.19+), but Jest can require() ESM
 * only from Node 24.9. Under Jest, package.json maps the package here: its own
 * CommonJS files, run against the very @nestjs/common and @nestjs/core the tests
 * import, so its guard and module meet the app's injector, not copies of it.
 */

const DIST = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/@nestjs/throttler/dist',
);
const EXTERNAL: Record<string, unknown> = {
  '@nestjs/common': common,
  '@nestjs/core': core,
  async_hooks: asyncHooks,
  net,
  'node:crypto': crypto,
};

const loaded = new Map<string, { exports: object }>();

function load(file: string): object {
  const cached = loaded.get(file);
  if (cached) return cached.exports;
  const module = { exports: {} };
  loaded.set(file, module);
  const require = (id: string): unknown => {
    if (id.startsWith('.')) return load(join(dirname(file), `${id}.js`));
    if (id in EXTERNAL) return EXTERNAL[id];
    throw new Error(`@nestjs/throttler requires ${id}: add it to EXTERNAL`);
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the package's own file, run as CommonJS
  const run = new Function(
    'exports',
    'require',
    'module',
    readFileSync(file, 'utf8'),
  );
  run(module.exports, require, module);
  return module.exports;
}

const throttler = load(
  join(DIST, 'index.js'),
) as typeof import('@nestjs/throttler');

export const {
  DEFAULT_IPV6_SUBNET_PREFIX,
  DEFAULT_SWEEP_INTERVAL,
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  SkipThrottle,
  Throttle,
  ThrottlerException,
  ThrottlerGuard,
  ThrottlerModule,
  ThrottlerStorage,
  ThrottlerStorageService,
  getOptionsToken,
  getStorageToken,
  normalizeIp,
  seconds,
  minutes,
  hours,
  days,
  weeks,
  throttlerMessage,
} = throttler;
