import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Options,
  Param,
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
import { ApiProblemResponses } from '../common/api-docs.js';
import { originOf } from '../common/links.js';
import { ProblemException } from '../common/problem.js';
import { Privacy } from '../reports/report.entity.js';
import { ReportEnvelope, toView } from '../reports/report.view.js';
import {
  passwordPage,
  reportPage,
  SHARED_PAGE_HEADERS,
} from './report-page.js';
import { SHARE_COOKIE_SECONDS, shareCookieName } from './share-cookie.js';
import { SharedReportsService } from './shared-reports.service.js';

function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sendPage(response: Response, status: number, html: string): void {
  response.status(status).set(SHARED_PAGE_HEADERS).send(html);
}

/** Lets pages on any origin embed shared reports with fetch (no cookies involved). */
const EMBEDDING_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, WWW-Authenticate',
  'Cache-Control': 'private, no-store',
};

/** The pages people read without an API key, and their JSON twin for embedding. */
@Controller()
export class SharedReportsController {
  constructor(private readonly shared: SharedReportsService) {}

  @Get('r/:id')
  @ApiExcludeEndpoint()
  async page(
    @Param('id') id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.shared.find(id);
    if (
      report.privacy === Privacy.Password &&
      !this.shared.acceptsCookie(
        report,
        cookieOf(request, shareCookieName(report.id)),
      )
    ) {
      sendPage(response, 200, passwordPage(report, false));
      return;
    }
    sendPage(response, 200, reportPage(report));
  }

  @Post('r/:id')
  @ApiExcludeEndpoint()
  async unlock(
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.shared.find(id);
    if (report.privacy !== Privacy.Password) {
      response.redirect(303, `/r/${report.id}`);
      return;
    }
    const password = typeof body?.password === 'string' ? body.password : '';
    const check = await this.shared.checkPassword(
      report,
      password,
      request.ip ?? '',
    );
    if (check === 'wrong') {
      sendPage(response, 401, passwordPage(report, true));
      return;
    }
    response.cookie(
      shareCookieName(report.id),
      this.shared.issueCookie(report),
      {
        httpOnly: true,
        // Lax, not Strict: a share link opened from e-mail or chat still finds the
        // cookie; the cookie only ever unlocks a GET.
        sameSite: 'lax',
        secure: request.secure,
        path: `/r/${report.id}`,
        maxAge: SHARE_COOKIE_SECONDS * 1000,
      },
    );
    response.redirect(303, `/r/${report.id}`);
  }

  @Options('api/v1/shared/reports/:id')
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

  @Get('api/v1/shared/reports/:id')
  @HttpCode(200)
  @ApiTags('shared reports')
  @ApiOperation({
    summary: 'A public or password-protected report, without an API key',
    description:
      'For embedding (CORS open to any origin). Public reports answer openly; password reports need `X-Report-Password` (wrong passwords answer 401 and are rate-limited); private reports answer 404, like missing ones.',
    security: [],
  })
  @ApiParam({ name: 'id', description: 'The report id, a positive integer.' })
  @ApiHeader({
    name: 'X-Report-Password',
    required: false,
    description: 'The password of a password-protected report.',
  })
  @ApiOkResponse({ type: ReportEnvelope })
  @ApiProblemResponses({
    401: 'A password report and no password, or a wrong one, in X-Report-Password.',
    404: 'No public or password report with this id (a private report answers the same).',
    429: 'Too many wrong passwords for this report; see Retry-After.',
    503: 'The database is unreachable; see Retry-After.',
  })
  async json(
    @Param('id') id: string,
    @Headers('x-report-password') password: string | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReportEnvelope> {
    response.set(EMBEDDING_HEADERS);
    const report = await this.shared.find(id);
    if (report.privacy === Privacy.Password) {
      const check = password
        ? await this.shared.checkPassword(report, password, request.ip ?? '')
        : 'wrong';
      if (check === 'wrong') {
        throw new ProblemException(
          401,
          password
            ? 'The password is not right.'
            : 'This report needs its password in the X-Report-Password header.',
          undefined,
          { 'WWW-Authenticate': 'X-Report-Password realm="shared report"' },
        );
      }
    }
    return { data: toView(report, originOf(request)) };
  }
}
