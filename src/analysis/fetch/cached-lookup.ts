/** Resolves a host name to every address it has (the Lookup of address-policy.ts). */
type Resolve = (
  hostname: string,
) => Promise<{ address: string; family: number }[]>;

export interface LookupLimits {
  /** How long an answer, or a failure, is kept. */
  ttlMs: number;
  /** Names kept at most (the oldest go first). */
  maxEntries: number;
  /** Lookups asked of the system at once. */
  concurrency: number;
}

/**
 * The system resolver (getaddrinfo: /etc/hosts, then DNS) holds one of libuv's four
 * threads, which file reads, zlib and crypto share, for as long as a resolver takes
 * to give up: seconds, for each name of a page of outside links. Asked at most
 * `concurrency` at a time, once per name while one is asked, and kept `ttlMs` (a
 * failure too), so a crawl meeting thousands of links to a few outside hosts asks
 * each host once. Connections still go to the checked address (connector.ts), so
 * keeping an answer opens no rebinding.
 */
export function cachedLookup(resolve: Resolve, limits: LookupLimits): Resolve {
  const kept = new Map<
    string,
    { answer: ReturnType<Resolve>; expires: number }
  >();
  let running = 0;
  const waiting: Array<() => void> = [];
  const ask = async (hostname: string) => {
    while (running >= limits.concurrency) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await resolve(hostname);
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  return (hostname) => {
    const name = hostname.toLowerCase();
    const now = Date.now();
    const found = kept.get(name);
    if (found && found.expires > now) return found.answer;
    kept.delete(name);
    if (kept.size >= limits.maxEntries) {
      kept.delete(kept.keys().next().value!);
    }
    const answer = ask(name);
    // Kept from the moment it is asked: one ask however many wait for it.
    kept.set(name, { answer, expires: now + limits.ttlMs });
    answer.catch(() => undefined);
    return answer;
  };
}
