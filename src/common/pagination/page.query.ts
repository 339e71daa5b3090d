import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { DigitsAsInteger } from '../transforms.js';

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;

/** Which page of a paginated list: the parameters every list of the API shares. */
export class PageQuery {
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
  // Nearest the property, so checked first: "abc" is told it is no whole number.
  @IsInt({ message: 'page must be a whole number from 1' })
  page: number = 1;
}
