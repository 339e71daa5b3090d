import { spawnSync } from 'node:child_process';

/**
 * Jest's global setup: builds dist/ once before the suites run. Judging runs on
 * worker threads, which load the compiled analyser, and the end-to-end suites that
 * start the service as a process run dist/main.js and dist/worker.js.
 */
export default function buildDist(): void {
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], {
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(`The build failed:\n${build.stdout}${build.stderr}`);
  }
}
