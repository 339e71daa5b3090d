import { ValidateBy, buildMessage } from 'class-validator';
import type { ValidationArguments } from 'class-validator';

/** The orders a list can be read in, each with an index the cursor walks. */
export const SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/**
 * A position in the list, as `cursor` carries it: the sort key's value of one report
 * (null when the report has none) and its id, and which way to read from there.
 * Opaque to clients: base64url of a small JSON object.
 */
export interface ListCursor {
  /** The sort_by the cursor was made for: its value means nothing under another. */
  sortBy: SortKey;
  /** The report's value of the sort key as text (CURSOR_VALUES); null sorts last. */
  value: string | null;
  id: string;
  /** 'next' reads the reports after the position, 'prev' those before it. */
  towards: 'next' | 'prev';
}

/** The longest cursor accepted: a url of 2048 characters, escaped, in base64. */
const MAX_CURSOR_LENGTH = 12_000;

export function encodeCursor(cursor: ListCursor): string {
  const { sortBy, value, id, towards } = cursor;
  return Buffer.from(
    JSON.stringify({
      s: sortBy,
      v: value,
      i: id,
      t: towards === 'prev' ? 'p' : 'n',
    }),
  ).toString('base64url');
}

/** The cursor the text encodes, or null for anything encodeCursor did not make. */
export function decodeCursor(text: unknown): ListCursor | null {
  if (
    typeof text !== 'string' ||
    text.length > MAX_CURSOR_LENGTH ||
    !/^[A-Za-z0-9_-]+$/.test(text)
  ) {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { s, v, i, t } = parsed as Record<string, unknown>;
  if (typeof i !== 'string' || !/^[1-9]\d{0,17}$/.test(i)) return null;
  if (t !== 'n' && t !== 'p') return null;
  if (!validValue(s, v)) return null;
  return {
    sortBy: s as SortKey,
    value: v as string | null,
    id: i,
    towards: t === 'p' ? 'prev' : 'next',
  };
}

/** The value a report can have under the sort key, in PostgreSQL's text form. */
function validValue(sortBy: unknown, value: unknown): boolean {
  if (sortBy === 'id') return value === null;
  if (value === null) return sortBy === 'generated_at' || sortBy === 'result';
  if (typeof value !== 'string') return false;
  switch (sortBy) {
    case 'url':
      // eslint-disable-next-line no-control-regex
      return value.length <= 2048 && !/[\u0000-\u001f\u007f]/.test(value);
    case 'result':
      return /^[123]$/.test(value);
    case 'generated_at':
      return (
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value) &&
        !Number.isNaN(Date.parse(value))
      );
    default:
      return false;
  }
}

/**
 * A cursor made by this service for the request's sort_by. Checked here so a bad one
 * is a 422 naming `cursor` like every other bad parameter.
 */
export function IsListCursor() {
  return ValidateBy({
    name: 'isListCursor',
    validator: {
      validate(value: unknown, args?: ValidationArguments): boolean {
        const cursor = decodeCursor(value);
        const sortBy = (args?.object as { sort_by?: unknown }).sort_by;
        return cursor !== null && cursor.sortBy === sortBy;
      },
      defaultMessage: buildMessage(
        () =>
          'cursor must be a links.next or links.prev cursor of a list with the same sort_by',
      ),
    },
  });
}
