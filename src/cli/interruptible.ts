/** Ctrl-C (or SIGTERM) aborts the signal once; a second one exits at once. */
export async function interruptible<T>(
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const interrupt = new AbortController();
  const onSignal = () => {
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(interrupt.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
