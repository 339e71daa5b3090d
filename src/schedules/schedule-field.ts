import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { EmptyAsAbsent } from '../common/transforms.js';
import type { DtoClass } from '../common/validation.js';
import { SCHEDULE_SETTINGS } from './schedule.js';
import type { ScheduleSetting } from './schedule.js';

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

/**
 * The `schedule` of a schedulable kind's create or update body, after the fields of
 * `Base`; `docs` says what a run of the kind is (and, on a create, its default).
 */
export function WithSchedule<TBase extends DtoClass>(
  Base: TBase,
  docs: Pick<ApiPropertyOptions, 'description' | 'default' | 'example'>,
) {
  abstract class ScheduleDto extends Base {
    @ApiPropertyOptional({ ...SCHEDULE_PROPERTY, ...docs })
    @IsScheduleSetting()
    schedule?: ScheduleSetting;
  }
  return ScheduleDto;
}

/** The 409 of a request that would take the account past SCHEDULES_PER_ACCOUNT. */
export function scheduleCapResponse(what: string) {
  return {
    409: `The account already has as many scheduled ${what} as SCHEDULES_PER_ACCOUNT allows (\`limit\` names it); nothing was changed.`,
  };
}
