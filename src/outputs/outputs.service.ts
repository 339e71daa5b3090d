import { Inject, Injectable } from '@nestjs/common';
import { NotFoundProblem, ProblemException } from '../common/problem.js';
import { APP_CONFIG } from '../config/config.js';
import type { AppConfig } from '../config/config.js';
import {
  assertChromiumAt,
  assertSandboxAvailable,
  BrowserMissingError,
  Renderer,
  SandboxUnavailableError,
} from '../rendering/index.js';
import type { OutputFormat } from './output-format.js';
import { DEFAULT_PRESET, outputTools } from './output-tools.js';
import { OUTPUT_FORMATS, outputFormatNamed } from './output-formats.js';
import { ReportDocuments } from './report-documents.js';
import { SiteAuditDocuments } from './site-audit-documents.js';

/** A written output: its bytes, its format, the file name it is offered under. */
export interface WrittenOutput {
  body: Buffer;
  format: OutputFormat;
  fileName: string;
}

/** One way out: loads an audit's document once and has the format asked for write it. */
@Injectable()
export class OutputsService {
  constructor(
    private readonly siteAudits: SiteAuditDocuments,
    private readonly reports: ReportDocuments,
    private readonly renderer: Renderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 503 for a printed format where this service has no Chromium or its sandbox cannot start. */
  private async assertPrintable(format: OutputFormat): Promise<void> {
    if (!format.printed) return;
    try {
      await assertChromiumAt(this.config.renderChromiumPath);
      await assertSandboxAvailable(this.config.browserSandbox);
    } catch (error) {
      if (
        error instanceof BrowserMissingError ||
        error instanceof SandboxUnavailableError
      ) {
        throw new ProblemException(
          503,
          `The ${format.name} format is printed in Chromium, which is not available here. ${error.message}`,
        );
      }
      throw error;
    }
  }

  /** 404: no such audit or format; 409: the audit has not finished. */
  async siteAudit(
    accountId: string,
    auditId: string,
    formatName: string,
    options: { assert?: string; origin: string },
  ): Promise<WrittenOutput> {
    const format = formatFor(formatName, 'siteAudit', 'a site audit');
    const document = await this.siteAudits.load(
      accountId,
      auditId,
      format.needs,
      options.origin,
    );
    await this.assertPrintable(format);
    return {
      body: await format.siteAudit!(
        document,
        outputTools(this.renderer, options.assert ?? DEFAULT_PRESET),
      ),
      format,
      fileName: `site-audit-${auditId}.${format.extension}`,
    };
  }

  /** 404: no such report, or a format of site audits only; 409: no completed analysis yet. */
  async report(
    accountId: string,
    reportId: string,
    formatName: string,
    options: { origin: string },
  ): Promise<WrittenOutput> {
    const format = formatFor(formatName, 'report', 'a report');
    const document = await this.reports.load(
      accountId,
      reportId,
      options.origin,
    );
    await this.assertPrintable(format);
    return {
      body: await format.report!(document, outputTools(this.renderer)),
      format,
      fileName: `report-${reportId}.${format.extension}`,
    };
  }
}

/** The format of that name that writes this subject; 404 naming those that do. */
function formatFor(
  name: string,
  writer: 'siteAudit' | 'report',
  subject: string,
): OutputFormat {
  const format = outputFormatNamed(name);
  if (format?.[writer]) return format;
  const names = OUTPUT_FORMATS.filter((one) => one[writer]).map(
    (one) => one.name,
  );
  throw new NotFoundProblem(
    `There is no format "${name}" of ${subject}; its formats: ${names.join(', ')}.`,
  );
}
