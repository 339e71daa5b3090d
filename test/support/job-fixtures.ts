import type { ServerResponse } from 'node:http';
import { html, startFixtureSite } from './fixture-server.js';
import type { FixtureSite } from './fixture-server.js';

/** A page every check can judge: small, quick to serve. */
export const PLAIN_PAGE =
  '<!doctype html><html lang="en"><title>A page for the job tests</title><h1>Jobs</h1><p>Text.</p></html>';

/**
 * A page that takes seconds of CPU to read, under the 5 MiB cap: 4 MB of inline
 * elements nested as deep as the parser goes and never closed.
 */
export const DEEPLY_NESTED_PAGE = `<!doctype html><html lang="en"><title>Nested</title><body>${'<b><i>x'.repeat(600_000)}</body></html>`;

/**
 * The site the job tests analyse:
 * - `/page?n=…` answers PLAIN_PAGE and counts the requests of each n;
 * - `/held` keeps its first answer until `release()` (an analysis caught mid-way),
 *   and answers later requests at once;
 * - `/nested` answers DEEPLY_NESTED_PAGE.
 */
export interface JobSite extends FixtureSite {
  hits: Map<string, number>;
  /** Resolves when the first request of /held arrives. */
  heldArrived: Promise<void>;
  release(): void;
}

export async function startJobSite(): Promise<JobSite> {
  const hits = new Map<string, number>();
  let arrived: () => void = () => {};
  const heldArrived = new Promise<void>((resolve) => (arrived = resolve));
  let held: ServerResponse | null = null;
  let released = false;
  const site = await startFixtureSite({
    '/page': (req, res) => {
      const n = new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? '';
      hits.set(n, (hits.get(n) ?? 0) + 1);
      html(res, PLAIN_PAGE);
    },
    '/held': (_req, res) => {
      if (released || held) {
        html(res, PLAIN_PAGE);
        return;
      }
      held = res;
      arrived();
    },
    '/nested': (_req, res) => html(res, DEEPLY_NESTED_PAGE),
  });
  return {
    ...site,
    hits,
    heldArrived,
    release: () => {
      released = true;
      if (held && !held.writableEnded && !held.destroyed) {
        html(held, PLAIN_PAGE);
      }
    },
  };
}
