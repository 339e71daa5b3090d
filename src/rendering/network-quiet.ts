import { performance } from 'node:perf_hooks';

/**
 * The render budget's "network quiet": no request of the page in flight for a while.
 * Requests that never end (a long poll, an event stream) keep it from ever coming,
 * and the time cap ends the wait.
 */
export class NetworkQuiet<Request> {
  private readonly inFlight = new Set<Request>();
  private quietSince: number;
  private onChange: (() => void) | null = null;
  private startedCount = 0;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.quietSince = now();
  }

  started(request: Request): void {
    this.startedCount += 1;
    this.inFlight.add(request);
    this.onChange?.();
  }

  ended(request: Request): void {
    if (!this.inFlight.delete(request)) return;
    if (this.inFlight.size === 0) this.quietSince = this.now();
    this.onChange?.();
  }

  /** Requests started since the render began. */
  get startedSoFar(): number {
    return this.startedCount;
  }

  /** Requests in flight now. */
  get pending(): number {
    return this.inFlight.size;
  }

  /**
   * Resolves true once nothing has been in flight for `quietMs`, or false when
   * `deadline` (on the clock of `now`) comes first.
   */
  whenQuiet(quietMs: number, deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (quiet: boolean) => {
        clearTimeout(timer);
        this.onChange = null;
        resolve(quiet);
      };
      const check = () => {
        clearTimeout(timer);
        const now = this.now();
        const idle = this.inFlight.size === 0;
        if (idle && now - this.quietSince >= quietMs) return finish(true);
        if (now >= deadline) return finish(false);
        const next = idle
          ? Math.min(this.quietSince + quietMs, deadline)
          : deadline;
        timer = setTimeout(check, Math.max(0, next - now));
      };
      this.onChange = check;
      check();
    });
  }
}
