import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { Module } from '@nestjs/common';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  Analyser,
  AnalysisError,
  renderResults,
  withLabScore,
} from './analysis/index.js';
import { LabError, LighthouseMeasurer, renderLab } from './lab/index.js';
import { ApiKeyService } from './auth/api-key.service.js';
import { AuthModule } from './auth/auth.module.js';
import { ConfigError, loadConfig } from './config/config.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { openDatabase, openDatabaseBeside } from './database/database.js';
import {
  assertChromiumAt,
  assertSandboxAvailable,
  BrowserMissingError,
  Renderer,
  renderForAnalysis,
} from './rendering/index.js';
import { auditSite, renderAutoSpelled } from './site-audits/cli/audit-site.js';
import { progressBar, progressLines } from './site-audits/cli/progress.js';
import type { AuditProgress } from './site-audits/cli/progress.js';
import type { GateOptions } from './site-audits/cli/audit-gate.js';
import {
  AssertionsError,
  gateConfigOf,
  isPresetName,
} from './gate/assertions.js';
import { BaselineError, baselineOf } from './gate/audit-export.js';
import { httpSiteAuditClient } from './site-audits/cli/site-audit-client.js';
import type { SiteAuditClient } from './site-audits/cli/site-audit-client.js';

const COMMANDS = {
  'keys:create': `Usage: npx report-service keys:create --name <label> [--account <id>]

Issues an API key: for a new account named like the key, or with --account
another key of that account. The key is printed alone on the last line of
stdout, this once: only its SHA-256 digest is stored.

  --name <label>    what the key is for (required)
  --account <id>    the account the key speaks for

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data).`,
  'keys:list': `Usage: npx report-service keys:list

Lists the keys, one a line: id, account, the key's first characters, active
or revoked, name. Never the keys themselves.

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data).`,
  'keys:revoke': `Usage: npx report-service keys:revoke <id>

Revokes the key with that id (keys:list shows it): requests with it answer
401 from then on, within 5 s on a running service. Exits 1 when no active key
has that id.

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data).`,
  migrate: `Usage: npx report-service migrate

Brings the database schema up to date, then exits: the migrations still
pending run under a lock, as a start runs them. On a big database, run it in a
quiet moment before starting a new version.

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data).`,
  analyse: `Usage: npx report-service analyse <url> [--render] [--lab] [--json]

Analyses a page here, without the service or its database, and prints the
report for a person; with --json, the raw results alone on stdout:

  npx report-service analyse https://example.com/ --json | jq .score

Exits 2 when the analysis fails, with the reason on stderr.

  --render  judge the page as headless Chromium renders it, once its scripts
            have run (docs/rendering.md); needs Chromium (apt-get install
            chromium, or CHROMIUM_PATH)
  --lab     also measure the page in a lab browser (Lighthouse, LAB_RUNS runs,
            3 by default, about 8 s each; docs/lab.md): Core Web Vitals with
            their bands, counted in the performance score; needs Chromium too
  --json    print the raw results as JSON

Environment: ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS,
CHROMIUM_PATH, LAB_RUNS.`,
  'audit-site': `Usage: npx report-service audit-site <url> [--max-pages <n>] [--render [auto]] [--lab [--lab-runs <n>]] [--json]
                                 [--api <url> --key <key>]
                                 [--assert <file or preset> [--baseline <id or file>]
                                  [--junit <file>] [--sarif <file>] [--markdown <file>]]

Audits a whole site (docs/site-audits.md): crawls it from <url>, judges every
page, then the set, and prints the audit (status, pages crawled, score, time
taken) and its top issues, most pages first, each with a few of its pages; with
--json, the audit and all its issues alone on stdout:

  npx report-service audit-site https://example.com/ --json | jq .audit.score

Without --api, the service runs here, in this process, on a throwaway embedded
database in a temporary folder that is removed at the end (no DATABASE_URL, no
Redis, no port). With --api and --key, a running service makes the audit, which
stays in its list; that service's settings (ANALYZER_ALLOW_HOSTS, ...) apply.

With --assert, a gate for CI (docs/site-audits.md#the-seo-gate): the audit is
judged against assertions (a JSON file, or the preset seo:recommended or
seo:strict), the verdict printed (on stderr with --json), and the command exits 1
when an "error" assertion fails:

  npx report-service audit-site https://example.com/ --assert seo:recommended \\
    --junit seo.junit.xml --sarif seo.sarif --markdown seo.md

Exits 2 when the audit could not run or did not complete (or the command line,
the assertions or the baseline could not be read), with the reason on stderr;
Ctrl-C cancels the audit.

  --max-pages <n>      pages to request at most (default 500; at most
                       SITE_AUDIT_MAX_PAGES)
  --render             render each HTML page in headless Chromium: judge the
                       rendered DOM and follow its links (docs/rendering.md);
                       needs Chromium (apt-get install chromium, or CHROMIUM_PATH)
  --render auto        render the start page and a sample of each template's
                       pages; render every page of a template only where
                       rendering changed its samples (docs/rendering.md)
  --lab                once judged, group the pages into templates and measure
                       a few pages of each in a lab browser (LCP, CLS, TBT, FCP,
                       Speed Index; docs/site-audits.md#the-lab-phase); the
                       gate then takes lab metric assertions per template
  --lab-runs <n>       runs per measured page, their median kept (default 3)
  --json               print the audit and its issues (each with the URL of
                       every page it affects) as JSON
  --api <url>          the API of a running service (http://localhost:3000)
  --key <key>          an API key of that service
  --assert <x>         an assertions file, or a preset: seo:recommended, seo:strict
  --baseline <x>       fail only on issues new since this audit: an audit id of
                       the service (with --api), or a file of --json output
  --junit <file>       write the verdict as JUnit XML (a test case per assertion)
  --sarif <file>       write it as SARIF 2.1.0 (a result per failed page)
  --markdown <file>    write it as a pull-request comment

Environment: REPORT_SERVICE_API and REPORT_SERVICE_KEY stand for --api and --key.
Without them: ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS and
the SITE_AUDIT_* settings (docs/configuration.md).`,
} as const;

