import { stringify } from 'csv-stringify/sync';
import { csvOptions, recordOf } from '../../site-audits/exports/audit-csv.js';
import type { CsvColumn } from '../../site-audits/exports/audit-csv.js';
import type { DocumentFinding } from '../audit-document.js';
import type { OutputFormat } from '../output-format.js';

/** One row per finding, the most important first: the list an agency's tracker imports. */
export const FINDING_COLUMNS: ReadonlyArray<CsvColumn<DocumentFinding>> = [
  {
    header: 'priority',
    description: 'Higher first.',
    value: (f) => f.priority,
  },
  { header: 'check_id', description: "The check's id.", value: (f) => f.id },
  { header: 'title', description: "The check's title.", value: (f) => f.title },
  {
    header: 'scope',
    description: '`host`, `template`, `site` or `page`.',
    value: (f) => f.scope,
  },
  {
    header: 'importance',
    description: '`high`, `medium` or `low`.',
    value: (f) => f.importance,
  },
  { header: 'pages', description: 'Pages it affects.', value: (f) => f.pages },
  { header: 'advice', description: 'What to change.', value: (f) => f.advice },
  {
    header: 'examples',
    description: 'The first pages it affects (at most 3), space-separated.',
    value: (f) => f.examples.join(' '),
  },
];

export const CSV_FORMAT: OutputFormat = {
  name: 'csv',
  summary: 'the findings, one row each, the most important first',
  mediaType: 'text/csv; charset=utf-8',
  extension: 'findings.csv',
  description:
    'The findings, one row each, the most important first (every affected page of every check is in `issues.csv`).',
  needs: { pagesPerFinding: 0 },
  siteAudit: (document) =>
    Promise.resolve(
      Buffer.from(
        stringify(
          document.findings.map((finding) =>
            recordOf(FINDING_COLUMNS, finding),
          ),
          csvOptions(FINDING_COLUMNS),
        ),
      ),
    ),
};
