import { ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { IsIn } from 'class-validator';
import { ApiSchemaKeywords } from '../../common/api-docs.js';
import { DigitsAsInteger } from '../../common/transforms.js';
import {
  BodyCheckedInService,
  OptionalNotNull,
} from '../../common/validation.js';
import { Privacy } from '../report.entity.js';
import { PASSWORD_MAX_LENGTH } from '../../sharing/privacy.js';
import { IsPrivacy, IsSharePassword } from '../../sharing/privacy-fields.js';
import type { ScheduleSetting } from '../../schedules/schedule.js';
import {
  IsScheduleSetting,
  SCHEDULE_PROPERTY,
} from '../../schedules/schedule-field.js';

/** PUT /api/v1/reports/{id}. What the stored report allows is the service's rule. */
// A body with none of the fields is refused (422); the schema says so too.
@ApiSchemaKeywords({ minProperties: 1 })
export class UpdateReportDto extends BodyCheckedInService {
  @ApiPropertyOptional({
    description:
      '0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the report already has one; leaving 2 drops the stored password.',
    enum: [0, 1, 2],
    type: 'integer',
    example: 2,
  })
  @IsPrivacy()
  privacy?: Privacy;

  @ApiPropertyOptional({
    description:
      'A new password. Accepted on a report that has (or is switched to) privacy 2. Write-only.',
    example: 'hunter22',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH,
    writeOnly: true,
  })
  @IsSharePassword()
  password?: string;

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

  @ApiPropertyOptional({
    description:
      '1 gives the report a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.',
    enum: [0, 1],
    default: 0,
    type: 'integer',
  })
  @DigitsAsInteger()
  @IsIn([0, 1], { message: 'rotate_share_token must be 0 or 1' })
  @OptionalNotNull()
  rotate_share_token?: 0 | 1;

  @ApiPropertyOptional({
    ...SCHEDULE_PROPERTY,
    description:
      'daily or weekly: analyse the page again by itself that often, the first time one period from now (re-sending the schedule a report has keeps its next run); `off` (or null) stops it.',
    example: 'off',
  })
  @IsScheduleSetting()
  schedule?: ScheduleSetting;
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
