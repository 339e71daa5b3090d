import { createServer } from 'node:net';
import type { Server } from 'node:net';

/** The machine's one lab lock: every process that measures takes turns on it. */
export const LAB_LOCK_NAME = 'report-service-lab';

/** How often a waiting process tries the lock again. */
const RETRY_MS = 200;

/** A held lock; `release()` lets the next process in. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes a lock shared by every process of the machine (its network namespace):
 * a listening socket in Linux's abstract namespace, which only one process can hold
 * and which the kernel frees when its holder exits, crashed or killed, so no owner is
 * ever stale and nothing is left in /tmp. Waits its turn, retrying every 200 ms,
 * until it is free or `signal` aborts.
 */
export async function acquireMachineLock(
  name: string = LAB_LOCK_NAME,
  signal?: AbortSignal,
): Promise<HeldLock> {
  for (;;) {
    signal?.throwIfAborted();
    const server = await tryListen(`\0${name}`);
    if (server) {
      return {
        release: () => new Promise((resolve) => server.close(() => resolve())),
      };
    }
    await pause(RETRY_MS, signal);
  }
}

/** Runs `work` holding the lock named `name`, and releases it however `work` ends. */
export async function withMachineLock<T>(
  work: () => Promise<T>,
  name: string = LAB_LOCK_NAME,
  signal?: AbortSignal,
): Promise<T> {
  const lock = await acquireMachineLock(name, signal);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

function tryListen(path: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    // Not keeping the process alive: a holder that is otherwise done may exit.
    server.listen(path, () => resolve(server.unref()));
  });
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done(): void {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted(): void {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
