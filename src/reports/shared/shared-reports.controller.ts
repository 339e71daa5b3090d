import { BrandingService } from '../../branding/branding.service.js';
import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Options,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ApiHtmlResponses,
  ApiProblemResponses,
} from '../../common/api-docs.js';
import { originOf } from '../../common/links.js';
import { ProblemException } from '../../common/problem.js';
import { toView } from '../report.view.js';
import { toScorePointView } from '../runs/report-run.view.js';
import { ReportRunsService } from '../runs/report-runs.service.js';
import { SharedReportEnvelope } from './shared-report.view.js';
import { reportPage } from './report-page.js';
import { REPORT_SHARES } from './report-shares.js';
import { ShareToken } from '../../sharing/share-token.js';
import {
  SHARED_PAGE_ERROR_HEADERS,
  sharedPageErrors,
  SharedPagesController,
} from '../../sharing/shared-pages.controller.js';
import { sendPage } from '../../sharing/shared-page-http.js';

/** Lets pages on any origin embed shared reports with fetch (no cookies involved). */
export const EMBEDDING_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, WWW-Authenticate',
  'Cache-Control': 'private, no-store',
};

/** The pages people read without an API key, and their JSON twin for embedding. */
@ApiTags('shared reports')
@Controller()
export class SharedReportsController extends SharedPagesController(
  REPORT_SHARES,
) {
  constructor(
    private readonly runs: ReportRunsService,
    private readonly branding: BrandingService,
  ) {
    super();
  }

  @Get('r/:token')
  @ApiOperation({
    operationId: 'getSharedReportPage',
    summary: 'The shared page of a report, as HTML',
    description:
      "A public report's page, or a password report's page when the request carries its cookie (set by the password form); otherwise a password report shows the form.",
    security: [],
  })
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    {
      200: 'The report (score, rating, score history chart, categories, every check, page facts), or the password form.',
      ...sharedPageErrors(REPORT_SHARES),
    },
    SHARED_PAGE_ERROR_HEADERS,
  )
  async page(
    @ShareToken() token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.opened(token, request, response);
    if (!report) return;
    const history = await this.runs.scoreHistory(report.id);
    const brand = await this.branding.brandingFor(report.accountId);
    sendPage(response, 200, reportPage(report, history, brand));
  }

  @Options('api/v1/shared/reports/:token')
  @ApiExcludeEndpoint()
  preflight(@Res() response: Response): void {
    response
      .status(204)
      .set({
        ...EMBEDDING_HEADERS,
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Allow-Headers': 'X-Report-Password',
        'Access-Control-Max-Age': '600',
      })
      .end();
  }

  @Get('api/v1/shared/reports/:token')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'getSharedReport',
    summary: 'A public or password-protected report, without an API key',
    description:
      'For embedding (CORS open to any origin). Public reports answer openly; password reports need `X-Report-Password` (wrong passwords answer 401 and are rate-limited); private reports answer 404, like missing ones.',
    security: [],
  })
  @ApiHeader({
    name: 'X-Report-Password',
    required: false,
    description: 'The password of a password-protected report.',
  })
  @ApiOkResponse({ type: SharedReportEnvelope })
  @ApiProblemResponses({
    401: 'A password report and no password, or a wrong one, in X-Report-Password.',
    404: 'No public or password report with this share token (a private report, or a token rotated away, answers the same).',
    429: 'Too many wrong passwords for this report; see Retry-After.',
    503: 'The database is unreachable; see Retry-After.',
  })
  async json(
    @ShareToken() token: string,
    @Headers('x-report-password') password: string | undefined,
    @Req() request: Request,
  ): Promise<SharedReportEnvelope> {
    const opened = await this.gate.open(token, {
      client: request.ip ?? '',
      // An empty header is no password at all.
      password: password || undefined,
    });
    if (!opened.granted) {
      throw new ProblemException(
        401,
        opened.reason === 'wrong'
          ? 'The password is not right.'
          : 'This report needs its password in the X-Report-Password header.',
        undefined,
        { 'WWW-Authenticate': 'X-Report-Password realm="shared report"' },
      );
    }
    const history = await this.runs.scoreHistory(opened.shared.id);
    return {
      data: {
        ...toView(opened.shared, originOf(request)),
        score_history: history.map(toScorePointView),
      },
    };
  }
}
