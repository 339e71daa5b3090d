import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../auth/authenticated.decorator.js';
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
    summary: "The audit's templates, with their lab metrics",
    description:
      "With lab: true, once the crawl is judged: the HTML pages grouped into templates (URL pattern and layout), the biggest first, each with its page count, its representative pages and their lab measurements (or why one failed), and its metrics over them. Pages not measured inherit their template's verdict. Empty without lab, or before the lab phase groups the pages.",
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
