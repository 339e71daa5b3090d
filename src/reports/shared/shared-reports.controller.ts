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
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiProblemResponses } from '../../common/api-docs.js';
import { originOf } from '../../common/links.js';
import { PAGE_HEADERS } from '../../common/html-page.js';
import { ProblemException } from '../../common/problem.js';
import { Privacy } from '../report.entity.js';
import { ReportEnvelope, toView } from '../report.view.js';
import { ReportAccess } from './report-access.js';
import { passwordPage, reportPage } from './report-page.js';
import { SHARE_COOKIE_NAME } from './share-cookie.js';
import { SHARE_TOKEN_PARAM, ShareToken } from './share-token.js';
import { UnlockReportDto } from './unlock-report.dto.js';

function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sendPage(response: Response, status: number, html: string): void {
  response.status(status).set(PAGE_HEADERS).send(html);
}

/** Lets pages on any origin embed shared reports with fetch (no cookies involved). */
export const EMBEDDING_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, WWW-Authenticate',
  'Cache-Control': 'private, no-store',
};

/** The pages people read without an API key, and their JSON twin for embedding. */
@Controller()
export class SharedReportsController {
  constructor(private readonly access: ReportAccess) {}

  @Get('r/:token')
  @ApiExcludeEndpoint()
  async page(
    @ShareToken() token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const opened = await this.access.open(token, {
      client: request.ip ?? '',
      cookie: cookieOf(request, SHARE_COOKIE_NAME),
    });
    if (opened.granted) sendPage(response, 200, reportPage(opened.report));
    else sendPage(response, 200, passwordPage(opened.report, false));
  }

  @Post('r/:token')
  @ApiExcludeEndpoint()
  async unlock(
    @ShareToken() token: string,
    @Body() body: UnlockReportDto,
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
      const cookie = this.access.cookieFor(opened.report);
      response.cookie(cookie.name, cookie.value, {
        httpOnly: true,
        // Lax, not Strict: a share link opened from e-mail or chat still finds the
        // cookie; the cookie only ever unlocks a GET.
        sameSite: 'lax',
        secure: request.secure,
        path: cookie.path,
        maxAge: cookie.maxAgeSeconds * 1000,
      });
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
  @ApiTags('shared reports')
  @ApiOperation({
    summary: 'A public or password-protected report, without an API key',
    description:
      'For embedding (CORS open to any origin). Public reports answer openly; password reports need `X-Report-Password` (wrong passwords answer 401 and are rate-limited); private reports answer 404, like missing ones.',
    security: [],
  })
  @ApiParam(SHARE_TOKEN_PARAM)
  @ApiHeader({
    name: 'X-Report-Password',
    required: false,
    description: 'The password of a password-protected report.',
  })
  @ApiOkResponse({ type: ReportEnvelope })
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
  ): Promise<ReportEnvelope> {
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
    return { data: toView(opened.report, originOf(request)) };
  }
}