type Command = keyof typeof COMMANDS;

const USAGE = `Usage: npx report-service <command> [--help]

  keys:create --name <label> [--account <id>]
                         issue a key (a new account unless --account is given);
                         the key is printed alone on the last line
  keys:list              list keys (never the keys themselves)
  keys:revoke <id>       revoke a key: it answers 401 from then on
  migrate                bring the database schema up to date, then exit
  analyse <url> [--render] [--lab] [--json]
                         analyse a page and print the report (--render: as a
                         browser renders it; --lab: with lab metrics; --json:
                         the raw results)
  audit-site <url> [--max-pages <n>] [--render] [--lab] [--json] [--api <url> --key <key>]
             [--assert <file or preset>] [--baseline <id or file>]
             [--junit <file>] [--sarif <file>] [--markdown <file>]
                         audit a whole site and print its summary and top issues,
                         here or on a running service (--api); with --assert, gate
                         a build on it (exit 1 when an error assertion fails)

npx report-service <command> --help (or help <command>) says more about one.

Environment: DATABASE_URL (else the embedded database in DATA_DIR, default ./data),
ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS,
REPORT_SERVICE_API, REPORT_SERVICE_KEY.`;

/** The command a name stands for (`analyze` is `analyse`), or undefined. */
function commandNamed(name: string | undefined): Command | undefined {
  const command = name === 'analyze' ? 'analyse' : name;
  return command !== undefined && Object.hasOwn(COMMANDS, command)
    ? (command as Command)
    : undefined;
}

