import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  ValidateNested,
} from 'class-validator';
import { BodyCheckedInService } from '../../common/validation.js';
import { CreateReportDto } from './create-report.dto.js';

/** Reports one batch may create. */
export const BATCH_MAX_REPORTS = 100;

/** POST /api/v1/reports/batch: each item is the body of a single create. */
export class CreateReportsBatchDto extends BodyCheckedInService {
  @ApiProperty({
    type: [CreateReportDto],
    minItems: 1,
    maxItems: BATCH_MAX_REPORTS,
    description: `1 to ${BATCH_MAX_REPORTS} reports, each exactly as the body of POST /api/v1/reports. One refused item refuses the batch: the 422 names each refused field by its index (\`reports.3.url\`), and nothing is created.`,
  })
  @ValidateNested({ each: true })
  @Type(() => CreateReportDto)
  @IsObject({
    each: true,
    message: 'each item of reports must be an object, the body of a create',
  })
  @ArrayMaxSize(BATCH_MAX_REPORTS, {
    message: `reports must hold at most ${BATCH_MAX_REPORTS} items`,
  })
  @ArrayMinSize(1, { message: 'reports must hold at least 1 item' })
  // Nearest the property, so checked first.
  @IsArray({ message: 'reports must be an array of reports' })
  reports: CreateReportDto[];
}
