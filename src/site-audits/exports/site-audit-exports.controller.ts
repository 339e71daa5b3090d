import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '../../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../../auth/principal.decorator.js';
import { ApiProblemResponses } from '../../common/api-docs.js';
import { AuditId } from '../site-audit-params.js';
import { describeColumns, writeCsv } from './audit-csv.js';
import type { CsvColumn } from './audit-csv.js';
import { ISSUE_COLUMNS, PAGE_COLUMNS } from './export-columns.js';
import { SiteAuditExportsService } from './site-audit-exports.service.js';

const NO_SUCH_AUDIT =
  'No such site audit in this account (or an id that is not a positive integer).';

const CSV_RULES =
  "RFC 4180: `text/csv; charset=utf-8`, a header row, CRLF line ends, a field quoted when it holds a comma, a quote or a line break (quotes doubled); an empty cell is null. A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so no spreadsheet runs it as a formula. Streamed in crawl order: any size, in constant memory.";

function csvResponse(file: string): MethodDecorator {
  return ApiOkResponse({
    description: `The file, as an attachment (\`${file}\`).`,
    content: { 'text/csv': { schema: { type: 'string' } } },
    headers: {
      'Content-Disposition': {
        description: `\`attachment; filename="${file}"\`, the audit's id in place of {id}.`,
        schema: { type: 'string' },
      },
    },
  });
}

/** An audit's pages and issues as CSV files, for spreadsheets. */
@ApiTags('site audits')
@Authenticated()
@Controller('api/v1/site-audits/:id')
export class SiteAuditExportsController {
  private readonly logger = new Logger('SiteAuditExports');

  constructor(private readonly exports: SiteAuditExportsService) {}

  @Get('issues.csv')
  @ApiOperation({
    operationId: 'exportSiteAuditIssues',
    summary: 'Every affected page of every check of a site audit, as CSV',
    description: `One row per affected page and check, by page in crawl order. Columns: ${describeColumns(ISSUE_COLUMNS)}. ${CSV_RULES}`,
  })
  @csvResponse('site-audit-{id}-issues.csv')
  @ApiProblemResponses({
    404: NO_SUCH_AUDIT,
    409: 'The audit has not stopped yet (or its site checks are being judged): ask again then.',
  })
  async issues(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Res() response: Response,
  ): Promise<void> {
    const rows = await this.exports.issues(accountId, id);
    await this.send(
      response,
      `site-audit-${id}-issues.csv`,
      rows,
      ISSUE_COLUMNS,
    );
  }

  @Get('pages.csv')
  @ApiOperation({
    operationId: 'exportSiteAuditPages',
    summary: "A site audit's pages, as CSV",
    description: `One row per page in crawl order, the fields of \`/pages\`; before the audit has stopped, what is crawled so far. Columns: ${describeColumns(PAGE_COLUMNS)}. ${CSV_RULES}`,
  })
  @csvResponse('site-audit-{id}-pages.csv')
  @ApiProblemResponses({ 404: NO_SUCH_AUDIT })
  async pages(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Res() response: Response,
  ): Promise<void> {
    const rows = await this.exports.pages(accountId, id);
    await this.send(response, `site-audit-${id}-pages.csv`, rows, PAGE_COLUMNS);
  }

  /** Streams the file; a failure once it has begun cuts the connection, so a truncated file never looks whole. */
  private async send<T>(
    response: Response,
    file: string,
    rows: AsyncIterable<T>,
    columns: ReadonlyArray<CsvColumn<T>>,
  ): Promise<void> {
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      await writeCsv(rows, columns, response);
    } catch (error) {
      this.logger.warn(`${file} cut short: ${(error as Error).message}`);
      response.destroy();
    }
  }
}
