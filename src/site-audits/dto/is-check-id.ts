import { registerDecorator } from 'class-validator';
import type { ValidationArguments } from 'class-validator';
import { checkEntryOf, unknownCheckIdMessage } from '../findings/findings.js';

/** A filter by check: an id the catalogue knows, so a typo is a 422, not an empty list. */
export function IsCheckId() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isCheckId',
      target: target.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          return typeof value === 'string' && checkEntryOf(value) !== undefined;
        },
        defaultMessage(args: ValidationArguments) {
          return unknownCheckIdMessage(
            args.property,
            String(args.value).slice(0, 64),
          );
        },
      },
    });
}
