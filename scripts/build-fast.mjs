// Compiles src/ into dist/ with SWC (no type check) when something changed since the
// last such build, so `npm start` and `npm run cli` after no change start at once.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-fast';
const INPUTS = ['src', '.swcrc', 'package-lock.json'];

/** The latest modification under a file or folder, in ms. */
function latest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, latest(join(path, name))),
    stats.mtimeMs,
  );
}

const builtAt =
  existsSync(STAMP) && existsSync('dist/main.js') ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...INPUTS.map(latest)) < builtAt) process.exit(0);

const startedAt = new Date();
const swc = spawnSync(
  'node_modules/.bin/swc',
  ['src', '-d', 'dist', '--strip-leading-paths', '--quiet'],
  { stdio: 'inherit' },
);
if (swc.status !== 0) process.exit(swc.status ?? 1);
// Stamped with the start: a file saved during the build makes the next one run.
writeFileSync(STAMP, '');
utimesSync(STAMP, startedAt, startedAt);
