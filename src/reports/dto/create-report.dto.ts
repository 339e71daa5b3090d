import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EmptyAsAbsent } from '../../common/transforms.js';
import { BodyCheckedInService } from '../../common/validation.js';
import { Privacy } from '../report.entity.js';
import { PASSWORD_MAX_LENGTH } from '../report-rules.js';
import type { ScheduleSetting } from '../schedule.js';
import {
  IsPrivacy,
  IsReportPassword,
  IsScheduleSetting,
  IsTargetUrl,
  SCHEDULE_PROPERTY,
} from './report-fields.js';

/** POST /api/v1/reports. The address policy and the password rule are the service's. */
export class CreateReportDto extends BodyCheckedInService {
  @ApiProperty({
    description:
      'The page to analyse: an absolute http or https URL, at most 2048 characters, without user-info.',
    example: 'https://example.com/pricing',
    maxLength: 2048,
  })
  @EmptyAsAbsent()
  @IsTargetUrl()
  url: string;

  @ApiPropertyOptional({
    description: '0 public, 1 private, 2 password-protected.',
    enum: [0, 1, 2],
    default: 1,
    type: 'integer',
  })
  @IsPrivacy()
  privacy?: Privacy;

  @ApiPropertyOptional({
    description:
      'Required with privacy 2 and refused with any other privacy. Write-only: never returned.',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH,
    writeOnly: true,
  })
  @IsReportPassword()
  password?: string;

  @ApiPropertyOptional({
    ...SCHEDULE_PROPERTY,
    default: 'off',
    description:
      'Analyse the page again by itself every day or every week, from now on (`next_run_at` tells when); `off` (or null) never.',
  })
  @IsScheduleSetting()
  schedule?: ScheduleSetting;
}
