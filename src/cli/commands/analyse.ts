import {
  Analyser,
  AnalysisError,
  renderResults,
  withLabScore,
} from '../../analysis/index.js';
import type { AppConfig } from '../../config/config.js';
import { LabError, LighthouseMeasurer, renderLab } from '../../lab/index.js';
import type { LabResult } from '../../lab/index.js';
import {
  assertChromiumAt,
  assertSandboxAvailable,
  BrowserMissingError,
  Renderer,
  renderForAnalysis,
} from '../../rendering/index.js';
import { UsageError } from '../command.js';
import type { CliCommand } from '../command.js';
import { formatsUsage, outTargetsOf } from '../out-targets.js';
import { STDOUT, writeOutputs } from '../outputs.js';
import type { OutputSink } from '../outputs.js';
import { writeCreatingFolders } from '../write-file.js';
import { outputFormatNamed } from '../../outputs/output-formats.js';
import { outputTools } from '../../outputs/output-tools.js';
import { standaloneReportDocument } from '../../outputs/report-document.js';
import type { ReportDocument } from '../../outputs/report-document.js';

const OPTIONS = {
  json: { type: 'boolean', default: false },
  render: { type: 'boolean', default: false },
  lab: { type: 'boolean', default: false },
  out: { type: 'string', multiple: true },
} as const;

export const analyse: CliCommand<typeof OPTIONS> = {
  name: 'analyse',
  usage: `Usage: npx report-service analyse <url> [--render] [--lab] [--json] [--out <format>:<file> ...]

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
  --json    print the raw results as JSON (--out json:-)
  --out <format>:<file>
            write an output to <file> (- for stdout; repeatable); the report
            for a person still goes to stdout unless an output does:
${formatsUsage('analyse', 14)}

Environment: ANALYZER_ALLOW_HOSTS, ANALYZER_USER_AGENT, ANALYZER_DEADLINE_MS,
CHROMIUM_PATH, LAB_RUNS.`,
  options: OPTIONS,
  allowPositionals: true,
  usageExitCode: 1,
  async run({ values, positionals }, config) {
    const url = positionals[0];
    if (!url) throw new UsageError('analyse needs a URL');
    const outputs = outTargetsOf('analyse', values);
    try {
      const { results, lab } = await analysed(url, values, config);
      const report = lab ? { ...results, lab } : results;
      await writeOutputs(
        'analyse',
        outputs,
        {
          report,
          written: (format) =>
            writtenHere(
              format,
              standaloneReportDocument({
                url,
                results: report,
                render: values.render,
                lab: values.lab,
                userAgent: config.analyser.userAgent,
                now: new Date(),
              }),
              config,
            ),
        },
        TERMINAL,
      );
      if (!outputs.some((output) => output.path === STDOUT)) {
        const colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
        console.log(
          [
            renderResults(results, { colour }),
            ...(lab ? ['', renderLab(lab)] : []),
          ].join('\n'),
        );
      }
      return 0;
    } catch (error) {
      const reason = whyNotAnalysed(error);
      if (reason === null) throw error;
      console.error(reason);
      return 2;
    }
  },
};

/** stdout and files, for the outputs. */
const TERMINAL: OutputSink = {
  out: (content) =>
    typeof content === 'string'
      ? console.log(content)
      : process.stdout.write(content),
  write: writeCreatingFolders,
};

/** The page's document as a format of the registry writes it; a PDF printed in a browser of its own. */
async function writtenHere(
  name: string,
  document: ReportDocument,
  config: AppConfig,
): Promise<Buffer> {
  const format = outputFormatNamed(name);
  if (!format?.report) throw new Error(`No format ${name} of a page`);
  // The browser starts at the first print only: the HTML costs none.
  const renderer = new Renderer({
    allowHosts: config.analyser.allowHosts,
    executablePath: config.renderChromiumPath,
    sandbox: config.browserSandbox,
  });
  try {
    if (format.mediaType === 'application/pdf') {
      await assertChromiumAt(config.renderChromiumPath);
      await assertSandboxAvailable(config.browserSandbox);
    }
    return await format.report(document, outputTools(renderer));
  } finally {
    await renderer.close();
  }
}

/** The page analysed (rendered with --render), and measured in the lab with --lab. */
async function analysed(
  url: string,
  values: { render: boolean; lab: boolean },
  config: AppConfig,
) {
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
    const page = await analyser.analyse(url, { render: values.render });
    const lab: LabResult | null = values.lab
      ? await new LighthouseMeasurer({
          allowHosts: config.analyser.allowHosts,
          executablePath: config.chromiumPath,
          sandbox: config.browserSandbox,
        }).measure(page.page.final_url, { runs: config.labRuns })
      : null;
    const results = lab ? withLabScore(page, lab.performance_score) : page;
    return { results, lab };
  } finally {
    await renderer?.close();
  }
}

/** Why the analysis could not be made, for stderr; null for an error nobody foresaw. */
function whyNotAnalysed(error: unknown): string | null {
  if (error instanceof AnalysisError) {
    return `Analysis failed (${error.code}): ${error.message}`;
  }
  if (error instanceof LabError) {
    return `Lab measurement failed (${error.code}): ${error.message}`;
  }
  if (error instanceof BrowserMissingError) return error.message;
  return null;
}
