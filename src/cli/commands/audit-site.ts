import { AssertionsError } from '../../gate/assertions.js';
import { BaselineError } from '../../gate/audit-export.js';
import type { GateOptions } from '../audit-site/audit-gate.js';
import { auditSite, renderAutoSpelled } from '../audit-site/audit-site.js';
import type {
  AuditSiteOptions,
  AuditSiteOutput,
} from '../audit-site/audit-site-options.js';
import { gateOptionsOf } from '../audit-site/gate-options.js';
import { progressBar, progressLines } from '../audit-site/progress.js';
import type { AuditProgress } from '../audit-site/progress.js';
import { httpSiteAuditClient } from '../audit-site/site-audit-client.js';
import { UsageError } from '../command.js';
import type { CliCommand, ParsedArgs } from '../command.js';
import { interruptible } from '../interruptible.js';
import { outTargetsOf, verdictTargets } from '../out-targets.js';
import type { OutTarget } from '../outputs.js';
import { writeCreatingFolders } from '../write-file.js';
import { withServiceHere } from '../with-service-here.js';
import { AUDIT_SITE_USAGE } from './audit-site.usage.js';

const OPTIONS = {
  json: { type: 'boolean', default: false },
  'max-pages': { type: 'string' },
  render: { type: 'boolean', default: false },
  // `--render auto` and `--render=auto`, as renderAutoSpelled spells them.
  'render-auto': { type: 'boolean', default: false },
  lab: { type: 'boolean', default: false },
  'lab-runs': { type: 'string' },
  api: { type: 'string' },
  key: { type: 'string' },
  assert: { type: 'string' },
  baseline: { type: 'string' },
  junit: { type: 'string' },
  sarif: { type: 'string' },
  markdown: { type: 'string' },
  out: { type: 'string', multiple: true },
} as const;

type Values = ParsedArgs<typeof OPTIONS>['values'];

/** How often audit-site reads the audit while it runs. */
const AUDIT_POLL_MS = 500;

export const auditSiteCommand: CliCommand<typeof OPTIONS> = {
  name: 'audit-site',
  usage: AUDIT_SITE_USAGE,
  options: OPTIONS,
  allowPositionals: true,
  spelled: renderAutoSpelled,
  // 1 says a gate failed: a command line it cannot read did not run.
  usageExitCode: 2,
  async run({ values, positionals }, config) {
    const url = positionals[0];
    if (!url) throw new UsageError('audit-site needs a URL');
    const outputs = outTargetsOf('audit-site', values);
    companionsNeedAssert(values, outputs);
    const api = values.api ?? process.env.REPORT_SERVICE_API;
    const key = values.key ?? process.env.REPORT_SERVICE_KEY;
    if (values.baseline && /^\d+$/.test(values.baseline) && !api) {
      // Said before the service starts here: its database would not hold that audit.
      console.error(
        `--baseline ${values.baseline} names an audit of a running service; without --api the audit runs on a throwaway database. Give --api and --key, or the file an earlier audit-site --json wrote.`,
      );
      return 2;
    }
    let gate: GateOptions | undefined;
    try {
      gate =
        values.assert === undefined
          ? undefined
          : await gateOptionsOf({ ...values, assert: values.assert });
    } catch (error) {
      if (error instanceof AssertionsError || error instanceof BaselineError) {
        console.error(error.message);
        return 2;
      }
      throw error;
    }
    const options = { ...auditOptionsOf(url, values), outputs, gate };
    if (Boolean(api) !== Boolean(key)) {
      throw new UsageError(
        'audit-site needs --api and --key together (or REPORT_SERVICE_API and REPORT_SERVICE_KEY), or neither to run the service here',
      );
    }
    return interruptible((signal) =>
      api && key
        ? auditSite(
            httpSiteAuditClient(api, key),
            { ...options, signal },
            terminal(),
          )
        : withServiceHere(
            config,
            (client) => auditSite(client, { ...options, signal }, terminal()),
            // Without an account, the audited site's host stands where its name would.
            URL.parse(options.url)?.host ?? 'audit-site',
          ),
    );
  },
};

/** --baseline and the gate's outputs (--junit, --out sarif:…) without --assert are a usage error. */
function companionsNeedAssert(values: Values, outputs: OutTarget[]): void {
  const gateOnly = [
    ...(values.baseline === undefined ? [] : ['--baseline']),
    ...verdictTargets('audit-site', outputs).map((target) => target.given),
  ];
  if (values.assert === undefined && gateOnly.length > 0) {
    throw new UsageError(
      `${gateOnly.join(', ')} judge assertions: give --assert <file or preset> too`,
    );
  }
}

/** The audit's settings from the command line: --max-pages, --render, --lab. */
function auditOptionsOf(url: string, values: Values): AuditSiteOptions {
  const maxPages = values['max-pages'];
  if (maxPages !== undefined && !/^[1-9]\d{0,8}$/.test(maxPages)) {
    throw new UsageError(
      `--max-pages must be a whole number from 1, got "${maxPages}"`,
    );
  }
  const labRuns = values['lab-runs'];
  if (labRuns !== undefined && (!values.lab || !/^[1-9]$/.test(labRuns))) {
    throw new UsageError(
      `--lab-runs takes a whole number from 1 to 9, with --lab; got "${labRuns}"`,
    );
  }
  return {
    url,
    maxPages: maxPages === undefined ? undefined : Number(maxPages),
    render: values['render-auto'] ? 'auto' : values.render,
    lab: values.lab,
    labRuns: labRuns === undefined ? undefined : Number(labRuns),
    colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    pollMs: AUDIT_POLL_MS,
  };
}

/** stdout, stderr, files, and progress: a bar on a terminal, a line every few seconds in a log. */
function terminal(): AuditSiteOutput {
  return {
    write: writeCreatingFolders,
    out: (content: string | Buffer) =>
      typeof content === 'string'
        ? console.log(content)
        : process.stdout.write(content),
    err: (text: string) => console.error(text),
    progress: process.stderr.isTTY
      ? (state: AuditProgress | null) =>
          process.stderr.write(`\r\x1b[2K${state ? progressBar(state) : ''}`)
      : progressLines((line) => process.stderr.write(line), Date.now),
  };
}
