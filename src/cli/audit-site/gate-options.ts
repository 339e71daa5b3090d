import { hostname } from 'node:os';
import {
  AssertionsError,
  gateConfigOf,
  isPresetName,
} from '../../gate/assertions.js';
import { BaselineError, baselineOf } from '../../gate/audit-export.js';
import { jsonFile } from '../json-file.js';
import type { GateOptions } from './audit-gate.js';

/** What the command line gives the gate: --assert and --baseline (its files are outputs). */
export interface GateArguments {
  assert: string;
  baseline?: string;
}

/** --assert and its companions, read before the audit starts: a mistake costs no crawl. */
export async function gateOptionsOf(
  values: GateArguments,
): Promise<GateOptions> {
  const assert = values.assert;
  // seo:recomended is a mistyped preset, not a file of that name.
  const config =
    isPresetName(assert) || /^[a-z]+:[a-z-]+$/.test(assert)
      ? gateConfigOf(assert, '--assert')
      : gateConfigOf(
          await jsonFile(assert, 'the assertions file', AssertionsError),
          assert,
        );
  const given = values.baseline;
  const baseline =
    given === undefined
      ? null
      : /^[1-9]\d{0,15}$/.test(given)
        ? { auditId: Number(given) }
        : baselineOf(
            await jsonFile(given, 'the baseline', BaselineError),
            given,
          );
  return {
    config,
    baseline,
    hostname: hostname(),
    toolVersion: await toolVersion(),
  };
}

/** The version in package.json, which SARIF gives the tool. */
async function toolVersion(): Promise<string> {
  // dist/cli/audit-site/ and src/cli/audit-site/ both sit three folders below it.
  const pkg = (await jsonFile(
    new URL('../../../package.json', import.meta.url).pathname,
    'package.json',
    Error,
  ).catch(() => ({}))) as { version?: string };
  return pkg.version ?? '0.0.0';
}
