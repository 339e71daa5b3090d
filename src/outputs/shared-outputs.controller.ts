import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiProblemResponses } from '../common/api-docs.js';
import { originOf } from '../common/links.js';
import { NotFoundProblem } from '../common/problem.js';
import { REPORT_SHARES } from '../reports/shared/report-shares.js';
import { ShareAccess } from '../sharing/share-access.js';
import { ShareToken } from '../sharing/share-token.js';
import type { Shareable, ShareableKind } from '../sharing/shareable-kind.js';
import { cookieOf } from '../sharing/shared-page-http.js';
import { AUDIT_SHARES } from '../site-audits/shared/audit-shares.js';
import { sendOutput } from './outputs.controller.js';
import { OutputsService } from './outputs.service.js';

const PDF_ANSWER = {
  description: 'The PDF, as an attachment.',
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
};

/**
 * The PDF of a shared audit or report, for whoever may see its share page (docs/outputs.md):
 * a public one's link, a password one's cookie; 404 for anyone else.
 */
@Controller()
export class SharedOutputsController {
  constructor(
    private readonly access: ShareAccess,
    private readonly outputs: OutputsService,
  ) {}

  @Get('s/:token/export/pdf')
  @ApiTags('site audits')
  @ApiOperation({
    operationId: 'getSharedSiteAuditPdf',
    summary: "A shared site audit's PDF, for whoever may see its share page",
    description:
      "The same white-label PDF as `/api/v1/site-audits/{id}/export/pdf`, without a key: a public audit's link is enough; a password audit's needs the cookie its share page's password form sets.",
    security: [],
  })
  @ApiOkResponse(PDF_ANSWER)
  @ApiProblemResponses({
    404: 'No public or password site audit with this token (a private one, a rotated token, or a password audit without its cookie answer the same).',
    409: 'The audit has not stopped yet: ask again then.',
    503: 'This service has no Chromium to print with, or its sandbox cannot start.',
  })
  async siteAudit(
    @ShareToken('site audit') token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const audit = await this.opened(AUDIT_SHARES, token, request);
    sendOutput(
      response,
      await this.outputs.siteAudit(audit.accountId, audit.id, 'pdf', {
        origin: originOf(request),
      }),
    );
  }

  @Get('r/:token/export/pdf')
  @ApiTags('reports')
  @ApiOperation({
    operationId: 'getSharedReportPdf',
    summary: "A shared report's PDF, for whoever may see its share page",
    description:
      "The same white-label PDF as `/api/v1/reports/{id}/export/pdf`, without a key: a public report's link is enough; a password report's needs the cookie its share page's password form sets.",
    security: [],
  })
  @ApiOkResponse(PDF_ANSWER)
  @ApiProblemResponses({
    404: 'No public or password report with this token (a private one, a rotated token, or a password report without its cookie answer the same).',
    409: 'The report has no completed analysis yet.',
    503: 'This service has no Chromium to print with, or its sandbox cannot start.',
  })
  async report(
    @ShareToken('report') token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.opened(REPORT_SHARES, token, request);
    sendOutput(
      response,
      await this.outputs.report(report.accountId, report.id, 'pdf', {
        origin: originOf(request),
      }),
    );
  }

  /** The shared thing when this reader may see its page; 404 otherwise, as for no such thing. */
  private async opened<T extends Shareable & { accountId: string }>(
    kind: ShareableKind<T>,
    token: string,
    request: Request,
  ): Promise<T> {
    const opened = await this.access.gateOf(kind).open(token, {
      client: request.ip ?? '',
      cookie: cookieOf(request, kind.cookieName),
    });
    if (!opened.granted) {
      throw new NotFoundProblem(`There is no such ${kind.noun}.`);
    }
    return opened.shared;
  }
}