/** A command line the CLI cannot read; `command` names whose help to show. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: Command,
  ) {
    super(message);
  }
}

/** Nest's warnings and errors go to stderr, its other lines nowhere: stdout is the command's. */
const NEST_TO_STDERR: LoggerService = {
  log: () => undefined,
  warn: (message: unknown) => console.error(String(message)),
  error: (message: unknown) => console.error(String(message)),
};

/** A command on the database gives up after this long, rather than hang (a stuck server). */
const DATABASE_COMMAND_DEADLINE_MS = 60_000;

/** What the commands need of the service: the database (migrated) and the keys. */
@Module({})
class DatabaseCommands {}

async function withKeys<T>(
  config: AppConfig,
  work: (keys: ApiKeyService) => Promise<T>,
): Promise<T> {
  const deadline = setTimeout(() => {
    console.error(
      `The database did not answer within ${DATABASE_COMMAND_DEADLINE_MS / 1000} s; nothing more was done. Is the server on DATABASE_URL (or the embedded one in DATA_DIR) running and answering?`,
    );
    process.exit(2);
  }, DATABASE_COMMAND_DEADLINE_MS);
  // The command's own work keeps the process alive, not this timer.
  deadline.unref();
  const target = await openDatabaseBeside(config).catch((error: Error) => {
    clearTimeout(deadline);
    throw error;
  });
  try {
    const context = await NestFactory.createApplicationContext(
      {
        module: DatabaseCommands,
        imports: [
          ConfigModule.forRoot(config),
          DatabaseModule.forRoot(target),
          AuthModule,
        ],
      },
      { logger: NEST_TO_STDERR },
    );
    try {
      return await work(context.get(ApiKeyService));
    } finally {
      await context.close();
    }
  } finally {
    await target.close();
    clearTimeout(deadline);
  }
}

/** How often audit-site reads the audit while it runs. */
const AUDIT_POLL_MS = 500;

/**
 * The whole service in this process, for one command: a throwaway embedded database
 * in a temporary folder, no Redis (analyses run from its jobs table, here), no HTTP
 * port; a new account. The folder is removed however the work ends.
 */
