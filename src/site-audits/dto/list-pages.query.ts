import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { NoControlCharacters } from '../../common/no-control-characters.js';
import { DigitsAsInteger, EmptyAsAbsent } from '../../common/transforms.js';
import { IsCheckId } from './is-check-id.js';

export const PAGES_PER_PAGE = [10, 25, 50, 100, 500, 1000] as const;
export const PAGE_SORT_KEYS = [
  'id',
  'url',
  'depth',
  'inlinks',
  'score',
] as const;
export type PageSortKey = (typeof PAGE_SORT_KEYS)[number];

/** The page parameters of an audit's lists: larger pages than the reports list takes. */
export class AuditPageQuery {
  @ApiPropertyOptional({
    enum: PAGES_PER_PAGE,
    default: 10,
    type: 'integer',
  })
  @DigitsAsInteger()
  @IsOptional()
  @IsIn(PAGES_PER_PAGE, {
    message: `per_page must be one of ${PAGES_PER_PAGE.join(', ')}`,
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

/** Of a check that is both a template finding and a page finding: which one's pages. */
export const FINDING_PARTS = ['template', 'page'] as const;

/** GET /api/v1/site-audits/{id}/issues/{check_id}. */
export class AffectedPagesQuery extends AuditPageQuery {
  @ApiPropertyOptional({
    enum: FINDING_PARTS,
    description:
      'Where a check is both a template finding and a page finding (GET /issues lists both): `template`, the pages of its templates; `page`, the others. Without it, every page the check affects. For a check with no template finding, `template` answers none and `page` every one.',
  })
  @IsOptional()
  @IsIn(FINDING_PARTS, { message: 'scope must be template or page' })
  scope?: (typeof FINDING_PARTS)[number];
}

/** GET /api/v1/site-audits/{id}/pages. */
export class ListPagesQuery extends AuditPageQuery {
  @ApiPropertyOptional({
    description:
      'A page or site check id the page fails (`broken_link`, `title`, …); an id that names no check answers 422, naming the nearest and every check id.',
    example: 'duplicate_title',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsCheckId()
  issue?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 100, maximum: 599 })
  @DigitsAsInteger()
  @IsOptional()
  @Max(599, { message: 'status_code must be an HTTP status from 100 to 599' })
  @Min(100, { message: 'status_code must be an HTTP status from 100 to 599' })
  @IsInt({ message: 'status_code must be an HTTP status from 100 to 599' })
  status_code?: number;

  @ApiPropertyOptional({ type: 'boolean' })
  @Transform(({ value }: { value: unknown }) =>
    value === 'true'
      ? true
      : value === 'false'
        ? false
        : value === ''
          ? undefined
          : value,
  )
  @IsOptional()
  @IsBoolean({ message: 'indexable must be true or false' })
  indexable?: boolean;

  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  @DigitsAsInteger()
  @IsOptional()
  @Max(1_000_000, { message: 'depth must be a whole number from 0' })
  @Min(0, { message: 'depth must be a whole number from 0' })
  @IsInt({ message: 'depth must be a whole number from 0' })
  depth?: number;

  @ApiPropertyOptional({
    description:
      'Case-insensitive substring of the url; `%`, `_` and `\\` are literal.',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'search must be text' })
  @MaxLength(2048, { message: 'search must be at most 2048 characters' })
  @NoControlCharacters('search')
  search?: string;

  @ApiPropertyOptional({ enum: PAGE_SORT_KEYS, default: 'id' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(PAGE_SORT_KEYS, {
    message: `sort_by must be one of ${PAGE_SORT_KEYS.join(', ')}`,
  })
  sort_by: PageSortKey = 'id';

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'sort must be asc or desc' })
  sort: 'asc' | 'desc' = 'asc';
}

export const LINK_STATUSES = ['broken', 'redirect', 'ok', 'unchecked'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** GET /api/v1/site-audits/{id}/links. */
export class ListLinksQuery extends AuditPageQuery {
  @ApiPropertyOptional({
    description:
      'The linking page: its page id, or a case-insensitive substring of its url.',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'from must be a page id or a url substring' })
  @MaxLength(2048, { message: 'from must be at most 2048 characters' })
  @NoControlCharacters('from')
  from?: string;

  @ApiPropertyOptional({
    description:
      'The target: its page id, or a case-insensitive substring of its url.',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'to must be a page id or a url substring' })
  @MaxLength(2048, { message: 'to must be at most 2048 characters' })
  @NoControlCharacters('to')
  to?: string;

  @ApiPropertyOptional({
    enum: LINK_STATUSES,
    description:
      "The target's answer: broken (4xx, 5xx, or the fetch failed), redirect (3xx), ok (2xx), unchecked (not requested nor probed).",
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(LINK_STATUSES, {
    message: `status must be one of ${LINK_STATUSES.join(', ')}`,
  })
  status?: LinkStatus;
}
