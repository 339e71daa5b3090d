import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SITE_CHECKS } from '../../analysis/index.js';
import { ApiHtmlResponses, RETRY_AFTER_HEADER } from '../../common/api-docs.js';
import { TakesBody } from '../../common/body-type.js';
import { ProblemPages } from '../../common/problem-pages.js';
import { Privacy } from '../../sharing/privacy.js';
import { ShareToken } from '../../sharing/share-token.js';
import { passwordPage, sharedProblemPages } from '../../sharing/shared-page.js';
import {
  cookieOf,
  sendPage,
  setShareCookie,
} from '../../sharing/shared-page-http.js';
import { UnlockSharedPageDto } from '../../sharing/unlock-shared-page.dto.js';
import { AuditPageId, CheckId } from '../site-audit-params.js';
import type { SiteAudit } from '../site-audit.js';
import { AUDIT_SHARE_COOKIE, AuditAccess } from './audit-access.js';
import { auditPage, auditPageChecks, issuePage } from './audit-page.js';
import { SharedAudits } from './shared-audits.service.js';

/** The addresses of an audit's shared pages: /s/{token}, and its issue and page pages. */
export const SHARED_AUDIT_PATH = /^\/s\/[^/]+(\/(pages|issues)\/[^/]+)?\/?$/;

const SITE_CHECK_TITLES = new Map(SITE_CHECKS.map((c) => [c.id, c.title]));

/** The page of a list asked for in `?page=`; anything but a whole number from 1 is the first. */
function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw)
    ? Number(raw)
    : 1;
}

/** The errors of the pages, answered as pages since people open them in a browser. */
const PAGE_ERRORS = {
  404: 'No public or password site audit with this share token (a private audit, or a token rotated away, answers the same); or no such page or issue in it.',
  429: 'Too many wrong passwords for this site audit; see Retry-After.',
  503: 'The database is unreachable; see Retry-After.',
  default:
    'Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status.',
};
const PAGE_ERROR_HEADERS = { 429: RETRY_AFTER_HEADER, 503: RETRY_AFTER_HEADER };

const PAGE_QUERY = {
  name: 'page',
  required: false,
  description:
    'The page of the list, from 1 (anything else shows the first; past the end, the last).',
  schema: { type: 'integer', minimum: 1, default: 1 },
} as const;

/**
 * The pages people read of a shared site audit without an API key: its summary, the
 * pages of one issue, and one page's checks. The privacy model is a report's: public
 * to anyone, password behind the form and its cookie, private 404.
 */
@ApiTags('shared site audits')
@Controller('s/:token')
export class SharedAuditsController {
  constructor(
    private readonly access: AuditAccess,
    private readonly shared: SharedAudits,
    pages: ProblemPages,
  ) {
    pages.register(SHARED_AUDIT_PATH, sharedProblemPages('site audit'));
  }

  /** The audit when the reader may see it; otherwise the password form is sent, and null. */
  private async opened(
    token: string,
    request: Request,
    response: Response,
  ): Promise<SiteAudit | null> {
    const opened = await this.access.open(token, {
      client: request.ip ?? '',
      cookie: cookieOf(request, AUDIT_SHARE_COOKIE),
    });
    if (opened.granted) return opened.shared;
    sendPage(response, 200, passwordPage('site audit', `/s/${token}`, false));
    return null;
  }

  @Get()
  @ApiOperation({
    operationId: 'getSharedSiteAuditPage',
    summary: 'The shared page of a site audit, as HTML',
    description:
      "A public audit's page, or a password audit's page when the request carries its cookie (set by the password form); otherwise a password audit shows the form. The audit's score and rating, its issues counted by importance, charts of status codes and click depth, then its issues (10 a page) each with its first affected pages, each linking to that page's checks.",
    security: [],
  })
  @ApiQuery(PAGE_QUERY)
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    { 200: 'The audit, or the password form.', ...PAGE_ERRORS },
    PAGE_ERROR_HEADERS,
  )
  async summary(
    @ShareToken('site audit') token: string,
    @Query('page') page: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const audit = await this.opened(token, request, response);
    if (!audit) return;
    const summary = await this.shared.summary(audit, pageNumber(page));
    sendPage(response, 200, auditPage(summary));
  }

  @Post()
  @ApiOperation({
    operationId: 'unlockSharedSiteAuditPage',
    summary:
      "The password form of a shared site audit: opens a password audit's pages",
    description:
      'The right password answers 303 to the page, with a signed cookie valid 12 hours for this audit only (on a public audit, 303 with no cookie). Wrong passwords count toward the limits of the audit, as for reports.',
    security: [],
  })
  @TakesBody()
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    {
      401: 'A wrong or empty password: the form again, with a message.',
      ...PAGE_ERRORS,
    },
    PAGE_ERROR_HEADERS,
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
        description: 'The shared page, /s/{token}.',
        schema: { type: 'string', format: 'uri-reference' },
      },
      'Set-Cookie': {
        description:
          'For a password audit: `shared_audit`, HMAC-signed, HttpOnly, SameSite=Lax, Path=/s/{token}, valid 12 hours.',
        schema: { type: 'string' },
      },
    },
  })
  async unlock(
    @ShareToken('site audit') token: string,
    @Body() body: UnlockSharedPageDto,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const opened = await this.access.open(token, {
      client: request.ip ?? '',
      password: body.password ?? '',
    });
    if (!opened.granted) {
      sendPage(response, 401, passwordPage('site audit', `/s/${token}`, true));
      return;
    }
    if (opened.shared.privacy === Privacy.Password) {
      setShareCookie(request, response, this.access.cookieFor(opened.shared));
    }
    response.redirect(303, `/s/${token}`);
  }

  @Get('issues/:check_id')
  @ApiOperation({
    operationId: 'getSharedSiteAuditIssuePage',
    summary: 'The pages one issue of a shared site audit affects, as HTML',
    description:
      'Each affected page with the evidence, 50 a page, each linking to its checks. A password audit without its cookie shows the form.',
    security: [],
  })
  @ApiQuery(PAGE_QUERY)
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    { 200: 'The pages, or the password form.', ...PAGE_ERRORS },
    PAGE_ERROR_HEADERS,
  )
  async issue(
    @ShareToken('site audit') token: string,
    @CheckId() checkId: string,
    @Query('page') page: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const audit = await this.opened(token, request, response);
    if (!audit) return;
    const { issue, affected, paging, targets } = await this.shared.issue(
      audit,
      checkId,
      pageNumber(page),
    );
    sendPage(response, 200, issuePage(audit, issue, affected, paging, targets));
  }

  @Get('pages/:page_id')
  @ApiOperation({
    operationId: 'getSharedSiteAuditPageChecks',
    summary: 'One page of a shared site audit and its checks, as HTML',
    description:
      "The page's facts, the site checks it fails with their evidence, and its page checks as a report shows them. A password audit without its cookie shows the form.",
    security: [],
  })
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    { 200: 'The page, or the password form.', ...PAGE_ERRORS },
    PAGE_ERROR_HEADERS,
  )
  async page(
    @ShareToken('site audit') token: string,
    @AuditPageId() pageId: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const audit = await this.opened(token, request, response);
    if (!audit) return;
    const page = await this.shared.page(audit, pageId);
    sendPage(
      response,
      200,
      auditPageChecks(audit, page, (id) => SITE_CHECK_TITLES.get(id) ?? id),
    );
  }
}
