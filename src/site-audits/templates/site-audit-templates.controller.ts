import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../../auth/principal.decorator.js';
import { ApiProblemResponses } from '../../common/api-docs.js';
import { AuditId } from '../site-audit-params.js';
import { SiteAuditTemplates } from './site-audit-templates.service.js';
import { TemplateListEnvelope } from './template.view.js';

/** An audit's templates and their lab measurements. */
@ApiTags('site audits')
@Authenticated()
@Controller('api/v1/site-audits/:id')
export class SiteAuditTemplatesController {
  constructor(private readonly templates: SiteAuditTemplates) {}

  @Get('templates')
  @ApiOperation({
    operationId: 'listSiteAuditTemplates',
    summary: "The audit's templates, with their lab metrics where measured",
    description:
      'Once the crawl is judged: the HTML pages answered 2xx grouped into templates (URL pattern, and layout where one pattern has several: docs/site-audits.md, "Templates"), the biggest first, each with its page count. With lab: true, each one\'s representative pages and their lab measurements (or why one failed), and its metrics over them; pages not measured inherit their template\'s verdict. Empty before the judgement.',
  })
  @ApiOkResponse({ type: TemplateListEnvelope })
  @ApiProblemResponses({ 404: 'No such site audit in this account.' })
  async list(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
  ): Promise<TemplateListEnvelope> {
    return { data: await this.templates.list(accountId, id) };
  }
}
