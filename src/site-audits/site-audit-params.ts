import { ID_PATTERN, PathParam } from '../common/path-param.js';

/** An audit's `{id}`. */
export const AuditId = () =>
  PathParam({
    name: 'id',
    pattern: ID_PATTERN,
    notFound: 'There is no such site audit.',
    description:
      "The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404.",
    schema: { type: 'integer', format: 'int64', minimum: 1 },
  });

/** A page's `{page_id}`: its place in its audit's crawl order. */
export const AuditPageId = () =>
  PathParam<number>({
    name: 'page_id',
    pattern: /^[1-9]\d{0,8}$/,
    parse: Number,
    notFound: 'There is no such page in this site audit.',
    description:
      "The page's `id` in its audit (its place in crawl order), as `/pages` lists it.",
    schema: { type: 'integer', minimum: 1, maximum: 999_999_999 },
  });

/** A check's `{check_id}`: a page or site check. */
export const CheckId = () =>
  PathParam({
    name: 'check_id',
    pattern: /^[a-z0-9_]{1,64}$/,
    notFound: 'There is no such check.',
    description: 'A page or site check id, as docs/checks.md names it.',
    schema: { type: 'string', pattern: '^[a-z0-9_]{1,64}$' },
  });
