import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ID_PATTERN } from '../../common/path-param.js';
import { DigitsAsInteger, EmptyAsAbsent } from '../../common/transforms.js';

/** The most pages a diff lists per change. */
export const MAX_PAGES_PER_CHANGE = 1000;

/** GET /api/v1/site-audits/{id}/diff. */
export class AuditDiffQuery {
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    minimum: 1,
    description:
      'The audit to compare with: a completed audit of this account with the same start URL. By default, the latest completed one of that URL created before this one.',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @Matches(ID_PATTERN, { message: 'from must be the id of a site audit' })
  from?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGES_PER_CHANGE,
    default: 100,
    description:
      'The most pages each change lists (by URL); its `pages` counts them all. For every page of an issue, read `/issues/{check_id}` of either audit.',
  })
  @DigitsAsInteger()
  @IsOptional()
  @Max(MAX_PAGES_PER_CHANGE, {
    message: `pages_per_change must be a whole number from 1 to ${MAX_PAGES_PER_CHANGE}`,
  })
  @Min(1, {
    message: `pages_per_change must be a whole number from 1 to ${MAX_PAGES_PER_CHANGE}`,
  })
  @IsInt({
    message: `pages_per_change must be a whole number from 1 to ${MAX_PAGES_PER_CHANGE}`,
  })
  pages_per_change: number = 100;
}
