import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { EmptyAsAbsent } from '../common/transforms.js';
import { SCHEDULE_SETTINGS } from './schedule.js';

/**
 * An optional schedule: daily, weekly or off. JSON null means off too (a view shows
 * no schedule as null); an empty form value counts as absent.
 */
export const IsScheduleSetting = () =>
  applyDecorators(
    EmptyAsAbsent(),
    Transform(({ value }: { value: unknown }) =>
      value === null ? 'off' : value,
    ),
    IsOptional(),
    IsIn(SCHEDULE_SETTINGS, {
      message: `schedule must be one of ${SCHEDULE_SETTINGS.join(', ')}`,
    }),
  );

/** The schedule field as the OpenAPI document shows it in request bodies. */
export const SCHEDULE_PROPERTY = {
  enum: [...SCHEDULE_SETTINGS, null],
  type: 'string',
  nullable: true,
} as const;
