import {
  hostKeyOf,
  ServiceFailure,
  signalWithin,
} from '../../analysis/index.js';

/** What a request to a host waits for, and what it says when it is done. */
export interface HostTurn {
  /** Lets the next request to the host go. */
  release(): Promise<void>;
}

/** How many requests to a host may run at once, and how far apart they start. */
export interface HostPoliteness {
  concurrency: number;
  /** Crawl-delay: the least time between two requests to the host starting, in ms. */
  delayMs: number;
}

/**
 * The politeness of crawls: requests to one host, whichever process of the service
 * makes them, run at most `concurrency` at once and start at least `delayMs` apart.
 * In Redis when the service has it, in the database when several processes share one
 * without Redis, in memory when one process is all there is (the embedded default).
 */
export abstract class HostGate {
  /** Waits for the host's turn; rejects when `signal` aborts first. */
  abstract acquire(
    host: string,
    politeness: HostPoliteness,
    signal: AbortSignal,
  ): Promise<HostTurn>;

  /**
   * The turn of a URL's host. Waiting is not part of a request's deadline, but it
   * is bounded: past TURN_WAIT_MS it throws a transient timeout (tried again later);
   * at `stop` it throws stop's reason.
   */
  async turnFor(
    url: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<HostTurn> {
    const waiting = signalWithin(TURN_WAIT_MS, stop);
    try {
      return await this.acquire(hostKeyOf(url), politeness, waiting);
    } catch (error) {
      const waitedTooLong =
        !stop.aborted &&
        waiting.aborted &&
        (waiting.reason as Error | undefined)?.name === 'TimeoutError';
      if (!waitedTooLong) throw error;
      throw new ServiceFailure(
        'timeout',
        `No turn to ask ${new URL(url).host} came within ${TURN_WAIT_MS / 1000} s: other requests to it were ahead.`,
      );
    }
  }
}

/** How long a request may wait for its host's turn (Crawl-delay and other audits of the host ahead). */
export const TURN_WAIT_MS = 120_000;

/** A turn's lease, renewed while it is held: a process that dies holding one gives it back within this. */
export const TURN_LEASE_MS = 10_000;
const RENEW_EVERY_MS = TURN_LEASE_MS / 3;

/**
 * A turn of a shared gate: its lease renewed every few seconds until it is released,
 * so a long request keeps it and a dead process's lapses soon.
 */
export function leasedTurn(
  renew: () => Promise<unknown>,
  release: () => Promise<unknown>,
): HostTurn {
  // A renewal that fails is tried again at the next; the lease covers the gap.
  const timer = setInterval(
    () => void renew().catch(() => undefined),
    RENEW_EVERY_MS,
  );
  timer.unref();
  let released = false;
  return {
    release: async () => {
      clearInterval(timer);
      if (released) return;
      released = true;
      await release();
    },
  };
}

/** How often a waiting request looks again, in the shared gates. */
export const TURN_POLL_MS = 20;

/** Resolves after `ms`, or rejects when `signal` aborts first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}
