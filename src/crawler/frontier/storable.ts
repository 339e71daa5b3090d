/**
 * What a site sends, made storable: PostgreSQL refuses a NUL character in text and
 * in JSON, and an unpaired surrogate in JSON. Both are replaced at the boundary, so no
 * page can make a write fail.
 */

// eslint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL refuses
const NUL = /\u0000/g;
const UNPAIRED =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(text: string): string;
export function storableText(text: string | null): string | null;
export function storableText(text: string | null): string | null {
  if (text === null) return null;
  return text.replace(NUL, '\uFFFD').replace(UNPAIRED, '\uFFFD');
}

/** JSON text of a value whose strings are all storable. */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? storableText(item) : item,
  );
}
