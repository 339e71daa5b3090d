import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ApiSchemaKeywords } from '../../common/api-docs.js';
import { DigitsAsInteger } from '../../common/transforms.js';
import {
  BodyCheckedInService,
  OptionalNotNull,
} from '../../common/validation.js';
import { PASSWORD_MAX_LENGTH } from '../../sharing/privacy.js';
import type { Privacy } from '../../sharing/privacy.js';
import { IsPrivacy, IsSharePassword } from '../../sharing/privacy-fields.js';
import {
  IsScheduleSetting,
  SCHEDULE_PROPERTY,
} from '../../schedules/schedule-field.js';
import type { ScheduleSetting } from '../../schedules/schedule.js';

/** The fields an update takes; a body with none of them is refused. */
export const AUDIT_UPDATE_FIELDS = [
  'privacy',
  'password',
  'rotate_share_token',
  'schedule',
] as const;

/** PUT /api/v1/site-audits/{id}. What the stored audit allows is the service's rule. */
// A body with none of the fields is refused (422); the schema says so too.
@ApiSchemaKeywords({ minProperties: 1 })
export class UpdateSiteAuditDto extends BodyCheckedInService {
  @ApiPropertyOptional({
    description:
      '0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the audit already has one; leaving 2 drops the stored password. Any real change signs out readers who gave the password before.',
    enum: [0, 1, 2],
    type: 'integer',
    example: 0,
  })
  @IsPrivacy()
  privacy?: Privacy;

  @ApiPropertyOptional({
    description:
      'A new password. Accepted on an audit that has (or is switched to) privacy 2. Write-only.',
    example: 'hunter22',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH,
    writeOnly: true,
  })
  @IsSharePassword()
  password?: string;

  @ApiPropertyOptional({
    description:
      '1 gives the audit a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.',
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
      'daily or weekly: audit the site again by itself that often (a new audit of the same URL, settings and privacy each time), the first one period from now; re-sending the schedule the audit has keeps its next run. `off` (or null) stops it. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.',
    example: 'weekly',
  })
  @IsScheduleSetting()
  schedule?: ScheduleSetting;
}
