import { MAX_CRAWL_DELAY_MS } from '../../analysis/index.js';
import { HostGate, pause } from './host-gate.js';
import type { HostPoliteness, HostTurn } from './host-gate.js';

interface HostState {
  running: number;
  /** When the last request started, or will (ms since epoch). */
  lastAt: number;
  waiting: Array<() => void>;
}

/** The gate of a process that is alone (the embedded default): in its memory. */
export class MemoryHostGate extends HostGate {
  private readonly hosts = new Map<string, HostState>();

  async acquire(
    host: string,
    { concurrency, delayMs }: HostPoliteness,
    signal: AbortSignal,
  ): Promise<HostTurn> {
    const state = this.stateOf(host);
    while (state.running >= concurrency) {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          state.waiting.splice(state.waiting.indexOf(wake), 1);
          reject(signal.reason as Error);
        };
        if (signal.aborted) {
          abort();
          return;
        }
        state.waiting.push(wake);
        signal.addEventListener('abort', abort, { once: true });
      });
    }
    state.running++;
    try {
      // Turns start at least delayMs after the one before: each takes the next free start.
      const startAt = Math.max(Date.now(), state.lastAt + delayMs);
      state.lastAt = startAt;
      if (startAt > Date.now()) await pause(startAt - Date.now(), signal);
    } catch (error) {
      this.releaseOne(host);
      throw error;
    }
    let released = false;
    return {
      release: () => {
        if (!released) this.releaseOne(host);
        released = true;
        return Promise.resolve();
      },
    };
  }

  private stateOf(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { running: 0, lastAt: 0, waiting: [] };
      this.hosts.set(host, state);
    }
    return state;
  }

  private releaseOne(host: string): void {
    const state = this.hosts.get(host);
    if (!state) return;
    state.running--;
    state.waiting.shift()?.();
    if (state.running === 0 && state.waiting.length === 0) {
      // Forgotten when idle, but not while a Crawl-delay from its last start may hold.
      if (state.lastAt + MAX_CRAWL_DELAY_MS <= Date.now()) {
        this.hosts.delete(host);
      }
    }
  }
}
