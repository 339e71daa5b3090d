import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../rate-limits/authenticated.decorator.js';
import { CurrentAccount } from '../../auth/principal.decorator.js';
import { ApiProblemResponses } from '../../common/api-docs.js';
import { AuditId } from '../site-audit-params.js';
import { AuditDiffQuery } from './audit-diff.query.js';
import { AuditDiffEnvelope } from './audit-diff.view.js';
import { SiteAuditDiffService } from './site-audit-diff.service.js';

/** What changed on a site between two of its audits. */
@ApiTags('site audits')
@Authenticated()
@Controller('api/v1/site-audits/:id')
export class SiteAuditDiffController {
  constructor(private readonly diffs: SiteAuditDiffService) {}

  @Get('diff')
  @ApiOperation({
    operationId: 'diffSiteAudits',
    summary: 'What changed on the site since another audit of it',
    description:
      'Compares this completed audit with `from` (by default the latest completed audit of the same start URL created before it): issues that appeared and were fixed, per check; pages added and removed; per page, changes of status code, redirect target, indexability, noindex, title, meta description, canonical and hreflang. Pages are matched by their normalised URL. Each kind of change is listed once with the number of pages it touches and the first `pages_per_change` of them.',
  })
  @ApiOkResponse({ type: AuditDiffEnvelope })
  @ApiProblemResponses({
    404: 'No such site audit in this account (this one or `from`), or no earlier completed audit of its start URL to compare with.',
    409: 'This audit or `from` has not completed (queued, running, failed or cancelled).',
    422: '`from` is not an audit id, is this audit, or audits another start URL; or `pages_per_change` is out of range. `errors` names each.',
  })
  async diff(
    @CurrentAccount() accountId: string,
    @AuditId() id: string,
    @Query() query: AuditDiffQuery,
  ): Promise<AuditDiffEnvelope> {
    return { data: await this.diffs.diff(accountId, id, query) };
  }
}
