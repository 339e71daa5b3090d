import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Options } from 'csv-stringify';
import { visibleBidiControls } from '../../common/bidi-controls.js';

/** A column of an export: its header and what it holds (the docs and the OpenAPI document say it). */
export interface CsvColumn<T> {
  header: string;
  description: string;
  value: (row: T) => string | number | boolean | null;
}

/**
 * RFC 4180 as spreadsheets read it: a header row, CRLF between records, a field quoted
 * when it holds a comma, a quote or a line break (quotes doubled). A text cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms)
 * gets a leading `'`, as OWASP advises, so a crawled title cannot run as a formula;
 * numbers are left alone. A bidi control is written as its code point (`[U+202E]`), so
 * a crawled title cannot show one text and hold another.
 */
export function csvOptions<T>(columns: ReadonlyArray<CsvColumn<T>>): Options {
  return {
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
    // Setting record_delimiter turns off the quoting of a lone CR or LF; RFC 4180 needs it.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  };
}

/** A row as its record of cells, in column order; null is an empty cell; bidi controls in text shown, not obeyed. */
export function recordOf<T>(
  columns: ReadonlyArray<CsvColumn<T>>,
  row: T,
): Array<string | number | boolean | null> {
  return columns.map((column) => {
    const value = column.value(row);
    return typeof value === 'string' ? visibleBidiControls(value) : value;
  });
}

/** Evidence as one cell: text and numbers as they are, anything else as JSON, nothing as empty. */
export function evidenceCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
}

/** The description of a file's columns, for the docs and the OpenAPI document. */
export function describeColumns<T>(
  columns: ReadonlyArray<CsvColumn<T>>,
): string {
  return columns
    .map((column) => `\`${column.header}\`: ${column.description}`)
    .join('; ');
}

/**
 * Writes the rows as CSV into `out`, a batch at a time: the source is read only as fast
 * as `out` drains (backpressure), so memory stays constant whatever the number of rows.
 */
export async function writeCsv<T>(
  rows: AsyncIterable<T>,
  columns: ReadonlyArray<CsvColumn<T>>,
  out: Writable,
): Promise<void> {
  await pipeline(
    Readable.from(records(rows, columns)),
    stringify(csvOptions(columns)),
    out,
  );
}

async function* records<T>(
  rows: AsyncIterable<T>,
  columns: ReadonlyArray<CsvColumn<T>>,
): AsyncGenerator<Array<string | number | boolean | null>> {
  for await (const row of rows) yield recordOf(columns, row);
}
