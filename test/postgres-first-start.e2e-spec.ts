import { NO_KEY_YET } from '../src/auth/api-key.service.js';
import { runCli, startService } from './support/service-process.js';
import { ThrowawayPostgres } from './support/throwaway-postgres.js';
import { waitUntil } from './support/wait.js';

/**
 * A first start on PostgreSQL makes no key (the embedded default does): it says, after
 * the addresses, which command makes one. On a cluster of its own, so no other suite's
 * keys are there.
 */
describe('the first start on PostgreSQL', () => {
  let pg: ThrowawayPostgres;

  beforeAll(async () => {
    pg = await ThrowawayPostgres.create();
  }, 60_000);
  afterAll(() => pg?.destroy());

  it('names the command that makes a key while there is none, and only then', async () => {
    const env = { DATABASE_URL: pg.url };
    const first = await startService('dist/main.js', env);
    try {
      const output = await waitUntil(
        () => Promise.resolve(first.output()),
        (text) => text.includes('No API key exists yet'),
        10_000,
      );
      const lines = output.split('\n');
      const hint = lines.findIndex((line) => line.includes(NO_KEY_YET));
      expect(hint).toBeGreaterThan(
        lines.findIndex((line) => line.includes('API on')),
      );
      expect(JSON.parse(lines[hint])).toMatchObject({ level: 40 });
      expect(output).not.toMatch(/\brk_[A-Za-z0-9_-]{20,}/);
    } finally {
      await first.stop();
    }

    const made = await runCli(['keys:create', '--name', 'ops'], env);
    expect(made.status).toBe(0);
    const second = await startService('dist/main.js', env);
    await second.stop();
    expect(second.output()).toContain('API on');
    expect(second.output()).not.toContain('No API key exists yet');
  }, 120_000);
});