async function withServiceHere<T>(
  config: AppConfig,
  work: (client: SiteAuditClient) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-audit-site-'));
  try {
    const here: AppConfig = {
      ...config,
      databaseUrl: null,
      redisUrl: null,
      dataDir,
    };
    // The whole service, loaded only here: the other commands start without it.
    const [{ AppModule }, { inProcessSiteAuditClient }] = await Promise.all([
      import('./app.module.js'),
      import('./site-audits/cli/in-process-site-audits.js'),
    ]);
    const database = await openDatabase(here);
    try {
      const app = await NestFactory.createApplicationContext(
        AppModule.register(here, database),
        { logger: NEST_TO_STDERR },
      );
      try {
        const { accountId } = await app.get(ApiKeyService).create('audit-site');
        return await work(inProcessSiteAuditClient(app, accountId));
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Ctrl-C (or SIGTERM) aborts the signal once; a second one exits at once. */
async function interruptible<T>(
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const interrupt = new AbortController();
  const onSignal = () => {
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(interrupt.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = commandNamed(name);
  // Help needs no configuration and opens no database.
  if (command && rest.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(COMMANDS[command]);
    return 0;
  }
  if (name === 'help' && rest.length > 0) {
    const asked = commandNamed(rest[0]);
    if (!asked) throw new UsageError(`Unknown command "${rest[0]}"`);
    console.log(COMMANDS[asked]);
    return 0;
  }
  if (name === undefined || ['help', '--help', '-h'].includes(name)) {
    console.log(USAGE);
    return name === undefined ? 1 : 0;
  }
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  try {
    return await run(command, rest);
  } catch (error) {
    // parseArgs refuses an unknown option or a missing value: the command's own help.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message, command);
    }
    throw error;
  }
}

async function run(command: Command, rest: string[]): Promise<number> {
  const config = loadConfig();
  switch (command) {
    case 'keys:create': {
      const { values } = parseArgs({
        args: rest,
        options: { name: { type: 'string' }, account: { type: 'string' } },
      });
      if (!values.name?.trim())
        throw new UsageError('keys:create needs --name <label>', command);
      const issued = await withKeys(config, (keys) =>
        keys.create(values.name!, values.account),
      );
      console.log(
        `Key ${issued.id} "${issued.name}" for account ${issued.accountId}. It is shown once; keep it:`,
      );
      console.log(issued.key);
      return 0;
    }
    case 'migrate': {
      // Opening the database runs the migrations still pending (under a lock).
      await withKeys(config, () => Promise.resolve());
      console.log('The database schema is up to date.');
      return 0;
    }
    case 'keys:list': {
      const listed = await withKeys(config, (keys) => keys.list());
      if (listed.length === 0)
        console.log(
          'No keys yet. Make one with: npx report-service keys:create --name <label>',
        );
      for (const key of listed) {
        const state = key.revokedAt
          ? `revoked ${key.revokedAt.toISOString()}`
          : 'active';
        console.log(
          `${key.id}\taccount ${key.accountId}\t${key.prefix}…\t${state}\t${key.name}`,
        );
      }
      return 0;
    }
    case 'keys:revoke': {
      const id = rest[0];
      if (!id) throw new UsageError('keys:revoke needs the key id', command);
      const revoked = await withKeys(config, (keys) => keys.revoke(id));
      if (!revoked) {
        console.error(`No active key with id ${id}.`);
        return 1;
      }
      console.log(`Key ${id} revoked.`);
      return 0;
    }
    case 'analyse': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: {
          json: { type: 'boolean', default: false },
          render: { type: 'boolean', default: false },
          lab: { type: 'boolean', default: false },
        },
        allowPositionals: true,
      });
      const url = positionals[0];
      if (!url) throw new UsageError('analyse needs a URL', command);
      const renderer = values.render
        ? new Renderer({
            allowHosts: config.analyser.allowHosts,
            executablePath: config.renderChromiumPath,
            sandbox: config.browserSandbox,
            userAgent: config.analyser.userAgent,
          })
        : null;
      try {
        if (renderer) await assertChromiumAt(config.renderChromiumPath);
        if (values.lab) await assertChromiumAt(config.chromiumPath);
        if (renderer || values.lab) {
          await assertSandboxAvailable(config.browserSandbox);
        }
        const analyser = new Analyser(config.analyser, {
          render: renderer ? renderForAnalysis(renderer) : undefined,
        });
        const analysed = await analyser.analyse(url, {
          render: values.render,
        });
        const lab = values.lab
          ? await new LighthouseMeasurer({
              allowHosts: config.analyser.allowHosts,
              executablePath: config.chromiumPath,
              sandbox: config.browserSandbox,
            }).measure(analysed.page.final_url, { runs: config.labRuns })
          : null;
        const results = lab
          ? withLabScore(analysed, lab.performance_score)
          : analysed;
        const colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
        console.log(
          values.json
            ? JSON.stringify(lab ? { ...results, lab } : results, null, 2)
            : [
                renderResults(results, { colour }),
                ...(lab ? ['', renderLab(lab)] : []),
              ].join('\n'),
        );
        return 0;
      } catch (error) {
        if (error instanceof AnalysisError) {
          console.error(`Analysis failed (${error.code}): ${error.message}`);
          return 2;
        }
        if (error instanceof LabError) {
          console.error(
            `Lab measurement failed (${error.code}): ${error.message}`,
          );
          return 2;
        }
        if (error instanceof BrowserMissingError) {
          console.error(error.message);
          return 2;
        }
        throw error;
      } finally {
        await renderer?.close();
      }
    }
    case 'audit-site': {
      const { values, positionals } = parseArgs({
        args: renderAutoSpelled(rest),
        options: {
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
        },
        allowPositionals: true,
      });
      const url = positionals[0];
      if (!url) throw new UsageError('audit-site needs a URL', command);
      const gateOnly = (['baseline', 'junit', 'sarif', 'markdown'] as const)
        .filter((name) => values[name] !== undefined)
        .map((name) => `--${name}`);
      if (values.assert === undefined && gateOnly.length > 0) {
        throw new UsageError(
          `${gateOnly.join(', ')} judge assertions: give --assert <file or preset> too`,
          command,
        );
      }
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
      if (values.assert !== undefined) {
        try {
          gate = await gateOptionsOf(values);
        } catch (error) {
          if (
            error instanceof AssertionsError ||
            error instanceof BaselineError
          ) {
            console.error(error.message);
            return 2;
          }
          throw error;
        }
      }
      const maxPages = values['max-pages'];
      if (maxPages !== undefined && !/^[1-9]\d{0,8}$/.test(maxPages)) {
        throw new UsageError(
          `--max-pages must be a whole number from 1, got "${maxPages}"`,
          command,
        );
      }
      const labRuns = values['lab-runs'];
      if (labRuns !== undefined && (!values.lab || !/^[1-9]$/.test(labRuns))) {
        throw new UsageError(
          `--lab-runs takes a whole number from 1 to 9, with --lab; got "${labRuns}"`,
          command,
        );
      }

      if (Boolean(api) !== Boolean(key)) {
        throw new UsageError(
          'audit-site needs --api and --key together (or REPORT_SERVICE_API and REPORT_SERVICE_KEY), or neither to run the service here',
          command,
        );
      }
      const options = {
        url,
        maxPages: maxPages === undefined ? undefined : Number(maxPages),
        render: values['render-auto'] ? ('auto' as const) : values.render,
        lab: values.lab,
        labRuns: labRuns === undefined ? undefined : Number(labRuns),
        json: values.json,
        colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
        pollMs: AUDIT_POLL_MS,
        gate,
      };
      const output = {
        write: async (path: string, content: string) => {
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, content);
        },
        out: (text: string) => console.log(text),
        err: (text: string) => console.error(text),
        // On a terminal a bar rewritten in place; in a log (CI) a line every few seconds.
        progress: process.stderr.isTTY
          ? (state: AuditProgress | null) =>
              process.stderr.write(
                `\r\x1b[2K${state ? progressBar(state) : ''}`,
              )
          : progressLines((line) => process.stderr.write(line), Date.now),
      };
      return interruptible((signal) =>
        api && key
          ? auditSite(
              httpSiteAuditClient(api, key),
              { ...options, signal },
              output,
            )
          : withServiceHere(config, (client) =>
              auditSite(client, { ...options, signal }, output),
            ),
      );
    }
  }
}

/** A file of the command line, as JSON; a file that cannot be read is the `fail` error's. */
async function jsonFile(
  path: string,
  what: string,
  fail: new (message: string) => Error,
): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new fail(
      `Could not read ${what} ${path}: ${(error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new fail(`${what} ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** --assert and its companions, read before the audit starts: a mistake costs no crawl. */
async function gateOptionsOf(values: {
  assert?: string;
  baseline?: string;
  junit?: string;
  sarif?: string;
  markdown?: string;
}): Promise<GateOptions> {
  const assert = values.assert!;
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
  const pkg = (await jsonFile(
    new URL('../package.json', import.meta.url).pathname,
    'package.json',
    Error,
  ).catch(() => ({}))) as { version?: string };
  return {
    config,
    baseline,
    junit: values.junit,
    sarif: values.sarif,
    markdown: values.markdown,
    hostname: hostname(),
    toolVersion: pkg.version ?? '0.0.0',
  };
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof UsageError) {
    const help = error.command ? COMMANDS[error.command] : USAGE;
    console.error(`${error.message}\n\n${help}`);
    // audit-site's 1 says a gate failed: a command line it cannot read did not run.
    process.exitCode = error.command === 'audit-site' ? 2 : 1;
  } else {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
