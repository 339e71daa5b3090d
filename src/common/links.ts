import type { Request } from 'express';

/** A DNS name or IPv4 address, or a bracketed IPv6 literal, with an optional port. */
const HOST_SYNTAX =
  /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * scheme://host of the request as the client addressed it. Express reads
 * X-Forwarded-Proto/Host only when `trust proxy` is on (TRUST_PROXY).
 */
export function originOf(request: Request): string {
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const host = request.host;
  if (host && host.length <= 260 && HOST_SYNTAX.test(host)) {
    return `${scheme}://${host}`;
  }
  // No Host (HTTP/1.0) or one that is not a host: the address this socket answered on.
  const address = request.socket.localAddress ?? '127.0.0.1';
  const literal = address.includes(':') ? `[${address}]` : address;
  return `${scheme}://${literal}:${request.socket.localPort}`;
}
