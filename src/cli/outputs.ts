import type { AuditExport } from '../gate/audit-export.js';
import { OUTPUT_FORMATS } from '../outputs/output-formats.js';
import type { GateVerdict } from '../gate/judge-gate.js';
import { renderJunit } from '../outputs/formats/junit.js';
import { renderMarkdown } from '../outputs/formats/markdown.js';
import { renderSarif } from '../outputs/formats/sarif.js';

/** What audit-site writes a format from: its export and, with --assert, the gate's verdict. */
export interface SiteAuditDocument {
  exported: AuditExport;
  /** The audit as the service's output format of that name writes it (docs/outputs.md). */
  exportAs(format: string): Promise<Buffer>;
  /** The verdict, and what JUnit and SARIF name with it: the host, the tool's version. */
  gate: { verdict: GateVerdict; hostname: string; toolVersion: string } | null;
}

/** What analyse writes a format from: the results, as --json prints them. */
export interface ReportDocument {
  report: unknown;
  /** The page's audit as an output format of the registry writes it, printed here. */
  written(format: string): Promise<Buffer>;
}

/** Each command that writes outputs, and the document it writes them from. */
export interface OutputDocuments {
  'audit-site': SiteAuditDocument;
  analyse: ReportDocument;
}
export type OutputCommand = keyof OutputDocuments;

/** How a command writes one format: its text, and whether it needs --assert. */
export interface FormatWriter<D> {
  /** What the output holds, for the command's usage text. */
  describes: string;
  render(document: D): string | Buffer | Promise<string | Buffer>;
  needsVerdict?: boolean;
}

/** A format the command line knows: a writer for each command that writes it. */
export type CliFormat = {
  [C in OutputCommand]?: FormatWriter<OutputDocuments[C]>;
};

/** The gate's verdict of an audit-site run; an output of it without --assert is refused before. */
function verdictOf(document: SiteAuditDocument) {
  if (!document.gate)
    throw new Error('This output is the gate’s: give --assert');
  return document.gate;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The formats the command line writes itself: json, the export the gate judges and a
 * baseline is read from, and the gate's verdict by its assertions and baseline (--json,
 * --junit, --sarif and --markdown stand for json:-, junit:FILE, sarif:FILE and
 * markdown:FILE).
 */
const OWN_FORMATS = {
  json: {
    'audit-site': {
      describes: 'the audit and its issues, as --json prints them',
      render: ({ exported }) => json(exported),
    },
    analyse: {
      describes: 'the raw results, as --json prints them',
      render: ({ report }) => json(report),
    },
  },
  junit: {
    'audit-site': {
      describes: 'the verdict as JUnit XML (a test case per assertion)',
      needsVerdict: true,
      render: (document) => {
        const { verdict, hostname } = verdictOf(document);
        return renderJunit(verdict, { hostname });
      },
    },
  },
  sarif: {
    'audit-site': {
      describes: 'the verdict as SARIF 2.1.0 (a result per failed page)',
      needsVerdict: true,
      render: (document) => {
        const { verdict, toolVersion } = verdictOf(document);
        return renderSarif(verdict, { toolVersion });
      },
    },
  },
  markdown: {
    'audit-site': {
      describes: 'the verdict as a pull-request comment',
      needsVerdict: true,
      render: (document) => renderMarkdown(verdictOf(document).verdict),
    },
  },
} satisfies Record<string, CliFormat>;

/**
 * Every other format of the registry (docs/outputs.md): a site audit's asked of the
 * service that holds it, a page's written and printed here. A new format of the
 * registry is a format of `--out` with nothing to add here.
 */
const REGISTRY_FORMATS: Record<string, CliFormat> = Object.fromEntries(
  OUTPUT_FORMATS.filter(
    (format) => !Object.hasOwn(OWN_FORMATS, format.name),
  ).map((format): [string, CliFormat] => [
    format.name,
    {
      ...(format.siteAudit && {
        'audit-site': {
          describes: format.summary,
          render: (document) => document.exportAs(format.name),
        },
      }),
      ...(format.report && {
        analyse: {
          describes: format.summary,
          render: (document) => document.written(format.name),
        },
      }),
    },
  ]),
);

/** The formats of `--out FORMAT:FILE`, the registry's first, in its order. */
export type CliFormatName = string;
export const CLI_FORMATS: Readonly<Record<CliFormatName, CliFormat>> = {
  ...REGISTRY_FORMATS,
  ...OWN_FORMATS,
};

/** The formats a command writes, in the order the table has them. */
export function formatsOf(command: OutputCommand): CliFormatName[] {
  return Object.keys(CLI_FORMATS).filter(
    (name) => CLI_FORMATS[name][command] !== undefined,
  );
}

/** The path that stands for stdout. */
export const STDOUT = '-';

/** One output asked for: a format, its file (or STDOUT), and how the command line said it. */
export interface OutTarget {
  format: CliFormatName;
  path: string;
  /** `--out junit:seo.xml`, `--junit`, `--json`: for messages. */
  given: string;
}

/** Where outputs go: stdout, or a file. */
export interface OutputSink {
  out(content: string | Buffer): void;
  write(path: string, content: string | Buffer): Promise<void>;
}

/** Writes each output asked for, in order. */
export async function writeOutputs<C extends OutputCommand>(
  command: C,
  targets: readonly OutTarget[],
  document: OutputDocuments[C],
  sink: OutputSink,
): Promise<void> {
  for (const target of targets) {
    const writer = CLI_FORMATS[target.format][command];
    if (!writer) throw new Error(`${command} writes no ${target.format}`);
    const content = await writer.render(document);
    if (target.path === STDOUT) sink.out(content);
    else await sink.write(target.path, content);
  }
}
