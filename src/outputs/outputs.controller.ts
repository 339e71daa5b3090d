import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { ApiProblemResponses } from '../common/api-docs.js';
import { originOf } from '../common/links.js';
import { PathParam } from '../common/path-param.js';
import { ReportId } from '../reports/report-id.js';
import { AuditId } from '../site-audits/site-audit-params.js';
import { ExportQuery } from './export.query.js';
import { OUTPUT_FORMAT_NAMES, OUTPUT_FORMATS } from './output-formats.js';
import { OutputsService } from './outputs.service.js';
import type { WrittenOutput } from './outputs.service.js';

/** A `{format}` of the registry (output-formats.ts). */
export const FormatName = () =>
  PathParam({
    name: 'format',
    pattern: new RegExp(`^(${OUTPUT_FORMAT_NAMES.join('|')})$`),
    notFound: `There is no such format; the formats: ${OUTPUT_FORMAT_NAMES.join(', ')}.`,
    description: OUTPUT_FORMATS.map(
      (format) =>
        `\`${format.name}\` (${format.mediaType}): ${format.description}`,
    ).join(' '),
    schema: { type: 'string', enum: [...OUTPUT_FORMAT_NAMES] },
  });

/** The answer of every format the registry has, by media type, for the OpenAPI document. */
const CONTENT = Object.fromEntries(
  OUTPUT_FORMATS.map((format) => {
    const mediaType = format.mediaType.split(';')[0];
    return [
      mediaType,
      {
        schema: mediaType.endsWith('json')
          ? { type: 'object' }
          : mediaType === 'application/pdf'
            ? { type: 'string', format: 'binary' }
            : { type: 'string' },
      },
    ];
  }),
);

/** Sends a written output as a file to keep. */
export function sendOutput(response: Response, output: WrittenOutput): void {
  response.status(200);
  response.setHeader('Content-Type', output.format.mediaType);
  response.setHeader(
    'Content-Disposition',
    `attachment; filename="${output.fileName}"`,
  );
  response.setHeader('Cache-Control', 'private, no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.end(output.body);
}

/** One route for every format of a site audit (docs/outputs.md). */
@ApiTags('site audits')
@Authenticated()
@Controller('api/v1/site-audits/:id/export')
export class SiteAuditOutputsController {
  constructor(private readonly outputs: OutputsService) {}

  @Get(':format')
  @ApiOperation({
    operationId: 'exportSiteAudit',
    summary:
      'A finished site audit in a format: PDF, HTML, JSON, CSV, Markdown, JUnit or SARIF',
    description:
      "The audit's document written by the format asked for, as an attachment named `site-audit-{id}.{extension}`. The PDF is the white-label report an agency sends, in the account's branding (`/account/branding`). The JUnit, SARIF and Markdown formats are the SEO gate's verdict by the `assert` preset.",
  })
  @ApiOkResponse({
    description: 'The file, as an attachment.',
    content: CONTENT,
  })
  @ApiProblemResponses({
    404: 'No such site audit in this account, or no such format.',
    409: 'The audit has not stopped yet (or its site checks are being judged): ask again then.',
    422: '`assert` is not a preset.',
    503: 'A printed format (the PDF) where this service has no Chromium, or its sandbox cannot start: the detail says what to install or set.',
  })
  async export(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @FormatName() format: string,
    @Query() query: ExportQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendOutput(
      response,
      await this.outputs.siteAudit(accountId, id, format, {
        assert: query.assert,
        origin: originOf(request),
      }),
    );
  }
}

/** The same route for a report: the formats that write reports (PDF, HTML, JSON). */
@ApiTags('reports')
@Authenticated()
@Controller('api/v1/reports/:id/export')
export class ReportOutputsController {
  constructor(private readonly outputs: OutputsService) {}

  @Get(':format')
  @ApiOperation({
    operationId: 'exportReport',
    summary: 'A report in a format: PDF, HTML or JSON',
    description:
      "The report's document written by the format asked for, as an attachment named `report-{id}.{extension}`. The PDF is the white-label document an agency sends, in the account's branding (`/account/branding`). The formats of site audits only (CSV, Markdown, JUnit, SARIF) answer 404.",
  })
  @ApiOkResponse({
    description: 'The file, as an attachment.',
    content: CONTENT,
  })
  @ApiProblemResponses({
    404: 'No such report in this account, or no such format of a report.',
    409: 'The report has no completed analysis yet: ask again once it has.',
    503: 'A printed format (the PDF) where this service has no Chromium, or its sandbox cannot start: the detail says what to install or set.',
  })
  async export(
    @CurrentAccount() accountId: string,
    @ReportId() id: string,
    @FormatName() format: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    sendOutput(
      response,
      await this.outputs.report(accountId, id, format, {
        origin: originOf(request),
      }),
    );
  }
}
