import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  Analyser,
  DEFAULT_ANALYSER_OPTIONS,
} from '../../src/analysis/index.js';
import type { Lookup } from '../../src/analysis/index.js';
import { FIXTURE_CERTIFICATE } from './fixture-server.js';

/** A port nothing listens on (bound, then closed): a server that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port free for a server of the test's own to listen on: the same bound-then-closed port. */
export const freePort = closedPort;

/**
 * Name resolution that finds no host, as for a name that does not exist: an analysis
 * given it never asks a resolver, whatever names the analysed pages link to.
 */
export const noNameResolves: Lookup = (hostname) =>
  Promise.reject(
    Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
      code: 'ENOTFOUND',
    }),
  );

/**
 * The analyser the end-to-end tests audit fixture sites with: 127.0.0.1 let through
 * the address policy, no name ever resolved, and the TLS fixture's certificate
 * trusted (startDualFixtureSite).
 */
export function loopbackAnalyser(): Analyser {
  return new Analyser(
    {
      ...DEFAULT_ANALYSER_OPTIONS,
      allowHosts: ['127.0.0.1'],
      deadlineMs: 5000,
    },
    { lookup: noNameResolves, trustedCertificates: [FIXTURE_CERTIFICATE] },
  );
}
