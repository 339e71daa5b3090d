import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { acquireMachineLock, withMachineLock } from './machine-lock.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process of its own that holds the lock `name` until it is killed. */
async function holderProcess(name: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(`\0${name}`)}, () => console.log('held'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  expect(line.toString().trim()).toBe('held');
  return child;
}

describe('the machine lock', () => {
  it('lets one holder in at a time, and every waiter in turn', async () => {
    const name = `lab-lock-test-${randomUUID()}`;
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map((n) =>
        withMachineLock(async () => {
          inside += 1;
          most = Math.max(most, inside);
          await tick(30);
          order.push(n);
          inside -= 1;
        }, name),
      ),
    );
    expect(most).toBe(1);
    expect([...order].sort()).toEqual([0, 1, 2, 3]);
  });

  it('releases the lock when the work throws', async () => {
    const name = `lab-lock-test-${randomUUID()}`;
    await expect(
      withMachineLock(() => Promise.reject(new Error('run failed')), name),
    ).rejects.toThrow('run failed');
    const lock = await acquireMachineLock(name, AbortSignal.timeout(5_000));
    await lock.release();
  });

  it('keeps another process waiting while it holds, and is free the moment that holder is killed', async () => {
    const name = `lab-lock-test-${randomUUID()}`;
    const holder = await holderProcess(name);
    try {
      await expect(
        acquireMachineLock(name, AbortSignal.timeout(1_000)),
      ).rejects.toMatchObject({ name: 'TimeoutError' });
      const waiting = acquireMachineLock(name);
      holder.kill('SIGKILL');
      const lock = await waiting;
      await lock.release();
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('stops waiting when its signal aborts', async () => {
    const name = `lab-lock-test-${randomUUID()}`;
    const held = await acquireMachineLock(name);
    const controller = new AbortController();
    const waiting = acquireMachineLock(name, controller.signal);
    controller.abort(new Error('the caller gave up'));
    await expect(waiting).rejects.toThrow('the caller gave up');
    await held.release();
  });
});
