import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { DigitsAsInteger, EmptyAsAbsent } from '../../common/transforms.js';
import { Privacy } from '../report.entity.js';
import { IsPrivacy, PASSWORD_MAX_LENGTH } from './report-rules.js';

export class UpdateReportDto {
  @ApiPropertyOptional({
    description:
      '0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the report already has one; leaving 2 drops the stored password.',
    enum: [0, 1, 2],
    type: 'integer',
  })
  @IsPrivacy()
  privacy?: Privacy;

  @ApiPropertyOptional({
    description:
      'A new password. Accepted on a report that has (or is switched to) privacy 2. Write-only.',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH,
    writeOnly: true,
  })
  @EmptyAsAbsent()
  @IsOptional()
  @IsString({ message: 'password must be a string' })
  @Length(1, PASSWORD_MAX_LENGTH, {
    message: `password must be 1 to ${PASSWORD_MAX_LENGTH} characters long`,
  })
  password?: string;

  @ApiPropertyOptional({
    description:
      '1 re-runs the analysis of the report\'s URL (the answer waits for it unless "Prefer: respond-async"); 0 does nothing.',
    enum: [0, 1],
    default: 0,
    type: 'integer',
  })
  @DigitsAsInteger()
  @IsOptional()
  @IsIn([0, 1], { message: 'results must be 0 or 1' })
  results?: 0 | 1;
}
