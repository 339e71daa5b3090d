import type { PrintedPdf } from '../rendering/index.js';
import type { GateConfig } from '../gate/assertions.js';
import type { SiteAuditDocument } from './audit-document.js';
import type { ReportDocument } from './report-document.js';
import type { DocumentNeeds } from './site-audit-documents.js';

/** What a format may use besides the document: the browser that prints, the gate's rules. */
export interface OutputTools {
  /** Prints a self-contained HTML document in the sandboxed browser (no script, no network). */
  print(
    html: string,
    frame: { header: string; footer: string },
  ): Promise<PrintedPdf>;
  /** The assertions a verdict format (JUnit, SARIF, Markdown) judges the audit by. */
  gate: GateConfig;
  /** The host a JUnit report names. */
  hostname: string;
  /** The version SARIF gives the tool. */
  toolVersion: string;
}

/**
 * One way an audit goes out (docs/outputs.md): its name in routes and `--out`, its
 * media type, what of the document it needs, and how it writes the documents of the
 * subjects it serves. A new format is a
 * module of formats/, its line in output-formats.ts, and its test.
 */
export interface OutputFormat {
  readonly name: string;
  readonly mediaType: string;
  /** The file name's ending: `site-audit-12.<extension>`. */
  readonly extension: string;
  /** One sentence for the API's documentation. */
  readonly description: string;
  /** A few words for the command line's usage text. */
  readonly summary: string;
  readonly needs: DocumentNeeds;
  /** Printed in Chromium: where the service has none, it answers 503. */
  readonly printed?: true;
  /** How it writes a site audit's document. */
  readonly siteAudit?: (
    document: SiteAuditDocument,
    tools: OutputTools,
  ) => Promise<Buffer>;
  /** How it writes a report's; absent for a format of site audits only. */
  readonly report?: (
    document: ReportDocument,
    tools: OutputTools,
  ) => Promise<Buffer>;
}
