import { CSV_FORMAT } from './formats/csv.js';
import { HTML_FORMAT } from './formats/html.js';
import { JSON_FORMAT } from './formats/json.js';
import { JUNIT_FORMAT } from './formats/junit.js';
import { MARKDOWN_FORMAT } from './formats/markdown.js';
import { PDF_FORMAT } from './formats/pdf.js';
import { SARIF_FORMAT } from './formats/sarif.js';
import type { OutputFormat } from './output-format.js';

/** Every way out for an audit: the route, the CLI's `--out` and the docs read this list. */
export const OUTPUT_FORMATS: readonly OutputFormat[] = [
  PDF_FORMAT,
  HTML_FORMAT,
  JSON_FORMAT,
  CSV_FORMAT,
  MARKDOWN_FORMAT,
  JUNIT_FORMAT,
  SARIF_FORMAT,
];

export const OUTPUT_FORMAT_NAMES: readonly string[] = OUTPUT_FORMATS.map(
  (format) => format.name,
);

/** The format of that name; undefined for a name no format has. */
export function outputFormatNamed(name: string): OutputFormat | undefined {
  return OUTPUT_FORMATS.find((format) => format.name === name);
}
