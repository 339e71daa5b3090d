import { applyDecorators } from '@nestjs/common';
import { IsIn, IsOptional, registerDecorator } from 'class-validator';
import type { ValidationArguments, ValidationOptions } from 'class-validator';
import {
  InvalidTargetUrlError,
  parseTargetUrl,
} from '../../analysis/fetch/target-url.js';
import { DigitsAsInteger } from '../../common/transforms.js';
import { Privacy } from '../report.entity.js';

export const PASSWORD_MAX_LENGTH = 128;

/** An optional privacy: 0, 1 or 2, sent as a number or as a form's digits. */
export const IsPrivacy = () =>
  applyDecorators(
    DigitsAsInteger(),
    IsOptional(),
    IsIn([0, 1, 2], { message: 'privacy must be 0, 1 or 2' }),
  );

/** `url` must be something the analyser could fetch (API.md, "url rules"). */
export function IsTargetUrl(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTargetUrl',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string') return false;
          try {
            parseTargetUrl(value);
            return true;
          } catch (error) {
            if (error instanceof InvalidTargetUrlError) return false;
            throw error;
          }
        },
        defaultMessage(args: ValidationArguments) {
          if (args.value === undefined) return 'url is required';
          if (typeof args.value !== 'string') return 'url must be a string';
          try {
            parseTargetUrl(args.value);
            return 'url is not valid';
          } catch (error) {
            return (error as Error).message;
          }
        },
      },
    });
}

function passwordProblem(value: unknown, privacy: unknown): string | null {
  const privacyKnown =
    privacy === undefined || [0, 1, 2].includes(privacy as number);
  if (value === undefined) {
    return privacy === Privacy.Password
      ? 'password is required when privacy is 2 (password)'
      : null;
  }
  if (typeof value !== 'string') return 'password must be a string';
  if (value.length < 1 || value.length > PASSWORD_MAX_LENGTH) {
    return `password must be 1 to ${PASSWORD_MAX_LENGTH} characters long`;
  }
  if (privacyKnown && privacy !== Privacy.Password) {
    return 'password is only accepted with privacy 2 (password)';
  }
  return null;
}

/**
 * On creation a password goes with privacy 2 and only with it (privacy defaults to
 * private), and is 1 to 128 characters long.
 */
export function IsCreatePassword(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isCreatePassword',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const privacy = (args.object as { privacy?: unknown }).privacy;
          return passwordProblem(value, privacy) === null;
        },
        defaultMessage(args: ValidationArguments) {
          const privacy = (args.object as { privacy?: unknown }).privacy;
          return (
            passwordProblem(args.value, privacy) ?? 'password is not valid'
          );
        },
      },
    });
}
