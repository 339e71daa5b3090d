import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { NoControlCharacters } from '../../common/no-control-characters.js';
import { EmptyAsAbsent } from '../../common/transforms.js';
import { PageQuery } from '../../common/pagination/page.query.js';
import { SITE_AUDIT_STATUSES } from '../site-audit.js';
import type { SiteAuditStatus } from '../site-audit.js';

/** GET /api/v1/site-audits: newest first, by status and project. */
export class ListSiteAuditsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: SITE_AUDIT_STATUSES })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(SITE_AUDIT_STATUSES, {
    message: `status must be one of ${SITE_AUDIT_STATUSES.join(', ')}`,
  })
  status?: SiteAuditStatus;

  @ApiPropertyOptional({
    description:
      "Exact, case-insensitive: the audited site's host, without a leading www.",
    example: 'example.com',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'project must be a host name' })
  @MaxLength(255, { message: 'project must be at most 255 characters' })
  @NoControlCharacters('project')
  project?: string;
}
