import type { Request } from 'express';
import { pageEnvelope } from './page-envelope.js';
import type { PageLinks, PageMeta } from './page-envelope.js';
import type { PageQuery } from './page.query.js';

/** A numbered page of a list whose total is counted exactly. */
export interface NumberedPage<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * Counts first, then reads the page's rows: an empty list, or a page past the end,
 * reads no rows.
 */
export async function countThenPage<T>(
  { page, per_page: perPage }: PageQuery,
  count: () => Promise<number>,
  read: (offset: number, limit: number) => Promise<T[]>,
): Promise<NumberedPage<T>> {
  const total = await count();
  const offset = (page - 1) * perPage;
  const items = offset < total ? await read(offset, perPage) : [];
  return { items, total, page, perPage };
}

/** The list envelope of a numbered page: its items as `view` shows them, links and meta. */
export function numberedEnvelope<T, View>(
  request: Request,
  page: NumberedPage<T>,
  view: (item: T) => View,
): { data: View[]; links: PageLinks; meta: PageMeta } {
  return {
    data: page.items.map(view),
    ...pageEnvelope(request, page.items.length, {
      total: page.total,
      exact: true,
      page: page.page,
      perPage: page.perPage,
      nextCursor: null,
      prevCursor: null,
    }),
  };
}
