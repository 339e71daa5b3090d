import type { OutTarget } from '../outputs.js';
import type { GateOptions, WriteFile } from './audit-gate.js';
import type { AuditProgress } from './progress.js';

/** What audit-site is asked to do, from its command line. */
export interface AuditSiteOptions {
  url: string;
  maxPages?: number;
  /** --render: pages rendered in a browser; `--render auto`: where it matters. */
  render?: boolean | 'auto';
  /** --lab: templates measured in a lab browser, --lab-runs runs a page. */
  lab?: boolean;
  labRuns?: number;
  /** --json: the audit and its issues on stdout, as the output json:- is. */
  json?: boolean;
  /** --out FORMAT:FILE and its aliases: the outputs to write, in order. */
  outputs?: readonly OutTarget[];
  colour: boolean;
  /** How often the audit is read while it runs. */
  pollMs: number;
  /** Aborted (Ctrl-C): the audit is cancelled and the command gives up. */
  signal?: AbortSignal;
  /** --assert: judge the audit and exit 1 when an `error` assertion fails. */
  gate?: GateOptions;
  /** The clock progress is timed by; Date.now unless a test gives its own. */
  now?: () => number;
}

/** Where audit-site speaks: stdout, stderr, progress, files. */
export interface AuditSiteOutput {
  /** The command's output: stdout (an output's bytes, or text for a person). */
  out(content: string | Buffer): void;
  /** Why it could not run, and progress for a person: stderr. */
  err(text: string): void;
  /** Where the audit stands while it runs, at each read; null once it is judged or given up. */
  progress?(state: AuditProgress | null): void;
  /** Writes the outputs' files (--out, --junit, --sarif, --markdown). */
  write?: WriteFile;
}
