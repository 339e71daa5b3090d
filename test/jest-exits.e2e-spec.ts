import { spawn } from 'node:child_process';

interface JestRun {
  status: number | null;
  output: string;
  seconds: number;
}

/** Runs Jest, as `npm test` does, on one fixture file of test/fixtures/jest/. */
function runJest(
  fixture: string,
  env: Record<string, string>,
  testTimeoutMs: number,
): Promise<JestRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--testRegex',
      `test/fixtures/jest/${fixture}\\.fixture\\.ts$`,
      '--globalSetup',
      '<rootDir>/test/fixtures/jest/no-global-setup.ts',
      '--testTimeout',
      String(testTimeoutMs),
    ],
    { env: { ...process.env, ...env } },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) =>
      resolve({
        status,
        output,
        seconds: (performance.now() - started) / 1000,
      }),
    ),
  );
}

/** A setup that runs out of time fails its file with a message naming it, and Jest still exits. */
describe('Jest ends by itself when a setup times out', () => {
  it('names the setup that ran out of its budget, and exits non-zero', async () => {
    const run = await runJest(
      'setup-runs-out',
      { TEST_SETUP_BUDGET_MS: '1' },
      60_000,
    );
    expect(run.output).toMatch(
      /Setup ran out of time: starting the test app on (PostgreSQL|the embedded database) took more than 1 ms/,
    );
    expect(run.output).toMatch(/Tests:\s+1 failed/);
    expect(run.status).toBe(1);
    expect(run.seconds).toBeLessThan(90);
  }, 120_000);

  it('ends a run whose hook never returns and leaves a timer open', async () => {
    const run = await runJest('hook-hangs', {}, 2_000);
    expect(run.output).toMatch(/Exceeded timeout of 2000 ms for a hook/);
    expect(run.output).toMatch(/Tests:\s+1 failed/);
    expect(run.status).toBe(1);
    expect(run.seconds).toBeLessThan(90);
  }, 120_000);
});
