import { resolve } from 'node:path';
import { UsageError } from './command.js';
import { CLI_FORMATS, formatsOf, STDOUT } from './outputs.js';
import type { OutputCommand, OutTarget } from './outputs.js';

/** The options that ask for outputs: --out, --json, and the formats' own (--junit <file>…). */
export type OutputValues = {
  out?: readonly string[];
  json?: boolean;
} & { [name: string]: unknown };

/**
 * The outputs a command line asks for, read before any work starts: --json (json:-),
 * a format's own option (--junit <file> is --out junit:<file>), then each --out in
 * order. An unknown format, a missing file or a file named twice is a usage error.
 */
export function outTargetsOf(
  command: OutputCommand,
  values: OutputValues,
): OutTarget[] {
  const targets: OutTarget[] = [];
  if (values.json)
    targets.push({ format: 'json', path: STDOUT, given: '--json' });
  for (const format of formatsOf(command)) {
    const path = values[format];
    if (typeof path === 'string') {
      targets.push({ format, path, given: `--${format}` });
    }
  }
  for (const spelled of values.out ?? []) {
    targets.push(outTargetOf(command, spelled));
  }
  refuseTwice(targets);
  return targets;
}

/** One `--out FORMAT:FILE`. */
function outTargetOf(command: OutputCommand, spelled: string): OutTarget {
  const given = `--out ${spelled}`;
  const colon = spelled.indexOf(':');
  const format = colon < 0 ? spelled : spelled.slice(0, colon);
  const path = colon < 0 ? '' : spelled.slice(colon + 1);
  const known = formatsOf(command);
  if (!known.includes(format)) {
    throw new UsageError(
      `${colon < 0 ? `${given} is not FORMAT:FILE` : `${given}: unknown format "${format}"`}; ${command} writes ${known.join(', ')}`,
    );
  }
  if (path === '') {
    throw new UsageError(
      `${given} names no file: give --out ${format}:FILE (${format}:- for stdout)`,
    );
  }
  return { format: format, path, given };
}

/** Two outputs into one file (or both on stdout) would leave one of them. */
function refuseTwice(targets: readonly OutTarget[]): void {
  const seen = new Map<string, OutTarget>();
  for (const target of targets) {
    const where = target.path === STDOUT ? STDOUT : resolve(target.path);
    const before = seen.get(where);
    if (before) {
      throw new UsageError(
        where === STDOUT
          ? `${before.given} and ${target.given} both write to stdout: give one of them a file`
          : `${before.given} and ${target.given} both write ${target.path}: give each output a file of its own`,
      );
    }
    seen.set(where, target);
  }
}

/** The outputs that are the gate's verdict, which --assert must judge first. */
export function verdictTargets(
  command: OutputCommand,
  targets: readonly OutTarget[],
): OutTarget[] {
  return targets.filter(
    (target) => CLI_FORMATS[target.format][command]?.needsVerdict,
  );
}

/** The formats of a command for its usage text: a line each, under `indent` spaces. */
export function formatsUsage(command: OutputCommand, indent: number): string {
  const names = formatsOf(command);
  const width = Math.max(...names.map((name) => name.length));
  const lines = names.map(
    (name) =>
      `${' '.repeat(indent)}${name.padEnd(width)}  ${CLI_FORMATS[name][command]!.describes}`,
  );
  const verdicts = names.filter(
    (name) => CLI_FORMATS[name][command]!.needsVerdict,
  );
  if (verdicts.length > 0) {
    lines.push(
      `${' '.repeat(indent - 2)}${verdicts.join(', ')}: the gate's verdict, with --assert`,
    );
  }
  return lines.join('\n');
}
