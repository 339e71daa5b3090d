/** Polls `read` until `done` holds or `timeoutMs` passes; answers the last value read. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const until = performance.now() + timeoutMs;
  let value = await read();
  while (!done(value) && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
