import type { Request } from 'express';
import { originOf } from '../links.js';

export interface PageNumbers {
  total: number;
  /** False when `total` is an estimate: then `next` follows a full page. */
  exact: boolean;
  /** Null when the page was read from a cursor: its place in the list is not counted. */
  page: number | null;
  perPage: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

export interface PageMeta {
  current_page: number | null;
  from: number | null;
  to: number | null;
  last_page: number;
  per_page: number;
  total: number;
  total_is_exact: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
  path: string;
}

/**
 * links and meta of a list envelope; links keep the request's other parameters. A
 * page asked by number links its neighbours by number; one read from a cursor links
 * them by cursor (first and last stay numbered).
 */
export function pageEnvelope(
  request: Request,
  count: number,
  { total, exact, page, perPage, nextCursor, prevCursor }: PageNumbers,
): { links: PageLinks; meta: PageMeta } {
  const origin = originOf(request);
  const requested = new URL(request.originalUrl, origin);
  const path = origin + requested.pathname;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (set: 'page' | 'cursor', value: string) => {
    const params = new URLSearchParams(requested.search);
    params.delete(set === 'page' ? 'cursor' : 'page');
    params.set(set, value);
    return `${path}?${params.toString()}`;
  };
  const numbered = (n: number) => link('page', String(n));
  const cursorLink = (c: string | null) => (c ? link('cursor', c) : null);
  const from = page !== null && count > 0 ? (page - 1) * perPage + 1 : null;
  return {
    links: {
      first: numbered(1),
      last: numbered(lastPage),
      prev:
        page === null
          ? cursorLink(prevCursor)
          : page > 1
            ? numbered(exact ? Math.min(page - 1, lastPage) : page - 1)
            : null,
      next:
        page === null
          ? cursorLink(nextCursor)
          : (exact ? page < lastPage : count === perPage)
            ? numbered(page + 1)
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
      next_cursor: nextCursor,
      prev_cursor: prevCursor,
      path,
    },
  };
}
