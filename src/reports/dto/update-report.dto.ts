import { ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { IsIn } from 'class-validator';
import { ApiSchemaKeywords } from '../../common/api-docs.js';
import { DigitsAsInteger } from '../../common/transforms.js';
import {
  BodyCheckedInService,
  OptionalNotNull,
} from '../../common/validation.js';
import { WithShareChanges } from '../../sharing/share-settings.dto.js';
import { WithSchedule } from '../../schedules/schedule-field.js';

/** PUT /api/v1/reports/{id}. What the stored report allows is the service's rule. */
// A body with none of the fields is refused (422); the schema says so too.
@ApiSchemaKeywords({ minProperties: 1 })
export class UpdateReportDto extends WithSchedule(
  WithShareChanges(BodyCheckedInService, 'report'),
  {
    description:
      'daily or weekly: analyse the page again by itself that often, the first time one period from now (re-sending the schedule a report has keeps its next run); `off` (or null) stops it.',
    example: 'off',
  },
) {
  @ApiPropertyOptional({
    description:
      '1 re-runs the analysis of the report\'s URL (the answer waits for it unless "Prefer: respond-async"); 0 does nothing.',
    enum: [0, 1],
    default: 0,
    type: 'integer',
  })
  @DigitsAsInteger()
  @IsIn([0, 1], { message: 'results must be 0 or 1' })
  @OptionalNotNull()
  results?: 0 | 1;
}

/**
 * Whether a parsed body asks for a re-run, read by this DTO's own rules ("1", 1):
 * the analyses limit counts it before the body is validated. Only a plain `results`
 * is read, so no part of an unvalidated body is transformed.
 */
export function asksForRerun(body: unknown): boolean {
  const results = (body as { results?: unknown } | null)?.results;
  if (typeof results !== 'string' && typeof results !== 'number') return false;
  return plainToInstance(UpdateReportDto, { results }).results === 1;
}
