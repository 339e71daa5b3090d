import { spawn } from 'node:child_process';

/**
 * `npm test` on a machine without what it needs: the global setup names each missing
 * prerequisite on a line of its own and the run stops at once, before the build and
 * before any file fails for it. Jest runs here as `npm test` runs it, with its own
 * global setup, on a PATH with no PostgreSQL programs at all (neither initdb nor
 * pg_config) and no redis-server and URLs where nothing listens (port 1 of the loopback).
 */
describe('npm test on a machine that lacks its prerequisites', () => {
  it('names each missing one on a line, and stops at once', async () => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '--testRegex',
        'test/fixtures/jest/passes\\.fixture\\.ts$',
      ],
      {
        env: {
          ...process.env,
          PATH: '/nonexistent',
          TEST_REDIS_URL: 'redis://127.0.0.1:1/7',
          DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/none',
          REQUIRE_BROWSER: '1',
          CHROMIUM_PATH: '/nonexistent/chromium',
        },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const status = await new Promise<number | null>((resolve) =>
      child.once('close', resolve),
    );
    const seconds = (performance.now() - started) / 1000;

    expect(status).not.toBe(0);
    expect(output).toContain(
      'npm test cannot run: 5 prerequisites are missing',
    );
    const lines = output.split('\n').filter((line) => line.startsWith('  - '));
    expect(lines).toEqual([
      expect.stringMatching(
        /^ {2}- initdb and pg_ctl, .* neither on PATH nor in pg_config --bindir/,
      ),
      expect.stringMatching(/^ {2}- redis-server is not on PATH/),
      expect.stringMatching(
        /^ {2}- Redis at redis:\/\/127\.0\.0\.1:1\/7 \(TEST_REDIS_URL\) cannot be used: ECONNREFUSED\./,
      ),
      expect.stringMatching(
        /^ {2}- PostgreSQL does not answer at DATABASE_URL \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none\): ECONNREFUSED\./,
      ),
      expect.stringMatching(
        /^ {2}- Chromium is not at \/nonexistent\/chromium/,
      ),
    ]);
    expect(output).not.toContain('secret');
    // Nothing was built or run.
    expect(output).not.toMatch(/PASS|Tests:/);
    expect(seconds).toBeLessThan(30);
  }, 60_000);
});
