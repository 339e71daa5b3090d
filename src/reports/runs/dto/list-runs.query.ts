import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { DigitsAsInteger } from '../../../common/transforms.js';
import { PER_PAGE_CHOICES } from '../../dto/list-reports.query.js';

/** GET /api/v1/reports/{id}/runs: pages as the reports list has them. */
export class ListRunsQuery {
  @ApiPropertyOptional({ enum: PER_PAGE_CHOICES, default: 10, type: 'integer' })
  @DigitsAsInteger()
  @IsOptional()
  @IsIn(PER_PAGE_CHOICES, {
    message: 'per_page must be one of 10, 25, 50, 100',
  })
  per_page: number = 10;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 1_000_000_000,
    default: 1,
    type: 'integer',
    description:
      'The page, from 1. A page past the end answers 200 with no data and the true total.',
  })
  @DigitsAsInteger()
  @IsOptional()
  @Max(1_000_000_000, { message: 'page must be at most 1000000000' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @IsInt({ message: 'page must be a whole number from 1' })
  page: number = 1;
}
