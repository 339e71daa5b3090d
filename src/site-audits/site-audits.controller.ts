import {
  Body,
  Controller,
  HttpCode,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../auth/principal.decorator.js';
import { ApiProblemResponses, ApiProblems } from '../common/api-docs.js';
import {
  DeleteOperation,
  ListOperation,
  ReadOperation,
} from '../common/keyed-operations.js';
import { TakesBody } from '../common/body-type.js';
import { originOf } from '../common/links.js';
import { numberedEnvelope } from '../common/pagination/paginate.js';
import { IDEMPOTENT_REPLAYED_HEADER } from '../idempotency/idempotent.decorator.js';
import { StartsAnalyses } from '../rate-limits/starts-analyses.decorator.js';
import { scheduleCapResponse } from '../schedules/schedule-field.js';
import { CreateSiteAuditDto } from './dto/create-site-audit.dto.js';
import { ListSiteAuditsQuery } from './dto/list-site-audits.query.js';
import { UpdateSiteAuditDto } from './dto/update-site-audit.dto.js';
import { AuditId } from './site-audit-params.js';
import {
  SiteAuditEnvelope,
  SiteAuditListEnvelope,
  toSiteAuditView,
} from './site-audit.view.js';
import { SiteAuditsService } from './site-audits.service.js';
import type { AuditWithQueue } from './site-audits.service.js';

const NO_SUCH_AUDIT = {
  404: 'No such site audit in this account (or an id that is not a positive integer).',
};

@ApiTags('site audits')
@Authenticated()
@Controller('api/v1/site-audits')
export class SiteAuditsController {
  constructor(private readonly audits: SiteAuditsService) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createSiteAudit',
    summary: 'Crawl a site, judge every page, then judge the set',
    description:
      'Answers 202 at once with the audit, queued; poll its Location (or the list). The URL rules and the address policy are those of reports. An account has at most SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT (2) audits queued or running: more answer 429 with Retry-After.',
  })
  @StartsAnalyses()
  @ApiAcceptedResponse({
    type: SiteAuditEnvelope,
    description: 'Queued.',
    headers: {
      Location: {
        description: 'The absolute URL of the audit.',
        schema: { type: 'string', format: 'uri' },
      },
      ...IDEMPOTENT_REPLAYED_HEADER,
    },
  })
  async create(
    @CurrentAccount() accountId: string,
    @Body() body: CreateSiteAuditDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SiteAuditEnvelope> {
    const created = await this.audits.create(accountId, body);
    response.setHeader(
      'Location',
      `${originOf(request)}/api/v1/site-audits/${created.audit.id}`,
    );
    return { data: view(created, request) };
  }

  @ListOperation(
    {
      operationId: 'listSiteAudits',
      summary: "List the account's site audits, newest first",
    },
    SiteAuditListEnvelope,
  )
  async list(
    @CurrentAccount() accountId: string,
    @Query() query: ListSiteAuditsQuery,
    @Req() request: Request,
  ): Promise<SiteAuditListEnvelope> {
    const page = await this.audits.list(accountId, query);
    return numberedEnvelope(request, page, (audit) => view(audit, request));
  }

  @ReadOperation(
    { operationId: 'getSiteAudit', summary: 'Get one site audit' },
    SiteAuditEnvelope,
    NO_SUCH_AUDIT,
  )
  async get(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Req() request: Request,
  ): Promise<SiteAuditEnvelope> {
    return { data: view(await this.audits.get(accountId, id), request) };
  }

  @Put(':id')
  @ApiOperation({
    operationId: 'updateSiteAudit',
    summary: "Change who may read a site audit's shared page, or its schedule",
    description:
      'Every field is optional, but at least one must be sent. The password rule is that of reports: privacy 2 needs a password unless the audit has one, and a password goes with privacy 2 only. `rotate_share_token=1` gives a new share_url; the old one answers 404.',
  })
  @TakesBody()
  @ApiOkResponse({ type: SiteAuditEnvelope })
  @ApiProblems(400, 413, 415, 422)
  @ApiProblemResponses({
    ...NO_SUCH_AUDIT,
    ...scheduleCapResponse('site audits'),
  })
  async update(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Body() body: UpdateSiteAuditDto,
    @Req() request: Request,
  ): Promise<SiteAuditEnvelope> {
    return {
      data: view(await this.audits.update(accountId, id, body), request),
    };
  }

  @DeleteOperation(
    {
      operationId: 'deleteSiteAudit',
      summary: 'Delete a site audit and all of it (a running one stops first)',
    },
    NO_SUCH_AUDIT,
  )
  async remove(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
  ): Promise<void> {
    await this.audits.remove(accountId, id);
  }

  @Post(':id/cancel')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'cancelSiteAudit',
    summary: 'Stop a queued or running site audit',
    description:
      'The crawl stops at once: no request to the site is started from then on, and the audit is `cancelled` (within 10 s) once none is in flight. The pages crawled so far are kept and judged (finished_at tells when). 409 when it has already stopped.',
  })
  @ApiAcceptedResponse({ type: SiteAuditEnvelope })
  // It takes no body; one sent all the same must still parse.
  @ApiProblems(400, 413)
  @ApiProblemResponses({
    ...NO_SUCH_AUDIT,
    409: 'The audit has already stopped (completed, failed or cancelled).',
  })
  async cancel(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Req() request: Request,
  ): Promise<SiteAuditEnvelope> {
    return { data: view(await this.audits.cancel(accountId, id), request) };
  }
}

function view(
  { audit, queued, renderTemplates }: AuditWithQueue,
  request: Request,
) {
  return toSiteAuditView(
    audit,
    queued,
    originOf(request),
    new Date(),
    renderTemplates ?? null,
  );
}
