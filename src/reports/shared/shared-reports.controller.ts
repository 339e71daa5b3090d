import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Options,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { TakesBody } from '../../common/body-type.js';
import {
  ApiHtmlResponses,
  ApiProblemResponses,
  RETRY_AFTER_HEADER,
} from '../../common/api-docs.js';
import { originOf } from '../../common/links.js';
import { ProblemException } from '../../common/problem.js';
import { ProblemPages } from '../../common/problem-pages.js';
import { Privacy } from '../report.entity.js';
import { toView } from '../report.view.js';
import { toScorePointView } from '../runs/report-run.view.js';
import { ReportRunsService } from '../runs/report-runs.service.js';
import { ReportAccess, SHARE_COOKIE_NAME } from './report-access.js';
import { SharedReportEnvelope } from './shared-report.view.js';
import {
  passwordPage,
  reportPage,
  SHARED_PAGE_PATH,
  sharedProblemPage,
} from './report-page.js';
import { ShareToken } from '../../sharing/share-token.js';
import {
  cookieOf,
  sendPage,
  setShareCookie,
} from '../../sharing/shared-page-http.js';
import { UnlockSharedPageDto } from '../../sharing/unlock-shared-page.dto.js';

/** Lets pages on any origin embed shared reports with fetch (no cookies involved). */
export const EMBEDDING_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, WWW-Authenticate',
  'Cache-Control': 'private, no-store',
};

/** The errors of a shared page, answered as pages since people open them in a browser. */
const PAGE_ERRORS = {
  404: 'No public or password report with this share token (a private report, or a token rotated away, answers the same).',
  429: 'Too many wrong passwords for this report; see Retry-After.',
  503: 'The database is unreachable; see Retry-After.',
  default:
    'Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status.',
};

/** The pages people read without an API key, and their JSON twin for embedding. */
@ApiTags('shared reports')
@Controller()
export class SharedReportsController {
  constructor(
    private readonly access: ReportAccess,
    private readonly runs: ReportRunsService,
    pages: ProblemPages,
  ) {
    // Problems of the pages answer as pages too (a 404, a 429, a body refused).
    pages.register(SHARED_PAGE_PATH, sharedProblemPage);
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
      ...PAGE_ERRORS,
    },
    { 429: RETRY_AFTER_HEADER, 503: RETRY_AFTER_HEADER },
  )
  async page(
    @ShareToken() token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const opened = await this.access.open(token, {
      client: request.ip ?? '',
      cookie: cookieOf(request, SHARE_COOKIE_NAME),
    });
    if (!opened.granted) {
      sendPage(response, 200, passwordPage(opened.report, false));
      return;
    }
    const history = await this.runs.scoreHistory(opened.report.id);
    sendPage(response, 200, reportPage(opened.report, history));
  }

  @Post('r/:token')
  @ApiOperation({
    operationId: 'unlockSharedReportPage',
    summary:
      "The password form of a shared page: opens a password report's page",
    description:
      'The right password answers 303 to the page, with a signed cookie valid 12 hours for this report only (on a public report, 303 with no cookie). Wrong passwords count toward the limits of the report.',
    security: [],
  })
  @TakesBody()
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    {
      401: 'A wrong or empty password: the form again, with a message.',
      ...PAGE_ERRORS,
    },
    { 429: RETRY_AFTER_HEADER, 503: RETRY_AFTER_HEADER },
  )
  @ApiResponse({
    status: 303,
    description:
      'The password is right: go to the page. The body is a one-line note of where to go, in the type the request accepts.',
    content: {
      'text/plain': { schema: { type: 'string' } },
      'text/html': { schema: { type: 'string' } },
    },
    headers: {
      Location: {
        description: 'The shared page, /r/{token}.',
        schema: { type: 'string', format: 'uri-reference' },
      },
      'Set-Cookie': {
        description:
          'For a password report: `shared_report`, HMAC-signed, HttpOnly, SameSite=Lax, Path=/r/{token}, valid 12 hours.',
        schema: { type: 'string' },
      },
    },
  })
  async unlock(
    @ShareToken() token: string,
    @Body() body: UnlockSharedPageDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const opened = await this.access.open(token, {
      client: request.ip ?? '',
      password: body.password ?? '',
    });
    if (!opened.granted) {
      sendPage(response, 401, passwordPage(opened.report, true));
      return;
    }
    if (opened.report.privacy === Privacy.Password) {
      setShareCookie(request, response, this.access.cookieFor(opened.report));
    }
    response.redirect(303, `/r/${token}`);
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
    const opened = await this.access.open(token, {
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
    const history = await this.runs.scoreHistory(opened.report.id);
    return {
      data: {
        ...toView(opened.report, originOf(request)),
        score_history: history.map(toScorePointView),
      },
    };
  }
}
