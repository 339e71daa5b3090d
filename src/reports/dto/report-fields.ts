import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsOptional,
  IsString,
  Length,
  registerDecorator,
} from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import { targetUrlProblem } from '../../analysis/index.js';
import { DigitsAsInteger, EmptyAsAbsent } from '../../common/transforms.js';
import { OptionalNotNull } from '../../common/validation.js';
import { PASSWORD_MAX_LENGTH } from '../report-rules.js';
import { SCHEDULE_SETTINGS } from '../schedule.js';

/** An optional privacy: 0, 1 or 2, sent as a number or as a form's digits. */
export const IsPrivacy = () =>
  applyDecorators(
    DigitsAsInteger(),
    OptionalNotNull(),
    IsIn([0, 1, 2], { message: 'privacy must be 0, 1 or 2' }),
  );

/**
 * An optional password, 1 to 128 characters; an empty one counts as absent. Whether
 * one may be sent at all depends on the privacy (report-rules.ts).
 */
export const IsReportPassword = () =>
  applyDecorators(
    EmptyAsAbsent(),
    OptionalNotNull(),
    IsString({ message: 'password must be a string' }),
    Length(1, PASSWORD_MAX_LENGTH, {
      message: `password must be 1 to ${PASSWORD_MAX_LENGTH} characters long`,
    }),
  );

/**
 * An optional schedule: daily, weekly or off. JSON null means off too (the report
 * shows no schedule as null); an empty form value counts as absent.
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

/** `url` must be something the analyser could fetch (docs/api.md, "url rules"). */
export function IsTargetUrl() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTargetUrl',
      target: target.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          return targetUrlProblem(value) === null;
        },
        defaultMessage(args: ValidationArguments) {
          return targetUrlProblem(args.value) ?? 'url is not valid';
        },
      },
    });
}
