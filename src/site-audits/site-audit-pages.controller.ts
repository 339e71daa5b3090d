import { TARGETED_CHECKS } from './findings/targets.js';
import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { withCatalogueLinks } from '../analysis-jobs/analysis-results.view.js';
import { Authenticated } from '../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { ApiProblemResponses } from '../common/api-docs.js';
import { originOf } from '../common/links.js';
import { numberedEnvelope } from '../common/pagination/paginate.js';
import {
  AffectedPagesQuery,
  AuditPageQuery,
  ListLinksQuery,
  ListPagesQuery,
} from './dto/list-pages.query.js';
import { AuditId, AuditPageId, CheckId } from './site-audit-params.js';
import {
  AffectedPageListEnvelope,
  AuditIssueListEnvelope,
  AuditLinkListEnvelope,
  AuditPageEnvelope,
  AuditPageListEnvelope,
  FindingTargetListEnvelope,
} from './site-audit-page.view.js';
import { SiteAuditPagesService } from './site-audit-pages.service.js';

const NO_SUCH_AUDIT =
  'No such site audit in this account (or an id that is not a positive integer).';
const NOT_JUDGED =
  'The audit has not stopped yet (or its site checks are being judged): ask again then.';

/** What a site audit found: its pages, the checks that affect them, its links. */
@ApiTags('site audits')
@Authenticated()
@Controller('api/v1/site-audits/:id')
export class SiteAuditPagesController {
  constructor(private readonly pages: SiteAuditPagesService) {}

  @Get('pages')
  @ApiOperation({
    operationId: 'listSiteAuditPages',
    summary: "List a site audit's pages, with filters and sorts",
    description:
      'Every in-scope URL the audit requested (whatever it answered) or left alone because robots.txt disallows it. Before the audit has stopped, what is crawled so far.',
  })
  @ApiOkResponse({ type: AuditPageListEnvelope })
  @ApiProblemResponses({
    404: NO_SUCH_AUDIT,
    422: 'A query parameter failed validation; `errors` names every one.',
  })
  async list(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Query() query: ListPagesQuery,
    @Req() request: Request,
  ): Promise<AuditPageListEnvelope> {
    const page = await this.pages.list(accountId, id, query);
    return numberedEnvelope(request, page, (row) => row);
  }

  @Get('pages/:page_id')
  @ApiOperation({
    operationId: 'getSiteAuditPage',
    summary:
      'One page of a site audit, with its page checks and the site checks it fails',
  })
  @ApiOkResponse({ type: AuditPageEnvelope })
  @ApiProblemResponses({
    404: 'No such site audit in this account, or no such page in it.',
  })
  async get(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @AuditPageId() pageId: number,
    @Req() request: Request,
  ): Promise<AuditPageEnvelope> {
    const page = await this.pages.get(accountId, id, pageId);
    return {
      data: {
        ...page,
        results: withCatalogueLinks(page.results, originOf(request)),
      },
    };
  }

  @Get('issues')
  @ApiOperation({
    operationId: 'listSiteAuditIssues',
    summary:
      'The findings of a site audit: each page or site check that affects pages, with its scope, priority and advice, highest priority first',
  })
  @ApiOkResponse({ type: AuditIssueListEnvelope })
  @ApiProblemResponses({ 404: NO_SUCH_AUDIT, 409: NOT_JUDGED })
  async issues(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
  ): Promise<AuditIssueListEnvelope> {
    return { data: await this.pages.issues(accountId, id) };
  }

  @Get('issues/:check_id')
  @ApiOperation({
    operationId: 'listSiteAuditIssuePages',
    summary: 'The pages a check affects, with its evidence for each',
  })
  @ApiOkResponse({ type: AffectedPageListEnvelope })
  @ApiProblemResponses({
    404: 'No such site audit in this account, or no such check.',
    409: NOT_JUDGED,
    422: 'A query parameter failed validation; `errors` names every one.',
  })
  async affected(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @CheckId() checkId: string,
    @Query() query: AffectedPagesQuery,
    @Req() request: Request,
  ): Promise<AffectedPageListEnvelope> {
    const page = await this.pages.affected(accountId, id, checkId, query);
    return numberedEnvelope(request, page, (row) => row);
  }

  @Get('issues/:check_id/targets')
  @ApiOperation({
    operationId: 'listSiteAuditIssueTargets',
    summary: `The targets of a link, canonical, route or hreflang finding (${[...TARGETED_CHECKS].join(', ')}): each target URL once, with its answer and every page pointing at it`,
    description:
      'A page of the targets (`page`, `per_page` as the other lists of an audit), the most pointed-at first, then by URL.',
  })
  @ApiOkResponse({ type: FindingTargetListEnvelope })
  @ApiProblemResponses({
    404: 'No such site audit in this account, or no such check.',
    409: NOT_JUDGED,
    422: 'The check names no targets (the detail lists those that do), or a query parameter failed validation (`errors` names every one).',
  })
  async targets(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @CheckId() checkId: string,
    @Query() query: AuditPageQuery,
    @Req() request: Request,
  ): Promise<FindingTargetListEnvelope> {
    const page = await this.pages.targets(accountId, id, checkId, query);
    return numberedEnvelope(request, page, (target) => target);
  }

  @Get('links')
  @ApiOperation({
    operationId: 'listSiteAuditLinks',
    summary: "List a site audit's links, by linking page",
  })
  @ApiOkResponse({ type: AuditLinkListEnvelope })
  @ApiProblemResponses({
    404: NO_SUCH_AUDIT,
    422: 'A query parameter failed validation; `errors` names every one.',
  })
  async links(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Query() query: ListLinksQuery,
    @Req() request: Request,
  ): Promise<AuditLinkListEnvelope> {
    const page = await this.pages.links(accountId, id, query);
    return numberedEnvelope(request, page, (row) => row);
  }
}
