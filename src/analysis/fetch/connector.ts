import { buildConnector } from 'undici';
import { AnalysisError } from '../errors.js';
import { parseAddress, resolveAllowed } from './address-policy.js';
import type { AddressPolicy, Lookup } from './address-policy.js';

/**
 * The connect-time address check, the heart of the SSRF boundary: the host of every
 * connection is resolved and checked, the socket is opened to that very address, and
 * its remote address is checked again, so DNS rebinding cannot slip through.
 */
export function guardedConnector(
  policy: AddressPolicy,
  lookup: Lookup,
  timeoutMs: number,
  trustedCertificates: string[] | undefined,
): buildConnector.connector {
  const connectTo = buildConnector({
    timeout: timeoutMs,
    ...(trustedCertificates ? { ca: trustedCertificates } : {}),
  });
  return (target, callback) => {
    resolveAllowed(target.hostname, policy, lookup).then(
      ({ address }) => {
        connectTo(
          {
            ...target,
            hostname: address,
            servername: target.servername || serverNameOf(target.hostname),
          },
          (error, socket) => {
            if (error) return callback(error, null);
            const refusal = refusalOfSocket(socket, policy, target.hostname);
            if (refusal === null) return callback(null, socket);
            socket.destroy();
            callback(refusal, null);
          },
        );
      },
      (error: Error) => callback(error, null),
    );
  };
}

/** SNI carries the host name the URL asked for; IP literals send none. */
function serverNameOf(hostname: string): string | undefined {
  return parseAddress(hostname) ? undefined : hostname;
}

function refusalOfSocket(
  socket: { remoteAddress?: string },
  policy: AddressPolicy,
  hostname: string,
): AnalysisError | null {
  const address = socket.remoteAddress;
  const reason = address
    ? policy.refusal(address, hostname)
    : 'unknown address';
  if (reason === null) return null;
  return new AnalysisError(
    'blocked',
    `The connection to ${hostname} reached ${address ?? 'an unknown address'}, which is not allowed (${reason}).${address ? ` ${policy.hint(address, hostname)}` : ''}`,
  );
}
