import { NoControlCharacters } from '../../common/no-control-characters.js';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { PageQuery } from '../../common/pagination/page.query.js';
import { EmptyAsAbsent } from '../../common/transforms.js';
import { IsListCursor, SORT_KEYS } from '../list-cursor.js';
import type { SortKey } from '../list-cursor.js';

export { SORT_KEYS } from '../list-cursor.js';
export type { SortKey } from '../list-cursor.js';
export const RESULTS = ['good', 'decent', 'bad'] as const;
/** The shortest search term: a trigram, which the url search index needs to find it. */
export const SEARCH_MIN_LENGTH = 3;

/** GET /api/v1/reports. An empty value of any parameter counts as absent. */
export class ListReportsQuery extends PageQuery {
  @ApiPropertyOptional({
    description:
      'Case-insensitive substring of the field named by search_by; %, _ and \\ are literal. At least 3 characters (a shorter term answers 422): every term is then served by the trigram index of the account, where a 1 or 2 character term would read every report of the account.',
    minLength: SEARCH_MIN_LENGTH,
    maxLength: 2048,
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'search must be a single string' })
  @MinLength(SEARCH_MIN_LENGTH, {
    message: `search must be at least ${SEARCH_MIN_LENGTH} characters`,
  })
  @MaxLength(2048)
  @NoControlCharacters('search')
  search?: string;

  @ApiPropertyOptional({ enum: ['url'], default: 'url' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(['url'], { message: 'search_by must be url' })
  search_by = 'url' as const;

  @ApiPropertyOptional({
    description:
      "Exact, case-insensitive match on the report's project (its host without a leading www.).",
    maxLength: 255,
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'project must be a single string' })
  @MaxLength(255)
  @NoControlCharacters('project')
  project?: string;

  @ApiPropertyOptional({ enum: RESULTS })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(RESULTS, { message: 'result must be one of good, decent, bad' })
  result?: (typeof RESULTS)[number];

  @ApiPropertyOptional({
    enum: SORT_KEYS,
    default: 'id',
    description:
      'id: date created; generated_at: date generated; url; result: good > decent > bad. Ties by id in the same direction; reports without a value come last.',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(SORT_KEYS, {
    message: 'sort_by must be one of id, generated_at, url, result',
  })
  sort_by: SortKey = 'id';

  @ApiPropertyOptional({ enum: ['desc', 'asc'], default: 'desc' })
  @EmptyAsAbsent()
  @IsOptional()
  @IsIn(['desc', 'asc'], { message: 'sort must be desc or asc' })
  sort: 'desc' | 'asc' = 'desc';

  @ApiPropertyOptional({
    description:
      'Where to read from instead of page: the opaque meta.next_cursor or meta.prev_cursor (links.next and links.prev carry it) of a list with the same sort_by. Read through the index of the sort, it costs the same at any depth. A cursor not made for this sort_by answers 422.',
    maxLength: 12000,
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsListCursor()
  cursor?: string;
}
