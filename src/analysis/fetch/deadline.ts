/**
 * A signal that aborts when any of `signals` does or once `ms` have passed (with the
 * reason `AbortSignal.timeout` gives: a `TimeoutError`), as
 * `AbortSignal.any([...signals, AbortSignal.timeout(ms)])` would, but whose timer holds
 * its timeout strongly. Node may collect an `AbortSignal.timeout` that only a composite
 * signal refers to before it fires (nodejs/node#57736): a fetch of a page that never
 * answers then waits forever, and its crawl with it.
 */
export function signalWithin(
  ms: number,
  ...signals: AbortSignal[]
): AbortSignal {
  const timeout = new AbortController();
  const timer = setTimeout(
    () =>
      timeout.abort(
        new DOMException(
          'The operation was aborted due to timeout',
          'TimeoutError',
        ),
      ),
    ms,
  );
  // As AbortSignal.timeout's: a pending deadline keeps no process alive.
  timer.unref();
  const signal = AbortSignal.any([...signals, timeout.signal]);
  if (signal.aborted) clearTimeout(timer);
  else
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return signal;
}
