import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a URL's record keeps: its answer, its facts, its checks and its own judgement. */
const RECORD_COLUMNS = `status_code smallint, error text, redirect_to text, content_type text,
  html boolean NOT NULL DEFAULT false, truncated boolean NOT NULL DEFAULT false,
  texts_cut boolean NOT NULL DEFAULT false, links_cut boolean NOT NULL DEFAULT false,
  title text, meta_description text, canonical text,
  noindex boolean NOT NULL DEFAULT false, indexable boolean NOT NULL DEFAULT false,
  hreflang jsonb, words integer, text_digest text, robots text[], skeleton text,
  minhash text, structured_data_types text[], accessibility_rules text[],
  outlinks integer NOT NULL DEFAULT 0, plan jsonb, results jsonb, render jsonb,
  score smallint, result text, failed_checks text[] NOT NULL DEFAULT '{}'::text[]`;

const RECORD_NAMES = `status_code, error, redirect_to, content_type, html, truncated,
  texts_cut, links_cut, title, meta_description, canonical, noindex, indexable, hreflang,
  words, text_digest, robots, skeleton, minhash, structured_data_types, accessibility_rules,
  outlinks, plan, results, render, score, result, failed_checks`;

/** What the site judgement adds to a page: its inlinks, its final judgement, its template. */
const JUDGEMENT_COLUMNS = `inlinks integer NOT NULL DEFAULT 0, score smallint, result text,
  failed_checks text[], site_checks jsonb, rejudged jsonb, template integer`;

/** Columns the judgement writes over the record's own: the judgement's, once it has one. */
const JUDGED_OVER_RECORD = new Set(['score', 'result', 'failed_checks']);

interface ColumnRow {
  column_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

async function columnsOf(db: QueryRunner, table: string): Promise<ColumnRow[]> {
  const rows = (await db.query(
    `SELECT column_name, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  )) as ColumnRow[];
  return rows.filter((row) => row.column_name !== 'key');
}

/** A column as the view reads it: where the row has none, what the table would default to. */
function orDefault(expression: string, column: ColumnRow): string {
  return column.is_nullable === 'NO' && column.column_default !== null
    ? `coalesce(${expression}, ${column.column_default})`
    : expression;
}

/**
 * (Re)creates `site_audit_page_rows`, the page as reads see it: its frontier row, its
 * record and its judgement, from the tables' columns as they are now. A migration that
 * adds a page fact (a column of site_audit_page_records) calls it after.
 */
export async function recreatePageRows(db: QueryRunner): Promise<void> {
  const urls = await columnsOf(db, 'site_audit_urls');
  const records = await columnsOf(db, 'site_audit_page_records');
  const judgements = await columnsOf(db, 'site_audit_page_judgements');
  const recordNames = new Set(records.map((c) => c.column_name));
  const select = [
    'u.key',
    ...urls.map((c) => `u.${c.column_name}`),
    ...records.map((c) =>
      JUDGED_OVER_RECORD.has(c.column_name)
        ? `${orDefault(`coalesce(j.${c.column_name}, r.${c.column_name})`, c)} AS ${c.column_name}`
        : `${orDefault(`r.${c.column_name}`, c)} AS ${c.column_name}`,
    ),
    ...judgements
      .filter((c) => !recordNames.has(c.column_name))
      .map((c) => `${orDefault(`j.${c.column_name}`, c)} AS ${c.column_name}`),
  ];
  await db.query(`DROP VIEW IF EXISTS site_audit_page_rows`);
  await db.query(
    `CREATE VIEW site_audit_page_rows AS SELECT ${select.join(', ')}
     FROM site_audit_urls u
     LEFT JOIN site_audit_page_records r ON r.key = u.key
     LEFT JOIN site_audit_page_judgements j ON j.key = u.key`,
  );
}

/**
 * A page's record in a table of its own, written once when the page is settled (or its
 * probe answers), and the site judgement's in another: the frontier row the claim and
 * the waves rewrite keeps only where the URL stands in the crawl. Reads see the three
 * together as `site_audit_page_rows`.
 */
export class PageRecords1765800000000 implements MigrationInterface {
  name = 'PageRecords1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE site_audit_page_records (
         key bigint PRIMARY KEY REFERENCES site_audit_urls (key) ON DELETE CASCADE,
         ${RECORD_COLUMNS})`,
    );
    await db.query(
      `INSERT INTO site_audit_page_records (key, ${RECORD_NAMES})
       SELECT key, ${RECORD_NAMES} FROM site_audit_urls
       WHERE state IN ('done', 'probed', 'skipped')`,
    );
    await db.query(
      `CREATE TABLE site_audit_page_judgements (
         key bigint PRIMARY KEY REFERENCES site_audit_urls (key) ON DELETE CASCADE,
         ${JUDGEMENT_COLUMNS})`,
    );
    // A judged page has its site checks (an empty list at least); before, only its inlinks or template.
    await db.query(
      `INSERT INTO site_audit_page_judgements
         (key, inlinks, score, result, failed_checks, site_checks, rejudged, template)
       SELECT key, inlinks,
              CASE WHEN site_checks IS NOT NULL THEN score END,
              CASE WHEN site_checks IS NOT NULL THEN result END,
              CASE WHEN site_checks IS NOT NULL THEN failed_checks END,
              site_checks, rejudged, template
       FROM site_audit_urls
       WHERE inlinks <> 0 OR site_checks IS NOT NULL OR template IS NOT NULL`,
    );
    await db.query(
      `ALTER TABLE site_audit_urls ${[
        ...RECORD_NAMES.split(',').map((name) => name.trim()),
        'inlinks',
        'site_checks',
        'rejudged',
        'template',
      ]
        .map((name) => `DROP COLUMN ${name}`)
        .join(', ')}`,
    );
    await recreatePageRows(db);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW site_audit_page_rows`);
    await db.query(
      `ALTER TABLE site_audit_urls ${RECORD_COLUMNS.split(/,\s*(?![^(]*\))/)
        .map((column) => `ADD COLUMN ${column.trim()}`)
        .join(', ')}, ADD COLUMN inlinks integer NOT NULL DEFAULT 0,
        ADD COLUMN site_checks jsonb, ADD COLUMN rejudged jsonb, ADD COLUMN template integer`,
    );
    await db.query(
      `UPDATE site_audit_urls u SET (${RECORD_NAMES}) = (SELECT ${RECORD_NAMES}
         FROM site_audit_page_records r WHERE r.key = u.key)
       WHERE EXISTS (SELECT 1 FROM site_audit_page_records r WHERE r.key = u.key)`,
    );
    await db.query(
      `UPDATE site_audit_urls u SET inlinks = j.inlinks, site_checks = j.site_checks,
         rejudged = j.rejudged, template = j.template,
         score = coalesce(j.score, u.score), result = coalesce(j.result, u.result),
         failed_checks = coalesce(j.failed_checks, u.failed_checks)
       FROM site_audit_page_judgements j WHERE j.key = u.key`,
    );
    await db.query(`DROP TABLE site_audit_page_judgements`);
    await db.query(`DROP TABLE site_audit_page_records`);
    const done = `WHERE state = ANY (ARRAY['done', 'blocked', 'skipped'])`;
    await db.query(
      `CREATE INDEX site_audit_pages_failing ON site_audit_urls USING gin (failed_checks) ${done}`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_inlinks ON site_audit_urls (audit_id, inlinks, place) ${done}`,
    );
    await db.query(
      `CREATE INDEX site_audit_pages_score ON site_audit_urls (audit_id, score, place) ${done}`,
    );
  }
}
