import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
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
import { ApiProblems } from '../common/api-docs.js';
import { originOf } from '../common/links.js';
import { NotFoundProblem, ProblemException } from '../common/problem.js';
import { Privacy } from '../reports/report.entity.js';
import type { Report } from '../reports/report.entity.js';
import { ReportEnvelope, toView } from '../reports/report.view.js';
import {
  messagePage,
  passwordPage,
  reportPage,
  SHARED_PAGE_CSP,
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
  response
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': SHARED_PAGE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'private, no-store',
    })
    .send(html);
}

/** The pages people read without an API key, and their JSON twin for embedding. */
@Controller()
export class SharedReportsController {
  constructor(private readonly shared: SharedReportsService) {}

  /** The report, or 404 for one that is private or missing; HTML errors stay HTML. */
  private async findForPage(
    id: string,
    response: Response,
  ): Promise<Report | null> {
    try {
      return await this.shared.find(id);
    } catch (error) {
      if (!(error instanceof NotFoundProblem)) throw error;
      sendPage(
        response,
        404,
        messagePage('Report not found', 'There is no report at this address.'),
      );
      return null;
    }
  }

  @Get('r/:id')
  @ApiExcludeEndpoint()
  async page(
    @Param('id') id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const report = await this.findForPage(id, response);
    if (!report) return;
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
    const report = await this.findForPage(id, response);
    if (!report) return;
    if (report.privacy !== Privacy.Password) {
      response.redirect(303, `/r/${report.id}`);
      return;
    }
    const password = typeof body?.password === 'string' ? body.password : '';
    let check;
    try {
      check = await this.shared.checkPassword(
        report,
        password,
        request.ip ?? '',
      );
    } catch (error) {
      if (!(error instanceof ProblemException) || error.getStatus() !== 429)
        throw error;
      response.set(error.headers);
      sendPage(
        response,
        429,
        messagePage(
          'Too many attempts',
          'Too many wrong passwords. Try again later.',
        ),
      );
      return;
    }
    if (check === 'wrong') {
      sendPage(response, 401, passwordPage(report, true));
      return;
    }
    response.cookie(
      shareCookieName(report.id),
      this.shared.issueCookie(report),
      {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.secure,
        path: `/r/${report.id}`,
        maxAge: SHARE_COOKIE_SECONDS * 1000,
      },
    );
    response.redirect(303, `/r/${report.id}`);
  }

  @Get('api/v1/shared/reports/:id')
  @HttpCode(200)
  @ApiTags('shared reports')
  @ApiOperation({
    summary: 'A public or password-protected report, without an API key',
    description:
      'For embedding. Public reports answer openly; password reports need `X-Report-Password` (wrong passwords answer 401 and are rate-limited); private reports answer 404.',
  })
  @ApiParam({ name: 'id', description: 'The report id, a positive integer.' })
  @ApiHeader({
    name: 'X-Report-Password',
    required: false,
    description: 'The password of a password-protected report.',
  })
  @ApiOkResponse({ type: ReportEnvelope })
  @ApiProblems(404)
  async json(
    @Param('id') id: string,
    @Headers('x-report-password') password: string | undefined,
    @Req() request: Request,
  ): Promise<ReportEnvelope> {
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
        );
      }
    }
    return { data: toView(report, originOf(request)) };
  }
}
