#!/usr/bin/env node
// The command line as `npx report-service <command>`: built first when a source changed
// (as `npm start` is), then run. npx prints nothing of its own on stdout, so the
// command's output alone is there and pipes (`--json | jq`).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The build's own lines go to stderr: stdout is the command's.
const build = spawnSync(
  process.execPath,
  [join(root, 'scripts/build-fast.mjs')],
  {
    cwd: root,
    stdio: ['ignore', 2, 2],
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);
await import(join(root, 'dist/cli/main.js'));
