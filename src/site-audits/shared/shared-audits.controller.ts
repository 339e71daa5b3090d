import { TARGETED_CHECKS } from '../findings/targets.js';
import { BrandingService } from '../../branding/branding.service.js';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SITE_CHECKS } from '../../analysis/index.js';
import { ApiHtmlResponses } from '../../common/api-docs.js';
import { ShareToken } from '../../sharing/share-token.js';
import { sendPage } from '../../sharing/shared-page-http.js';
import {
  SHARED_PAGE_ERROR_HEADERS,
  sharedPageErrors,
  SharedPagesController,
} from '../../sharing/shared-pages.controller.js';
import { AuditPageId, CheckId } from '../site-audit-params.js';
import { auditPage, auditPageChecks, issuePage } from './audit-page.js';
import { AUDIT_SHARES } from './audit-shares.js';
import { SharedAudits } from './shared-audits.service.js';

const SITE_CHECK_TITLES = new Map(SITE_CHECKS.map((c) => [c.id, c.title]));

/** The page of a list asked for in `?page=`; anything but a whole number from 1 is the first. */
function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw)
    ? Number(raw)
    : 1;
}

/** The errors of the pages, answered as pages since people open them in a browser. */
const PAGE_ERRORS = sharedPageErrors(
  AUDIT_SHARES,
  '; or no such page or issue in it',
);

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
@Controller()
export class SharedAuditsController extends SharedPagesController(
  AUDIT_SHARES,
) {
  constructor(
    private readonly shared: SharedAudits,
    private readonly branding: BrandingService,
  ) {
    super();
  }

  @Get('s/:token')
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
    SHARED_PAGE_ERROR_HEADERS,
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
    sendPage(
      response,
      200,
      auditPage({
        ...summary,
        brand: await this.branding.brandingFor(audit.accountId),
      }),
    );
  }

  @Get('s/:token/issues/:check_id')
  @ApiOperation({
    operationId: 'getSharedSiteAuditIssuePage',
    summary: 'The pages one issue of a shared site audit affects, as HTML',
    description: `Each affected page with the evidence, 50 a page, each linking to its checks; for a finding with targets (${[...TARGETED_CHECKS].join(', ')}), each target once with its answer and every page pointing at it, 20 targets a page. A password audit without its cookie shows the form.`,
    security: [],
  })
  @ApiQuery(PAGE_QUERY)
  @ApiQuery({
    name: 'scope',
    required: false,
    description:
      'Of a check that is both a template finding and a page finding: `template` or `page`, which one (anything else shows the first).',
    schema: { type: 'string', enum: ['template', 'page'] },
  })
  @ApiProduces('text/html')
  @ApiHtmlResponses(
    { 200: 'The pages, or the password form.', ...PAGE_ERRORS },
    SHARED_PAGE_ERROR_HEADERS,
  )
  async issue(
    @ShareToken('site audit') token: string,
    @CheckId() checkId: string,
    @Query('page') page: unknown,
    @Query('scope') scope: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const audit = await this.opened(token, request, response);
    if (!audit) return;
    const { issue, affected, paging, targets } = await this.shared.issue(
      audit,
      checkId,
      pageNumber(page),
      scope === 'template' || scope === 'page' ? scope : null,
    );
    const brand = await this.branding.brandingFor(audit.accountId);
    sendPage(
      response,
      200,
      issuePage(audit, issue, affected, paging, targets, brand),
    );
  }

  @Get('s/:token/pages/:page_id')
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
    SHARED_PAGE_ERROR_HEADERS,
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
      auditPageChecks(
        audit,
        page,
        (id) => SITE_CHECK_TITLES.get(id) ?? id,
        await this.branding.brandingFor(audit.accountId),
      ),
    );
  }
}
