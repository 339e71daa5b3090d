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

export interface PageNumbers {
  total: number;
  /** False when `total` is an estimate: then `next` follows a full page. */
  exact: boolean;
  page: number;
  perPage: number;
}

export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

export interface PageMeta {
  current_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
  per_page: number;
  total: number;
  total_is_exact: boolean;
  path: string;
}

/** links and meta of a list envelope; links keep the request's other parameters. */
export function pageEnvelope(
  request: Request,
  count: number,
  { total, exact, page, perPage }: PageNumbers,
): { links: PageLinks; meta: PageMeta } {
  const origin = originOf(request);
  const requested = new URL(request.originalUrl, origin);
  const path = origin + requested.pathname;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const params = new URLSearchParams(requested.search);
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  return {
    links: {
      first: link(1),
      last: link(lastPage),
      prev:
        page > 1 ? link(exact ? Math.min(page - 1, lastPage) : page - 1) : null,
      next: (exact ? page < lastPage : count === perPage)
        ? link(page + 1)
        : null,
    },
    meta: {
      current_page: page,
      from,
      to: from === null ? null : from + count - 1,
      last_page: lastPage,
      per_page: perPage,
      total,
      total_is_exact: exact,
      path,
    },
  };
}
