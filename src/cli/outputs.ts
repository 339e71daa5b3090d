import type { AuditExport } from '../gate/audit-export.js';
import type { GateVerdict } from '../gate/judge-gate.js';
import { renderJunit } from '../outputs/formats/junit.js';
import { renderMarkdown } from '../outputs/formats/markdown.js';
import { renderSarif } from '../outputs/formats/sarif.js';

/** What audit-site writes a format from: its export and, with --assert, the gate's verdict. */
export interface SiteAuditDocument {
  exported: AuditExport;
  /** The verdict, and what JUnit and SARIF name with it: the host, the tool's version. */
  gate: { verdict: GateVerdict; hostname: string; toolVersion: string } | null;
}

/** What analyse writes a format from: the results, as --json prints them. */
export interface ReportDocument {
  report: unknown;
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
  render(document: D): string | Promise<string>;
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
 * The formats of `--out FORMAT:FILE` (and of --json, --junit, --sarif and --markdown,
 * which stand for json:-, junit:FILE, sarif:FILE and markdown:FILE): a format is one
 * entry here.
 */
const FORMATS = {
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

export type CliFormatName = keyof typeof FORMATS;
export const CLI_FORMATS: Readonly<Record<CliFormatName, CliFormat>> = FORMATS;

/** The formats a command writes, in the order the table has them. */
export function formatsOf(command: OutputCommand): CliFormatName[] {
  return (Object.keys(CLI_FORMATS) as CliFormatName[]).filter(
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
  out(text: string): void;
  write(path: string, content: string): Promise<void>;
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
