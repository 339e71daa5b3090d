import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { LabError } from './lab-result.js';
import { lighthouseRuns } from './lighthouse-process.js';

/** Processes whose command line holds `marker` (the URL measured names it). */
function processesNaming(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker))
        found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** Until no process names `marker`, or 5 s: the kill is asynchronous. */
async function processesLeft(marker: string): Promise<number[]> {
  const until = Date.now() + 5_000;
  let left = processesNaming(marker);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesNaming(marker);
  }
  return left;
}

/**
 * The cap and the abort of a Lighthouse run: a browser that never answers (a port
 * that takes connections and says nothing) keeps Lighthouse waiting for good; the run
 * must end with the reason and take its process with it.
 */
describe('lighthouseRuns', () => {
  let silent: Server;
  let port: number;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket.on('error', () => undefined));
    });
    await new Promise<void>((resolve) =>
      silent.listen(0, '127.0.0.1', resolve),
    );
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const drain = async (runs: AsyncGenerator<unknown>) => {
    for await (const outcome of runs) void outcome;
  };

  it('ends a run past its cap with a timeout, and kills its process', async () => {
    const marker = `never-${randomUUID()}`;
    const runs = lighthouseRuns(`http://127.0.0.1:9/${marker}`, port, 2, {
      runTimeoutMs: 3_000,
    });
    const error = await drain(runs).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(LabError);
    expect(error).toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('took longer than 3 s') as string,
    });
    expect(await processesLeft(marker)).toEqual([]);
  }, 30_000);

  it('ends a run at an abort with its reason, and kills its process', async () => {
    const marker = `never-${randomUUID()}`;
    const abort = new AbortController();
    const runs = lighthouseRuns(`http://127.0.0.1:9/${marker}`, port, 1, {
      runTimeoutMs: 60_000,
      signal: abort.signal,
    });
    const ended = drain(runs).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    // Once its process is there, so that the abort has something to kill.
    const until = Date.now() + 10_000;
    while (processesNaming(marker).length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(processesNaming(marker)).not.toEqual([]);
    const reason = new Error('The audit was cancelled.');
    abort.abort(reason);
    expect(await ended).toBe(reason);
    expect(await processesLeft(marker)).toEqual([]);
  }, 30_000);
});
