import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PAGE_FACT_NAMES, pageFact } from '../../analysis/index.js';
import type { PageFactName } from '../../analysis/index.js';
import type { PageRecord, PageSettlement } from './crawl-records.js';
import { storableJson, storableText } from './storable.js';

/** A column a page's record fills: its name, its type in the unnest, and its value. */
type RecordColumn = [string, string, (record: PageRecord) => unknown];

/** How a fact of the page-fact table travels in the unnest: arrays do not nest, so a text[] goes as one text of lines. */
function factColumn(name: PageFactName): RecordColumn {
  const { column, sql } = pageFact(name);
  const value = (record: PageRecord): unknown => record[name];
  switch (sql) {
    case 'text':
      return [column, 'text', (r) => storableText(value(r) as string | null)];
    case 'jsonb':
      return [
        column,
        'jsonb',
        (r) => (value(r) === null ? null : storableJson(value(r))),
      ];
    case 'text[]':
      return [
        column,
        'text',
        (r) => {
          const lines = value(r) as string[] | null;
          return lines === null ? null : storableText(lines.join('\n'));
        },
      ];
    default:
      return [column, sql, value];
  }
}

/** The columns a page's record fills, from the unnest of recordArrays: its answer, its facts, its judgement. */
const RECORD_COLUMNS: RecordColumn[] = [
  ['status_code', 'int', (r) => r.statusCode],
  ['error', 'text', (r) => r.error],
  ['redirect_to', 'text', (r) => storableText(r.redirectTo)],
  ['content_type', 'text', (r) => storableText(r.contentType)],
  ['html', 'boolean', (r) => r.html],
  ['truncated', 'boolean', (r) => r.truncated],
  ['texts_cut', 'boolean', (r) => r.textsCut],
  ['links_cut', 'boolean', (r) => r.linksCut],
  ...PAGE_FACT_NAMES.map(factColumn),
  ['outlinks', 'int', (r) => r.outlinks],
  ['plan', 'jsonb', (r) => (r.plan === null ? null : storableJson(r.plan))],
  [
    'results',
    'jsonb',
    (r) => (r.results === null ? null : storableJson(r.results)),
  ],
  [
    'render',
    'jsonb',
    (r) => (r.render === null ? null : storableJson(r.render)),
  ],
  ['score', 'int', (r) => r.score],
  ['result', 'text', (r) => r.result],
  // Arrays do not nest in unnest: the failed checks travel as one text of lines.
  ['failed_checks', 'text', (r) => r.failedChecks.join('\n')],
];

/** The columns that travel as one text of lines and are split into a text[] when set. */
const LINES_COLUMNS = new Set(
  PAGE_FACT_NAMES.map(pageFact)
    .filter((fact) => fact.sql === 'text[]')
    .map((fact) => fact.column),
);

function recordArrays(records: PageRecord[]): unknown[][] {
  return RECORD_COLUMNS.map(([, , value]) => records.map(value));
}

/**
 * What a requested page answered and what it is, as its record keeps it: its answer, the
 * facts of the page-fact table and its judgement, written once for a batch in one statement.
 */
@Injectable()
export class PageRecordsRepository {
  /**
   * Stores the pages' records, last in the batch: an update of a row is, to a
   * concurrent insert of the same URL, an insert not yet committed, so written first
   * two pages that link to each other would wait on each other.
   */
  async store(
    manager: EntityManager,
    settlements: PageSettlement[],
  ): Promise<void> {
    const columns = RECORD_COLUMNS.map(([name]) => name);
    const values = columns
      .map((name) =>
        LINES_COLUMNS.has(name)
          ? `string_to_array(r.${name}, E'\\n')`
          : name === 'failed_checks'
            ? `CASE WHEN r.failed_checks = '' THEN '{}'::text[]
                 ELSE string_to_array(r.failed_checks, E'\\n') END`
            : `r.${name}`,
      )
      .join(', ');
    const types = RECORD_COLUMNS.map(
      ([, type], i) => `$${i + 2}::${type}[]`,
    ).join(', ');
    // The frontier row only says the page is done; its record is a row of its own, written once.
    await manager.query(
      `WITH done AS (
         UPDATE site_audit_urls SET state = 'done', lease_until = NULL, updated_at = now()
         WHERE key = ANY($1::bigint[]) RETURNING key)
       INSERT INTO site_audit_page_records (key, ${columns.join(', ')})
       SELECT r.key, ${values}
       FROM unnest($1::bigint[], ${types}) AS r(key, ${columns.join(', ')})
       WHERE r.key IN (SELECT key FROM done)`,
      [
        settlements.map(({ page }) => page.key),
        ...recordArrays(settlements.map(({ reading }) => reading.record)),
      ],
    );
  }
}
