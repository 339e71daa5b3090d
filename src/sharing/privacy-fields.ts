import { applyDecorators } from '@nestjs/common';
import { IsIn, IsString, Length } from 'class-validator';
import { DigitsAsInteger, EmptyAsAbsent } from '../common/transforms.js';
import { OptionalNotNull } from '../common/validation.js';
import { PASSWORD_MAX_LENGTH } from './privacy.js';

/** An optional privacy: 0, 1 or 2, sent as a number or as a form's digits. */
export const IsPrivacy = () =>
  applyDecorators(
    DigitsAsInteger(),
    OptionalNotNull(),
    IsIn([0, 1, 2], { message: 'privacy must be 0, 1 or 2' }),
  );

/**
 * An optional password, 1 to 128 characters; an empty one counts as absent. Whether
 * one may be sent at all depends on the privacy (privacy.ts).
 */
export const IsSharePassword = () =>
  applyDecorators(
    EmptyAsAbsent(),
    OptionalNotNull(),
    IsString({ message: 'password must be a string' }),
    Length(1, PASSWORD_MAX_LENGTH, {
      message: `password must be 1 to ${PASSWORD_MAX_LENGTH} characters long`,
    }),
  );
