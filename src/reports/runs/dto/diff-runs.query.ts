import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DigitsAsInteger } from '../../../common/transforms.js';
import { MAX_RUN_NUMBER } from '../run-number.js';

/** An optional run number: a whole number from 1, as a query's digits. */
const IsRunNumber = (name: string) =>
  applyDecorators(
    DigitsAsInteger(),
    IsOptional(),
    Max(MAX_RUN_NUMBER, {
      message: `${name} must be a run number from 1 to ${MAX_RUN_NUMBER}`,
    }),
    Min(1, {
      message: `${name} must be a run number from 1 to ${MAX_RUN_NUMBER}`,
    }),
    // Nearest the property, so checked first: "abc" is told it is no whole number.
    IsInt({
      message: `${name} must be a run number from 1 to ${MAX_RUN_NUMBER}`,
    }),
  );

/** GET /api/v1/reports/{id}/diff: the two runs to compare. */
export class DiffRunsQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_RUN_NUMBER,
    description:
      'The earlier run (its `run` number). Default: the completed run before `to`.',
  })
  @IsRunNumber('from')
  from?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_RUN_NUMBER,
    description:
      'The later run (its `run` number). Default: the latest completed run.',
  })
  @IsRunNumber('to')
  to?: number;
}
